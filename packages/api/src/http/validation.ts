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

/** Validates request parts with their zod schemas; a failure names the field in Chinese. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const issue = result.error.issues[0];
    const message =
      issue && issue.path.length === 0 && issue.code === 'invalid_type'
        ? `${partNames[httpPart ?? ''] ?? '请求参数'}${issue.message}`
        : describeIssues(schema, result.error.issues);
    return { error: new RequestValidationError(message) };
  };

/** For parts read by hand (multipart fields): parse or throw the same error. */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new RequestValidationError(describeIssues(schema, result.error.issues));
}
