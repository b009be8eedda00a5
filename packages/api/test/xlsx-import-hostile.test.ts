import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTemplate } from '../src/files/templates';
import { multipart } from './files-support';
import { startTestApp, type TestContext } from './harness';
import { hugeColumns, unclosedRows } from './xlsx-hostile-support';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

const importUrl = '/api/vehicle-violations/import';
const templateUrl = '/api/gateway/storage/templates/violation';

/** The template's header row, so that only the hostile part is wrong. */
const headerCells = () =>
  (importTemplate('violation')?.columns ?? [])
    .map((column, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${column.header}</t></is></c>`)
    .join('');

/**
 * Sends `content` to `url` and, until it is answered, keeps asking for /api/health: answers the upload's
 * envelope and the longest a health check (with a 5 ms pause after it) took.
 */
async function sendWhileServing(url: string, content: Buffer) {
  let answered = false;
  const upload = ctx
    .request({ method: 'POST', url, token: admin, ...multipart([{ name: '违章.xlsx', content }]) })
    .finally(() => {
      answered = true;
    });
  let healthMs = 0;
  while (!answered) {
    const start = performance.now();
    const health = await ctx.request({ method: 'GET', url: '/api/health' });
    expect(health.code).toBe(0);
    // The pause counts too: the server may be held while the client waits between two checks.
    await new Promise((resolve) => setTimeout(resolve, 5));
    healthMs = Math.max(healthMs, performance.now() - start);
  }
  return { response: await upload, healthMs };
}

describe('hostile spreadsheets sent to the import routes', () => {
  it('refuses unclosed rows with a clear message, and serves other requests meanwhile', async () => {
    for (const url of [importUrl, templateUrl]) {
      const { response, healthMs } = await sendWhileServing(url, unclosedRows(64_000));
      expect(healthMs).toBeLessThan(500);
      expect(response).toMatchObject({ code: 400, msg: expect.stringMatching(/^文件不是有效的 Excel 表格：.*<row>/) });
    }
  });

  it('refuses cells beyond column XFD instead of growing rows of 12 million cells', async () => {
    const hostile = (row: number) => `<c r="AAAAAA${row}" t="inlineStr"><is><t>x</t></is></c>`.repeat(60);
    // The import reads every row; the template upload only the header.
    for (const [url, content, cell] of [
      [importUrl, hugeColumns(headerCells(), 60), 'AAAAAA2'],
      [templateUrl, hugeColumns(headerCells() + hostile(1), 0), 'AAAAAA1'],
    ] as const) {
      const { response, healthMs } = await sendWhileServing(url, content);
      expect(healthMs).toBeLessThan(500);
      expect(response).toMatchObject({
        code: 400,
        msg: expect.stringContaining(`文件不是有效的 Excel 表格：单元格 ${cell} 超出 Excel 的最大列 XFD`),
      });
    }
  });
});
