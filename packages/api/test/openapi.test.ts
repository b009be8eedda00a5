import {
  envelope,
  inspectionResource,
  lookupOption,
  pageOf,
  roleDto,
  rowSchema,
  userInfo,
  userResource,
  vehicleResource,
} from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let doc: OpenApiDoc;
beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 20 });
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDoc;
});
afterAll(() => ctx.close());

interface JsonSchema {
  $ref?: string;
  type?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  description?: string;
}

interface Operation {
  security?: unknown[];
  requestBody?: unknown;
  parameters?: unknown[];
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

interface OpenApiDoc {
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  );

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
  'GET /api/files/signed/{*}',
  'GET /api/files/public/{*}',
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
    expect(doc.paths['/api/roles']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/roles']?.get?.parameters?.length).toBeGreaterThan(0);
    expect(doc.info.description).toContain('| 1002 | 登录已过期，请重新登录 |');
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
      stage: { enum: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] },
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

  it('describes what the API really answers', async () => {
    const token = await ctx.login('admin', 'admin123');
    const answers = async (url: string, schema: z.ZodType) => {
      const body = await ctx.request({ method: 'GET', url, token });
      const result = schema.safeParse(body);
      expect(result.error?.issues ?? [], url).toEqual([]);
      return body;
    };
    const page = await answers('/api/vehicles?limit=50', envelope(pageOf(rowSchema(vehicleResource, 'list'))));
    const first = (page.data as { list: { id: string }[] }).list[0];
    expect(first).toBeDefined();
    await answers(`/api/vehicles/${first?.id}`, envelope(rowSchema(vehicleResource, 'detail')));
    await answers('/api/vehicle-inspections', envelope(pageOf(rowSchema(inspectionResource, 'list'))));
    await answers('/api/users', envelope(pageOf(rowSchema(userResource, 'list'))));
    await answers('/api/user/info', envelope(userInfo));
    await answers('/api/roles', envelope(pageOf(roleDto)));
    await answers('/api/lookups/vehicle-catalog', envelope(z.array(lookupOption)));
  });

  it('serves the explorer at /api/docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
