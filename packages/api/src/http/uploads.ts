import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * The multipart parser, registered in the scope of the routes that read a form (login, uploads, imports)
 * and nowhere else: it hooks every request of its scope twice (a listener on the socket's close, a cleanup
 * after the answer), which a list page has no use for. A multipart body sent to any other route is refused
 * as an unsupported media type (415).
 */
export async function acceptMultipart(scope: FastifyInstance, files: Config['files']): Promise<void> {
  await scope.register(fastifyMultipart, {
    limits: { fileSize: files.maxFileMb * 1024 * 1024 + 1, files: files.maxFiles, fields: 50 },
  });
}
