import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run keeps its seeded databases to copy (harness.ts `seededDatabase`). */
    testTemplates: { folder: string; runId: string };
  }
}

/** The API suite's global setup: a folder for this run's database templates, removed with them at the end. */
export default function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  const folder = path.join(tmpdir(), `cp-templates-${runId}`);
  mkdirSync(folder, { recursive: true });
  project.provide('testTemplates', { folder, runId });
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    const url = process.env.DATABASE_URL;
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
        `cp_tpl_${runId}_%`,
      ]);
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
