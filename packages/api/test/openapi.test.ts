import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

interface OpenApiDoc {
  info: { description: string };
  paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown; parameters?: unknown[] }>>;
}

describe('OpenAPI document', () => {
  it('is served without a session and lists the operations with their schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as OpenApiDoc;
    expect(doc.paths['/api/auth/login']?.post?.security).toEqual([]);
    expect(doc.paths['/api/health']?.get?.security).toEqual([]);
    expect(doc.paths['/api/user/info']?.get?.security).toEqual([{ token: [] }]);
    expect(doc.paths['/api/roles']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/roles']?.get?.parameters?.length).toBeGreaterThan(0);
    expect(doc.info.description).toContain('| 1002 | 登录已过期，请重新登录 |');
  });

  it('serves the explorer at /api/docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
