import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressFolder } from '../precompress';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the build writes compressed copies of the console', () => {
  it('beside each script, style and page, which unpack to the original', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cp-dist-'));
    made.push(dir);
    mkdirSync(path.join(dir, 'assets'));
    const script = 'export const rows = ['.concat('{"plateNo":"京A12345"},'.repeat(2000), '];');
    writeFileSync(path.join(dir, 'assets', 'index-1a2b3c.js'), script);
    writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><title>CP运营管理系统</title>${'<p>x</p>'.repeat(400)}`,
    );
    writeFileSync(path.join(dir, 'assets', 'logo-9f8e7d.png'), Buffer.alloc(4096, 7));
    writeFileSync(path.join(dir, 'assets', 'tiny-000000.js'), 'x');

    expect((await precompressFolder(dir)).sort()).toEqual([path.join('assets', 'index-1a2b3c.js'), 'index.html']);
    const js = path.join(dir, 'assets', 'index-1a2b3c.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 10);
    // Already compressed images and files too small to gain are left alone.
    expect(existsSync(path.join(dir, 'assets', 'logo-9f8e7d.png.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'tiny-000000.js.gz'))).toBe(false);
  });
});
