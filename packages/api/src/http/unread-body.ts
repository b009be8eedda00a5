import type { FastifyInstance } from 'fastify';

/**
 * An answer given before the request's body was read to its end — an upload refused at its size limit, a file
 * of the wrong type, a multipart request without a session — closes the connection after it. Without this the
 * parser stops reading, nothing closes the connection, and the client keeps sending into it: a 20 MB file sent
 * to an import route (limit 2 MB) waited 74 s for its answer. With `Connection: close` Node ends the connection
 * once the answer is written; the client stops sending and reads the answer (`unread-body.test.ts` "answers an
 * upload over the limit at once and closes the connection").
 */
export function closeUnreadBodies(app: FastifyInstance): void {
  // A plain callback: it runs on every answer, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    if (!raw.complete && !raw.readableEnded) reply.header('connection', 'close');
    done(null, payload);
  });
}
