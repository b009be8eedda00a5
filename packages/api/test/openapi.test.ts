import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRequestHeaders } from '../src/appApi/keys';
import { rowsOf } from '../src/db/migrate';
import { appClient } from './app-support';
import { multipart, samples } from './files-support';
import { startTestApp, type TestContext } from './harness';
import {
  answerChecker,
  answersJson,
  type JsonSchema,
  type NamedOperation,
  type OpenApiDoc,
  type Operation,
  operationsOf,
  type Parameter,
  pathParameters,
} from './openapi-support';

let ctx: TestContext;
let doc: OpenApiDoc;
beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDoc;
});
afterAll(() => ctx.close());

const operations = () => operationsOf(doc);
const isPrimitive = (value: unknown) => typeof value === 'string' || typeof value === 'number';
const withToken = (form: ReturnType<typeof multipart>, token: string) => ({
  payload: form.payload,
  headers: { ...form.headers, token },
});
const isRow = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'id' in value;

/** The schema a `$ref` points at, or the schema itself. */
function resolved(schema: JsonSchema | undefined): JsonSchema | undefined {
  const ref = schema?.$ref;
  if (!ref) return schema;
  return doc.components.schemas[ref.replace('#/components/schemas/', '')];
}

/** What `data` holds in the 200 answer of an operation, as the document describes it. */
function dataOf(operation: Operation | undefined): JsonSchema | undefined {
  const envelopeSchema = resolved(operation?.responses['200']?.content?.['application/json']?.schema);
  return resolved(envelopeSchema?.properties?.data);
}

/** The operations that answer with a file rather than an envelope. */
const fileDownloads = [
  'GET /api/files/signed/{path}',
  'GET /api/files/public/{path}',
  'GET /api/gateway/storage/templates/{kind}',
  'GET /api/qr-codes/{id}/qr.png',
];

describe('OpenAPI document', () => {
  it('is served without a session and lists the operations with their schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(doc.paths['/api/auth/login']?.post?.security).toEqual([]);
    expect(doc.paths['/api/health']?.get?.security).toEqual([]);
    expect(doc.paths['/api/user/info']?.get?.security).toEqual([{ token: [] }]);
    // The app's inbound API: its key, timestamp and nonce (and the driver where a route requires one).
    expect(doc.paths['/api/app/caller']?.get?.security).toEqual([{ appKey: [], appTimestamp: [], appNonce: [] }]);
    expect(doc.paths['/api/roles']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/roles']?.get?.parameters?.length).toBeGreaterThan(0);
    expect(doc.info.description).toContain('| 1002 | 登录已过期，请重新登录 |');
  });

  it('declares the forms handlers read themselves: login, token login, uploads and imports', () => {
    const login = doc.paths['/api/auth/login']?.post?.requestBody;
    const credentials = { type: 'object', required: ['loginId', 'password'] };
    expect(login).toMatchObject({
      required: true,
      content: { 'multipart/form-data': { schema: credentials }, 'application/json': { schema: credentials } },
    });
    expect(doc.paths['/api/auth/token-login']?.post?.requestBody).toMatchObject({
      required: false,
      content: { 'multipart/form-data': { schema: { properties: { token: { type: 'string' } } } } },
    });
    const file = { type: 'string', format: 'binary', title: '文件' };
    expect(doc.paths['/api/vehicles/import']?.post?.requestBody?.content).toEqual({
      'multipart/form-data': { schema: { type: 'object', properties: { file }, required: ['file'] } },
    });
    expect(
      doc.paths['/api/gateway/storage/file/private']?.post?.requestBody?.content['multipart/form-data']?.schema,
    ).toMatchObject({ properties: { file: { type: 'array', items: { type: 'string', format: 'binary' } } } });
  });

  it('describes what every JSON operation answers inside the envelope', () => {
    const undescribed = operations()
      .filter(({ name }) => !fileDownloads.includes(name))
      .filter(({ operation }) => {
        const envelopeSchema = resolved(operation.responses['200']?.content?.['application/json']?.schema);
        const fields = Object.keys(envelopeSchema?.properties ?? {});
        const data = dataOf(operation);
        const described = data !== undefined && Object.keys(data).some((key) => key !== 'description');
        return !['code', 'msg', 'data', 'isSuccess'].every((field) => fields.includes(field)) || !described;
      })
      .map(({ name }) => name);
    expect(operations().length).toBeGreaterThan(100);
    expect(undescribed).toEqual([]);
  });

  it('documents file downloads as binary content', () => {
    for (const name of fileDownloads) {
      const operation = operations().find((candidate) => candidate.name === name)?.operation;
      const contents = Object.values(operation?.responses['200']?.content ?? {});
      expect(
        contents.map(({ schema }) => schema),
        name,
      ).toEqual([{ type: 'string', format: 'binary' }]);
    }
  });

  it('names the fields of a vehicle list row and of a whole vehicle', () => {
    const page = dataOf(doc.paths['/api/vehicles']?.get);
    const item = resolved(page?.properties?.list?.items);
    expect(Object.keys(page?.properties ?? {})).toEqual(['list', 'total', 'totalExact', 'page', 'limit']);
    expect(item?.properties).toMatchObject({
      id: { type: 'string' },
      plateNo: { type: 'string', title: '车牌号' },
      vin: { type: 'string', title: '车架号' },
      cityId: { type: 'string' },
      cityName: { type: 'string' },
      stage: { enum: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, null] },
      labels: { type: 'array', items: { type: 'string' } },
      updatedAt: { type: 'string', format: 'date-time' },
    });
    // A list page reads the list columns only.
    expect(item?.properties).not.toHaveProperty('engineNo');
    const vehicle = dataOf(doc.paths['/api/vehicles/{id}']?.get);
    expect(vehicle?.properties).toHaveProperty('engineNo');
    expect(vehicle?.properties).toHaveProperty('fileNames');
    expect(dataOf(doc.paths['/api/vehicles/{id}']?.put)).toEqual(vehicle);
  });

  it('documents the menu tree of the user info once, as a named schema', () => {
    const info = dataOf(doc.paths['/api/user/info']?.get);
    expect(info?.properties?.menuData).toEqual({ type: 'array', items: { $ref: '#/components/schemas/MenuNode' } });
    expect(doc.components.schemas.MenuNode?.properties?.children?.items).toEqual({
      $ref: '#/components/schemas/MenuNode',
    });
    expect(Object.keys(doc.components.schemas).filter((id) => id.endsWith('Input'))).toEqual([]);
  });

  it('answers every GET operation as its declared schema says, with the demo data', async () => {
    const token = await ctx.login('admin', 'admin123');
    const check = answerChecker(doc);
    const rows = new Map<string, Record<string, unknown>[]>();
    const problems: string[] = [];
    let called = 0;
    // A download record to read the link of: an export, made.
    await ctx.request({ method: 'POST', url: '/api/exports', token, payload: { kind: 'roleManagement', filters: {} } });
    await ctx.app.jobs.runUntilIdle();
    // A company contract to open: a PDF, uploaded.
    const contract = await ctx.app.inject({
      method: 'POST',
      url: '/api/gateway/storage/file/private',
      ...withToken(multipart([{ name: '企业合同.pdf', content: samples.pdf, type: 'application/pdf' }]), token),
    });
    const app = await appClient(ctx, '北京分公司');
    const contractLocation = (contract.json() as { data: { fileLocation: string } }).data.fileLocation;

    /** Ids of the families no list screen shows, from their tables, in the branch company the admin is in. */
    const unlisted = async (collection: string) => {
      const [vehicle] = rows.get('/api/vehicles') ?? [];
      const tenant = sql`(select tenant_id from vehicles where id = ${Number(vehicle?.id)})`;
      const table: Record<string, SQL> = {
        '/api/customers/government': sql`select id from customers where kind = 1 and tenant_id = ${tenant}`,
        '/api/customers/distributors': sql`select id from customers where kind = 2 and tenant_id = ${tenant}`,
        '/api/customers/personal': sql`select id from customers where kind = 3 and tenant_id = ${tenant}`,
        '/api/retail-work-orders': sql`select id from retail_work_orders where tenant_id = ${tenant}`,
        '/api/product-quotes': sql`select id from product_quotes where tenant_id = ${tenant}`,
        // 营销政策详情 is a policy's report, opened from 政策详情: its id is the policy's.
        '/api/policy-reports': sql`select id from policies where tenant_id = ${tenant}`,
        // 安全内容统计 is a safety content's figures, opened from its row: its id is the content's.
        '/api/safety-content-reports': sql`select id from safety_contents where tenant_id = ${tenant}`,
      };
      const query = table[collection];
      if (!query) return undefined;
      const [row] = rowsOf<{ id: string }>(await ctx.database.db.execute(sql`${query} order by id limit 1`));
      return row?.id;
    };

    /** A value for a parameter: an id from the rows of the list it belongs to, else a field of that name. */
    const valueFor = async ({ name, path }: NamedOperation, parameter: Parameter): Promise<unknown> => {
      if (parameter.schema.enum?.length) return parameter.schema.enum[0];
      if (parameter.name === 'id') {
        const collection = path.slice(0, path.indexOf('/{id}'));
        const lists = [...rows].filter(([list]) => list === collection || list.startsWith(`${collection}/views/`));
        return lists.flatMap(([, listRows]) => listRows)[0]?.id ?? (await unlisted(collection));
      }
      if (parameter.name === 'screen') return 'vehicleList';
      if (parameter.name === 'fileLocation') {
        if (name.includes('company-contract')) return contractLocation;
        // A stored file of a row (its `fileNames`).
        return [...rows.values()].flat().flatMap((row) => Object.keys(row.fileNames ?? {}))[0];
      }
      const named = [...rows.values()].flat().find((row) => isPrimitive(row[parameter.name]));
      return named?.[parameter.name];
    };

    const call = async (operation: NamedOperation) => {
      const query = new URLSearchParams();
      let url = operation.path;
      for (const parameter of operation.operation.parameters ?? []) {
        // A long page, or the most the operation takes (the app's map of stations: 50).
        if (parameter.in === 'query' && parameter.name === 'limit') {
          query.set('limit', String(Math.min(200, parameter.schema.maximum ?? 200)));
        }
        if (!parameter.required) continue;
        const value = await valueFor(operation, parameter);
        if (value === undefined) return problems.push(`${operation.name}: no value for ${parameter.name}`);
        if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
        else query.set(parameter.name, String(value));
      }
      called++;
      // An operation of the app's inbound API is called as the app calls it, for a driver of the admin's branch.
      const fromApp = (operation.operation.security ?? []).some((needs) => 'appKey' in (needs as object));
      const headers = fromApp ? appRequestHeaders(app.grant, app.driverIds[0]) : { token };
      const response = await ctx.app.inject({ method: 'GET', url: `${url}?${query}`, headers });
      const body = response.json() as { code: number; msg: string; data: unknown };
      if (response.statusCode !== 200 || body.code !== 0) {
        return problems.push(`${operation.name}: ${url} answered ${response.statusCode}/${body.code} ${body.msg}`);
      }
      problems.push(...check(operation, body));
      const list = Array.isArray(body.data) ? body.data : (body.data as { list?: unknown })?.list;
      if (Array.isArray(list)) rows.set(operation.path, list as Record<string, unknown>[]);
      else if (isRow(body.data)) rows.set(`${operation.path}#${url}`, [body.data]);
    };

    // Lists first, then what takes a value from their rows: a detail, its history, a row's sensitive field, a
    // stored file of a detail.
    const reads = operationsOf(doc).filter(answersJson);
    const needs = (operation: NamedOperation) =>
      pathParameters(operation).length * 2 +
      (operation.operation.parameters ?? []).filter((parameter) => parameter.in === 'query' && parameter.required)
        .length *
        3;
    for (const operation of reads.sort((a, b) => needs(a) - needs(b))) await call(operation);
    expect(problems).toEqual([]);
    expect(called).toBe(reads.length);
    expect(reads.length).toBeGreaterThan(300);
  });

  it('declares the 400 every operation answers to an address the router cannot take apart', async () => {
    const answers = await Promise.all(
      operations().map(async ({ method, path, name, operation }) => {
        // A broken escape where a parameter goes, or at the end of an address without one.
        const url = path.includes('{') ? path.replace(/\{[^}]+\}/g, '%zz') : `${path}%zz`;
        const response = await ctx.app.inject({ method: method.toUpperCase() as 'GET', url });
        const declared = operation.responses['400']?.content?.['application/json']?.schema;
        return { name, status: response.statusCode, body: response.json() as Record<string, unknown>, declared };
      }),
    );
    const wrong = answers.filter(
      ({ status, body, declared }) =>
        status !== 400 ||
        body.code !== 400 ||
        body.msg !== '请求地址无效' ||
        body.isSuccess !== false ||
        declared?.$ref !== '#/components/schemas/Failure',
    );
    expect(wrong.map(({ name, status, body }) => `${name} → ${status} ${JSON.stringify(body)}`)).toEqual([]);
  });

  it('serves the explorer at /api/docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
