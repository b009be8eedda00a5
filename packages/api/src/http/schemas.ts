import { refusalEnvelope } from '@cp/contracts';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySerializerCompiler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The server as routes see it: request parts are typed from their zod schemas and a handler's answer from
 * its response schema, so a schema change that a handler does not follow fails the build.
 */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A plugin registering routes on the typed server, with its dependencies as options. */
export type RoutePlugin<Deps extends object> = FastifyPluginAsyncZod<Deps>;

/**
 * Response schemas document the answer and type the handler; they do not shape what is sent. Answers are
 * sent with `JSON.stringify`, as before there were response schemas: a schema-driven serializer would drop
 * the fields a schema does not name (a family's extra columns) or, validating, cost time on every list page.
 */
export const jsonSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/** The body of a file download, as the document shows it. */
const fileBody = z.unknown().meta({ type: 'string', format: 'binary' });

/**
 * The answers of a route that sends a file (`sendFile`): the file, a part of it for a `Range` request, or an
 * envelope with HTTP 416 for a range it cannot serve.
 */
export function fileResponses(description: string, contentType = 'application/octet-stream') {
  const file = { [contentType]: { schema: fileBody } };
  return {
    200: { description, content: file },
    206: { description: `${description}（Range 请求的部分内容）`, content: file },
    416: refusalEnvelope,
  };
}
