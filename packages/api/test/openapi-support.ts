import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

export interface JsonSchema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  description?: string;
  maximum?: number;
}

export interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  parameters?: Parameter[];
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDoc {
  info: { description: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface NamedOperation {
  method: string;
  path: string;
  name: string;
  operation: Operation;
}

export const operationsOf = (doc: OpenApiDoc): NamedOperation[] =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method,
      path,
      name: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

const pointerPart = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Checks answers against the document's own schemas (JSON Schema as OpenAPI 3.0 writes it: `nullable`,
 * `x-` keys, references into components), with ajv — not with the zod schemas the document came from, so
 * what is checked is what a caller reading the document is promised.
 */
export function answerChecker(doc: OpenApiDoc) {
  const ajv = new Ajv({ strict: false, allErrors: true, discriminator: false });
  addFormats(ajv, ['date', 'date-time']);
  ajv.addFormat('binary', true);
  ajv.addSchema(doc as object, 'openapi');
  return (operation: NamedOperation, body: unknown): string[] => {
    const pointer = ['paths', operation.path, operation.method, 'responses', '200', 'content', 'application/json']
      .map(pointerPart)
      .join('/');
    const validate = ajv.getSchema(`openapi#/${pointer}/schema`);
    if (!validate) return [`${operation.name}: no schema for its answer`];
    if (validate(body)) return [];
    // One line per kind of mismatch: every row of a list breaking the same rule is one problem.
    const found = new Map<string, string>();
    for (const error of validate.errors ?? []) {
      const where = error.instancePath.replace(/\/\d+(?=\/|$)/g, '/*') || '/';
      const line = `${operation.name}: ${where} ${error.message}`;
      const value = JSON.stringify(valueAt(body, error.instancePath))?.slice(0, 80);
      if (!found.has(line)) found.set(line, `${line} (${value})`);
    }
    return [...found.values()];
  };
}

function valueAt(body: unknown, pointer: string): unknown {
  let value = body;
  for (const part of pointer.split('/').slice(1)) {
    value = (value as Record<string, unknown> | undefined)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return value;
}

/** What a GET operation answers in JSON (not a file download). */
export const answersJson = ({ method, operation }: NamedOperation) =>
  method === 'get' && Boolean(operation.responses['200']?.content?.['application/json']);

export const pathParameters = ({ path }: NamedOperation) =>
  [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
