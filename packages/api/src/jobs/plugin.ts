import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import { JobRunner } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job runner: features define their job kinds on it while they register. */
    jobs: JobRunner;
  }
}

/** The background worker of this process: starts when the app is ready (unless JOB_WORKER=0), stops on close. */
export function registerJobRunner(app: FastifyInstance, { db, config }: { db: Db; config: Config }): void {
  const runner = new JobRunner({ db, config, log: app.log.child({ module: 'jobs' }) });
  app.decorate('jobs', runner);
  app.addHook('onReady', async () => {
    if (config.jobs.worker) await runner.start();
  });
  app.addHook('onClose', async () => {
    await runner.stop();
  });
}
