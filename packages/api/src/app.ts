import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { registerAuditTrail } from './audit/service';
import { atBusinessTime } from './clock';
import { type Config, trustProxyOption } from './config';
import type { Database } from './db';
import { exportRoutes } from './exports/routes';
import { familyRoutes } from './families';
import { features } from './features.generated';
import { fileDownloadRoutes } from './files/download-routes';
import { fileRoutes } from './files/routes';
import { templateRoutes } from './files/template-routes';
import { healthRoutes } from './health';
import { homeRoutes } from './home/routes';
import { registerAccessControl } from './http/access';
import { registerErrorHandler } from './http/error-handler';
import { registerOpenApi } from './http/openapi';
import { redactUrl } from './http/redact';
import { failure } from './http/reply';
import { jsonSerializerCompiler } from './http/schemas';
import { registerSecurityHeaders } from './http/security-headers';
import { closeUnreadBodies } from './http/unread-body';
import { zodValidatorCompiler } from './http/validation';
import { PendingRegistry } from './identity/pending';
import { identityRoutes } from './identity/routes';
import { startSessionCaches } from './identity/session-cache';
import { registerJobRunner } from './jobs/plugin';
import { lookupRoutes } from './lookups/routes';
import { preferenceRoutes } from './preferences/routes';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Log to stdout (the server) or stay quiet (tests). */
  logger?: boolean;
  /** Where the log goes, when not stdout (a test reading what is logged). */
  logStream?: { write(line: string): void };
  /**
   * Let a request name the business clock's moment (`x-business-time`): only the demo history's own app,
   * which replays past days through the API (seed/lease-history.ts), is built with it; a server never is.
   */
  businessTimeHeader?: boolean;
}

function refuseUnroutableUrl(_error: Error, request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(400).send(failure(400, '请求地址无效', String(request.id)));
}

export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  businessTimeHeader = false,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          ...(logStream ? { stream: logStream } : {}),
          // Tokens travel in some URLs (a page opened with ?token=, signed links): never into the log.
          serializers: {
            req: (request: FastifyRequest) => ({
              method: request.method,
              url: redactUrl(request.url),
              remoteAddress: request.ip,
            }),
          },
        }
      : false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // A path the router cannot take apart (a broken %-escape, a parameter past its length) is the caller's
    // mistake: answered in the console's envelope and words, like every other refusal.
    frameworkErrors: refuseUnroutableUrl,
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  // Set as the request arrives (a plain callback, no promise): the header stays on whatever is sent, an
  // error or a 404 included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  if (businessTimeHeader) {
    // The first preHandler: the handler and all it awaits run on the request's business clock (a body is
    // parsed before it, on stream events that would not carry the clock).
    app.addHook('preHandler', (request, _reply, done) => {
      const at = request.headers['x-business-time'];
      if (typeof at === 'string') atBusinessTime(new Date(at), done);
      else done();
    });
  }

  registerErrorHandler(app, config.bodyLimitBytes);
  registerSecurityHeaders(app, config.webDist);
  const stopSessionCaches = await startSessionCaches(database, config);
  app.addHook('onClose', stopSessionCaches);
  registerAccessControl(app, { db: database.db, config });
  registerAuditTrail(app, database.db);
  await registerOpenApi(app);
  closeUnreadBodies(app);

  // Hooks of families read it (the sign-up link base, where uploaded files are kept).
  app.decorate('config', config);
  const pending = new PendingRegistry();
  const deps = { db: database.db, config, pending, database };
  await app.register(healthRoutes, deps);
  await app.register(identityRoutes, deps);
  await app.register(homeRoutes, deps);
  await app.register(lookupRoutes, deps);
  await app.register(familyRoutes, deps);
  registerJobRunner(app, deps);
  await app.register(fileRoutes, deps);
  await app.register(fileDownloadRoutes, deps);
  await app.register(templateRoutes, deps);
  await app.register(exportRoutes, deps);
  await app.register(preferenceRoutes, deps);
  // Each feature folder's routes of its own (after the job runner: they may define job kinds).
  for (const feature of features) for (const routes of feature.routes ?? []) await app.register(routes, deps);

  await serveWebApp(app, config.webDist);
  return app;
}

/** The built console with history fallback, so every console path survives a reload. */
async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes .br and .gz copies (packages/web/precompress.ts): sent to browsers that take them.
    preCompressed: true,
    // Built assets carry a content hash in their names: a browser keeps them until the app is rebuilt.
    // Other files (the favicon, the manual) may change with a release: an hour.
    setHeaders(response, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      response.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      // Which copy was sent depends on Accept-Encoding: a shared cache must keep them apart.
      response.setHeader('vary', 'Accept-Encoding');
    },
  });
  app.get('/*', async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
    // The path as the router decoded it: `/%61pi/…` is an API path too.
    const url = `/${request.params['*']}`;
    if (url.startsWith('/api') || /\.[a-z0-9]+$/i.test(url)) return reply.callNotFound();
    // index.html names the assets of the current build, so a browser asks for it again every time.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
