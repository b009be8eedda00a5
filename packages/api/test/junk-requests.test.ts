import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';
import {
  encodedText,
  fieldOf,
  hostileTexts,
  hostileValue,
  type JsonSchema,
  type JunkRequest,
  multipartBody,
  objectOf,
  rawEncodings,
} from './junk-support';

/**
 * Walks the OpenAPI document and sends every operation generated junk — each parameter's declared type
 * mixed with NUL bytes, lone surrogates, huge and negative numbers, impossible dates, very long text,
 * wrong types and nested objects — as the super admin. Whatever comes back, never a 500.
 *
 * Nothing is excluded. Two inputs are narrowed so the walk does not saw off the branch it sits on:
 * - the super admin's own account is not among the known ids of `/api/users/{id}…`: 重置密码 of it would
 *   change the password the walk logs in with (junk ids, and every other account, are still sent);
 * - junk logins come from another client address than the walk's own, so their failures do not throttle it.
 * Logout, switching branch and token login end or replace the walk's session: the next request logs in again.
 *
 * Each operation gets JUNK_RUNS generated requests (12 by default); a failure names its seed, and
 * JUNK_SEED=<seed> replays it.
 */

interface Operation {
  summary?: string;
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
type OpenApiDoc = { paths: Record<string, Record<string, Operation>> };

/** What the error handler's last line of defence says (`db-errors.ts`): a schema should have named the field. */
const databaseWords = new Set([
  '数值超出允许的范围',
  '文本超出允许的长度',
  '文本包含无效字符',
  '数据格式不正确',
  '日期或时间无效',
]);

const runsPerOperation = Number(process.env.JUNK_RUNS ?? 12);
const junkAddress = '10.9.9.9';

let ctx: TestContext;
/** The error behind each 500, by request id: what the report names. */
const serverErrors = new Map<string, string>();

beforeAll(async () => {
  ctx = await startTestApp(
    {},
    {
      demoVehiclesPerTenant: 12,
      async extend(app) {
        app.addHook('onError', async (request, _reply, error) => {
          const code =
            (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
          serverErrors.set(request.id, `${error.name}${code ? ` ${code}` : ''}: ${error.message.slice(0, 160)}`);
        });
      },
    },
  );
});
afterAll(() => ctx.close());

/** The walk's session: logs in again whenever a request ended or replaced it. */
function session() {
  let token: string | undefined;
  return {
    async token() {
      token ??= await ctx.login('admin', 'admin123');
      return token;
    },
    drop() {
      token = undefined;
    },
  };
}

const bodyless = new Set(['get', 'delete', 'head']);
const brokenJson = ['{"a":', '[1,2', '"\\ud800"', 'null', '1e999', '{"__proto__":{"x":1}}', ''];

/** Values of real rows by field name (`cityId`, `kind`, `version`…): junk that gets past validation. */
type Hints = Record<string, unknown[]>;

function pathOf(path: string, operation: Operation, ids: Map<string, string[]>, hints: Hints) {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
  const collection = path.slice(0, path.indexOf('/{'));
  const segment = (name: string): fc.Arbitrary<string> => {
    const junk = fc.oneof(fc.constantFrom(...hostileTexts).map(encodedText), fc.constantFrom(...rawEncodings));
    if (name === 'id') {
      const known = ids.get(collection) ?? [];
      const numbers = fc.oneof(fc.integer({ min: 100_000, max: 2 ** 31 }), fc.constantFrom(0, -1, 2 ** 63));
      const guesses = [numbers.map(String), junk, junk];
      return known.length
        ? fc.oneof(fc.constantFrom(...known), fc.constantFrom(...known), ...guesses)
        : fc.oneof(...guesses);
    }
    if (name === 'path')
      return fc
        .array(fc.oneof(fc.string(), junk), { minLength: 1, maxLength: 3 })
        .map((parts) => parts.map((part) => encodedText(part)).join('/'));
    const schema =
      operation.parameters?.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema ?? {};
    return fc.oneof(fieldOf(schema, hints, name).map(encodedText), junk);
  };
  return fc
    .tuple(...names.map(segment))
    .map((values) => names.reduce((url, name, index) => url.replace(`{${name}}`, values[index] ?? ''), path));
}

function queryOf(operation: Operation, hints: Hints): fc.Arbitrary<string> {
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
  const value = (name: string, schema: JsonSchema) =>
    fc.oneof(
      { weight: 4, arbitrary: fieldOf(schema, hints, name).map((v) => [encodedText(v)]) },
      { weight: 1, arbitrary: fc.constantFrom(...rawEncodings).map((v) => [v]) },
      // A repeated key arrives as an array.
      {
        weight: 1,
        arbitrary: fc.tuple(fc.constantFrom(...hostileTexts), fc.string()).map((vs) => vs.map(encodedText)),
      },
    );
  const pairs = parameters.map(({ name, schema }) =>
    fc.option(value(name, schema), { nil: undefined, freq: 2 }).map((values) => values?.map((v) => `${name}=${v}`)),
  );
  const stray = fc.option(fc.constantFrom('junk=1', 'page[]=1', '__proto__=x', 'a%00=1'), { nil: undefined, freq: 8 });
  return fc.tuple(fc.tuple(...pairs), stray).map(([present, extra]) => {
    const parts = present.flatMap((values) => values ?? []);
    if (extra) parts.push(extra);
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

function bodyOf(method: string, operation: Operation, hints: Hints) {
  type Body = { contentType?: string; payload?: string };
  if (bodyless.has(method)) return fc.constant<Body>({});
  const json = operation.requestBody?.content['application/json']?.schema;
  const junkJson = fc.oneof(
    hostileValue.map((value) => JSON.stringify(value) ?? 'null'),
    fc.constantFrom(...brokenJson),
  );
  if (json) {
    return fc
      .oneof(
        { weight: 8, arbitrary: objectOf(json, hints).map((value) => JSON.stringify(value)) },
        { weight: 2, arbitrary: junkJson },
      )
      .map((payload): Body => ({ contentType: 'application/json', payload }));
  }
  // Upload, import and login routes read their bodies by hand (multipart or JSON): junk of both kinds.
  return fc.oneof(
    fc.constant<Body>({}),
    multipartBody,
    objectOf({}, hints).map((value): Body => ({ contentType: 'application/json', payload: JSON.stringify(value) })),
    junkJson.map((payload): Body => ({ contentType: 'application/json', payload })),
  );
}

function requestOf(method: string, path: string, operation: Operation, ids: Map<string, string[]>, hints: Hints) {
  return fc
    .tuple(pathOf(path, operation, ids, hints), queryOf(operation, hints), bodyOf(method, operation, hints))
    .map(([url, query, body]): JunkRequest => {
      const headers: Record<string, string> = body.contentType ? { 'content-type': body.contentType } : {};
      return {
        method: method.toUpperCase(),
        url: `${url}${query}`,
        headers,
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
      };
    });
}

/** The ids of a few rows of each collection a path's `{id}` names, and the values of those rows by field name. */
async function knownRows(doc: OpenApiDoc, token: string) {
  const ids = new Map<string, string[]>();
  const hints: Hints = { version: [1, 2] };
  const collections = new Set(
    Object.keys(doc.paths)
      .filter((path) => path.includes('/{id}'))
      .map((path) => path.slice(0, path.indexOf('/{'))),
  );
  for (const collection of collections) {
    const answer = await ctx.request<{ list?: Record<string, unknown>[] }>({
      method: 'GET',
      url: `${collection}?limit=3`,
      token,
    });
    const rows = answer.data?.list ?? [];
    const others = rows.filter((row) => !(collection === '/api/users' && row.loginId === 'admin'));
    ids.set(
      collection,
      others.map((row) => String(row.id)),
    );
    for (const row of rows) {
      for (const [name, value] of Object.entries(row)) {
        if (name === 'id' || value === null || typeof value === 'object') continue;
        hints[name] = [...(hints[name] ?? []), value];
      }
    }
  }
  const kinds = await ctx.request<{ kind: string }[]>({ method: 'GET', url: '/api/exports/kinds', token });
  hints.kind = (kinds.data ?? []).map((entry) => entry.kind);
  hints.appId = ['cp-console'];
  return { ids, hints };
}

describe('junk requests', () => {
  it('no operation of the OpenAPI document answers generated junk with a 500', async () => {
    const doc = ctx.app.swagger() as unknown as OpenApiDoc;
    const walk = session();
    const { ids, hints } = await knownRows(doc, await walk.token());
    const failures: string[] = [];
    let operations = 0;
    let requests = 0;
    const answers = new Map<string, number>();

    const send = async (junk: JunkRequest) => {
      requests++;
      const token = await walk.token();
      const response = await ctx.app.inject({
        ...junk,
        headers: { ...junk.headers, token },
        remoteAddress: junkAddress,
      });
      let code: number | undefined;
      let requestId: string | undefined;
      let msg: string | undefined;
      if (String(response.headers['content-type'] ?? '').includes('application/json')) {
        const body = response.json() as { code?: number; msg?: string; requestId?: string };
        ({ code, msg, requestId } = body);
      }
      if (code === 1001 || code === 1002 || /\/auth\/(logout|token-login)|switch-account/.test(junk.url)) walk.drop();
      const key = String(code ?? response.statusCode);
      answers.set(key, (answers.get(key) ?? 0) + 1);
      return { status: response.statusCode, code, msg, requestId };
    };

    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations++;
        // The last failing run is the shrunk counterexample: what the report shows.
        let failed = '';
        const property = fc.asyncProperty(requestOf(method, path, operation, ids, hints), async (junk) => {
          const sent = `${junk.method} ${junk.url} ${String(junk.payload ?? '').slice(0, 200)}`;
          try {
            const answer = await send(junk);
            // Envelope codes of 500–999 are server faults; 1000 and up are business answers. The database's
            // refusals in general words mean the schema let junk through to it: the field goes unnamed.
            const fault =
              answer.status >= 500 || (typeof answer.code === 'number' && answer.code >= 500 && answer.code < 1000);
            if (!fault && !databaseWords.has(answer.msg ?? '')) return true;
            const cause = (answer.requestId && serverErrors.get(answer.requestId)) || answer.msg;
            failed = `${sent} → ${answer.status}/${answer.code} ${cause}`;
            return false;
          } catch (error) {
            failed = `${sent} threw ${String(error).slice(0, 200)}`;
            throw error;
          }
        });
        const result = await fc.check(property, {
          numRuns: runsPerOperation,
          ...(process.env.JUNK_SEED ? { seed: Number(process.env.JUNK_SEED) } : {}),
        });
        if (result.failed) failures.push(`${method.toUpperCase()} ${path} (seed ${result.seed}): ${failed}`);
      }
    }
    const byCode = [...answers].map(([code, count]) => `${code}×${count}`).join(' ');
    console.info(`junk walk: ${operations} operations, ${requests} requests; answers by code: ${byCode}`);
    expect(operations).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 300_000);
});
