import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
const webDist = mkdtempSync(path.join(tmpdir(), 'cp-web-'));

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>CP运营管理系统</title>');
  writeFileSync(path.join(webDist, 'assets', 'index-4f2a9c.js'), 'console.log(1);');
  ctx = await startTestApp({ webDist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the built console', () => {
  it('answers every console path with index.html, never cached', async () => {
    for (const url of ['/vehicleList', '/deliveryDetail?id=1', '/home']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('CP运营管理系统');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('lets a browser keep hashed assets until the next build', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-4f2a9c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset and an unknown API path with 404, not the page', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/missing-000000.js' })).statusCode).toBe(404);
    const api = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(api.body).not.toContain('CP运营管理系统');
  });
});
