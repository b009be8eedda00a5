import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
const sessionScript = "window.cpEarlySession = { token: 'x' };";
const indexHtml = `<!doctype html><title>CP运营管理系统</title><script>${sessionScript}</script><script type="module" src="/assets/index-4f2a9c.js"></script>`;
const script = 'console.log(1);'.repeat(200);
const webDist = mkdtempSync(path.join(tmpdir(), 'cp-web-'));

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), indexHtml);
  writeFileSync(path.join(webDist, 'assets', 'index-4f2a9c.js'), script);
  writeFileSync(path.join(webDist, 'assets', 'index-4f2a9c.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webDist, 'assets', 'index-4f2a9c.js.gz'), gzipSync(script));
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

  it('answers a percent-encoded API path as the API would, not with the page', async () => {
    const api = await ctx.app.inject({ method: 'GET', url: '/%61pi/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(api.body).not.toContain('CP运营管理系统');
  });
});

describe('what the console is sent with', () => {
  it('sends the built scripts compressed to a browser that takes brotli or gzip', async () => {
    const url = '/assets/index-4f2a9c.js';
    const br = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('forbids framing, referrers, sniffing, and every script but its own files and the session script', async () => {
    const hash = createHash('sha256').update(sessionScript).digest('base64');
    for (const url of ['/vehicleList', '/assets/index-4f2a9c.js', '/api/lookups/cities', '/api/no-such-thing']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      const policy = String(response.headers['content-security-policy']);
      expect({ url, policy }).toEqual({ url, policy: expect.stringContaining("frame-ancestors 'none'") });
      expect(policy).toContain(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}'`);
      expect(policy).not.toMatch(/unsafe-inline[^;]*;[^;]*script|script-src[^;]*unsafe-inline/);
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("object-src 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toBe('max-age=15552000');
    }
  });

  it('sends the same headers on a list page, a refusal and a bad request; the API explorer keeps its own policy', async () => {
    const token = await ctx.login('admin', 'admin123');
    const answers = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/api/vehicles?page=1&limit=20', headers: { token } }),
      ctx.app.inject({ method: 'GET', url: '/api/vehicles?page=1&limit=20' }),
      ctx.app.inject({ method: 'GET', url: '/api/vehicles?limit=9999', headers: { token } }),
    ]);
    expect(answers.map((response) => response.json().code)).toEqual([0, 1001, 400]);
    const [first] = answers;
    for (const response of answers) {
      for (const name of [
        'content-security-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'strict-transport-security',
        'x-content-type-options',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-frame-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]) {
        expect({ name, value: response.headers[name] }).toEqual({ name, value: first?.headers[name] });
        expect(response.headers[name]).toBeTruthy();
      }
    }
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.headers['content-security-policy']).not.toBe(first?.headers['content-security-policy']);
    expect(String(docs.headers['content-security-policy'])).toContain('script-src');
    expect(docs.headers['x-frame-options']).toBe('DENY');
  });
});
