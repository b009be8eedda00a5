/**
 * What the OpenAPI document needs beyond what the routes' schemas give it, so that it is valid OpenAPI 3.0
 * under Redocly's recommended rules (`test/openapi-lint.test.ts`): a server, a license, an operationId for
 * every operation, the 4xx answer every operation can give, standard keywords only in schemas, and the
 * nullable enumerations' null.
 */

type Json = Record<string, unknown>;

/** The keywords of an OpenAPI 3.0 Schema Object; any other key of a schema goes out as an `x-` extension. */
const schemaKeywords = new Set([
  '$ref',
  'title',
  'description',
  'type',
  'format',
  'enum',
  'default',
  'nullable',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'items',
  'properties',
  'additionalProperties',
  'allOf',
  'oneOf',
  'anyOf',
  'not',
  'discriminator',
  'readOnly',
  'writeOnly',
  'xml',
  'externalDocs',
  'example',
  'deprecated',
]);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A schema as OpenAPI 3.0 reads it. The fields' own metadata (`money`, `lookup`, `files`, `options`, `hint`:
 * what the console's forms read from the zod schemas) is kept as `x-money`, `x-lookup`… A nullable enumeration
 * lists null among its values: OpenAPI 3.0.3 says `nullable` does not add it to an `enum`.
 */
function standardSchema(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, field]) => [name, standardSchema(field)]));
    } else if (key === 'items' || key === 'not' || key === 'additionalProperties') {
      out[key] = standardSchema(value);
    } else if ((key === 'allOf' || key === 'oneOf' || key === 'anyOf') && Array.isArray(value)) {
      out[key] = value.map(standardSchema);
    } else if (schemaKeywords.has(key) || key.startsWith('x-')) {
      out[key] = value;
    } else {
      out[`x-${key}`] = value;
    }
  }
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out;
}

/** `GET /api/vehicles/{id}/history` → `getVehiclesByIdHistory`: unique as method and path are. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment)?.[1];
      return (parameter ? `by-${parameter}` : segment).split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join('');
}

/** The answer of a request whose address the router cannot take apart, to any operation (`frameworkErrors`). */
const unroutable = {
  description:
    '请求地址无效：路径中的百分号编码有误，或路径参数超出长度（code 400，msg 为“请求地址无效”）。' +
    '业务与校验错误不以 HTTP 4xx 返回，见 200 的 code 与 msg。',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
};

const failure = {
  type: 'object',
  title: '失败的应答',
  properties: {
    code: { type: 'integer', description: '非 0，见错误码表' },
    msg: { type: 'string', description: '原因' },
    data: { type: 'object', nullable: true, description: '一般为 null；个别错误附带说明（如导入未通过的行）' },
    isSuccess: { type: 'boolean', enum: [false] },
    requestId: { type: 'string', description: '请求编号' },
  },
  required: ['code', 'msg', 'data', 'isSuccess'],
};

/**
 * Marks an operation whose form may be left out (token login, with the token in a header): the swagger plugin
 * copies `x-` keys of a route's schema to its operation, and says every body it documents is required.
 */
export const optionalBody = 'x-optional-body';

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** A wildcard route's `{*}` (the rest of the path, slashes and all) as a named parameter OpenAPI can declare. */
const wildcard = { from: '{*}', to: '{path}', name: 'path', description: '文件路径，可含多级目录' };

function operation(method: string, path: string, source: Json): Json {
  const parameters = Array.isArray(source.parameters)
    ? source.parameters.map((parameter: Json) => {
        const named =
          parameter.in === 'path' && parameter.name === '*'
            ? { ...parameter, name: wildcard.name, description: wildcard.description }
            : parameter;
        return { ...named, schema: standardSchema(named.schema) };
      })
    : undefined;
  const { [optionalBody]: optional, ...rest } = source;
  const body = isObject(source.requestBody) ? withSchemas(source.requestBody) : undefined;
  const requestBody = body && optional ? { ...body, required: false } : body;
  const responses = Object.fromEntries(
    Object.entries(isObject(source.responses) ? source.responses : {}).map(([status, answer]) => [
      status,
      withSchemas(answer as Json),
    ]),
  );
  return {
    ...rest,
    operationId: source.operationId ?? operationIdOf(method, path),
    ...(parameters ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { ...responses, '400': responses['400'] ?? unroutable },
  };
}

/** A request body's or an answer's content, each media type's schema made standard. */
function withSchemas(part: Json): Json {
  if (!isObject(part.content)) return part;
  const content = Object.fromEntries(
    Object.entries(part.content as Record<string, Json>).map(([type, media]) => [
      type,
      { ...media, schema: standardSchema(media.schema) },
    ]),
  );
  return { ...part, content };
}

/** The document `@fastify/swagger` built, made valid under Redocly's recommended rules. */
export function finishedDocument<T extends Json>(document: T): T {
  const paths = isObject(document.paths) ? document.paths : {};
  const finished: Json = {};
  const ids = new Map<string, string>();
  for (const [sourcePath, methods] of Object.entries(paths)) {
    const path = sourcePath.replace(wildcard.from, wildcard.to);
    const item: Json = {};
    for (const [method, source] of Object.entries(methods as Json)) {
      if (!httpMethods.has(method) || !isObject(source)) {
        item[method] = source;
        continue;
      }
      const done = operation(method, path, source);
      const id = done.operationId as string;
      const taken = ids.get(id);
      if (taken) throw new Error(`operationId ${id} of ${method} ${path} is also ${taken}'s`);
      ids.set(id, `${method} ${path}`);
      item[method] = done;
    }
    finished[path] = item;
  }
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  return {
    ...document,
    paths: finished,
    components: {
      ...components,
      schemas: {
        ...Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, standardSchema(schema)])),
        Failure: failure,
      },
    },
  };
}
