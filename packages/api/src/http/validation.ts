import { describeIssues } from '@cp/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { RequestValidationError } from './errors';

const partNames: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

/** Query strings a route's schema took a moment ago, by their parsed form: at most this many per route. */
const rememberedQueries = 200;

/** Makes a validated query read-only, arrays (a list of stages, a date range) included. */
function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * Validates request parts with their zod schemas; a failure names the field in Chinese. A query string the
 * route took a moment ago is answered from memory (a list opened again with the same filters, a page
 * refreshed): its validated form, frozen, since validating is a pure function of the text. Bodies are
 * always validated.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const validate = (data: unknown) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const issue = result.error.issues[0];
    const message =
      issue && issue.path.length === 0 && issue.code === 'invalid_type'
        ? `${partNames[httpPart ?? ''] ?? '请求参数'}${issue.message}`
        : describeIssues(schema, result.error.issues);
    return { error: new RequestValidationError(message) };
  };
  if (httpPart !== 'querystring') return validate;
  const taken = new Map<string, { value: unknown }>();
  return (data: unknown) => {
    const key = JSON.stringify(data);
    const known = taken.get(key);
    if (known) return known;
    const outcome = validate(data);
    if ('error' in outcome) return outcome;
    if (taken.size >= rememberedQueries) taken.clear();
    const kept = { value: frozen(outcome.value) };
    taken.set(key, kept);
    return kept;
  };
};

/** For parts read by hand (multipart fields): parse or throw the same error. */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new RequestValidationError(describeIssues(schema, result.error.issues));
}
