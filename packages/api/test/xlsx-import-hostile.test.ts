import { monitorEventLoopDelay } from 'node:perf_hooks';
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
 * envelope, how many health checks were answered meanwhile, and the longest the server's event loop was held
 * (what a health check or any other request waits behind). A reader that does not yield holds it for seconds
 * on these files; one that yields every 10 ms stays far below the bound even on a loaded machine — a bound on
 * the health check's wall time failed there.
 */
async function sendWhileServing(url: string, content: Buffer) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let answered = false;
  const upload = ctx
    .request({ method: 'POST', url, token: admin, ...multipart([{ name: '违章.xlsx', content }]) })
    .finally(() => {
      answered = true;
    });
  let healthChecks = 0;
  while (!answered) {
    const health = await ctx.request({ method: 'GET', url: '/api/health' });
    expect(health.code).toBe(0);
    healthChecks++;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const response = await upload;
  loop.disable();
  return { response, healthChecks, longestBlockMs: loop.max / 1e6 };
}

/** The loop is never held this long (the readers yield every 10 ms). */
const blockBoundMs = 250;

describe('hostile spreadsheets sent to the import routes', () => {
  it('refuses unclosed rows with a clear message, and serves other requests meanwhile', async () => {
    for (const url of [importUrl, templateUrl]) {
      const { response, healthChecks, longestBlockMs } = await sendWhileServing(url, unclosedRows(64_000));
      expect(healthChecks).toBeGreaterThan(0);
      expect(longestBlockMs).toBeLessThan(blockBoundMs);
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
      const { response, healthChecks, longestBlockMs } = await sendWhileServing(url, content);
      expect(healthChecks).toBeGreaterThan(0);
      expect(longestBlockMs).toBeLessThan(blockBoundMs);
      expect(response).toMatchObject({
        code: 400,
        msg: expect.stringContaining(`文件不是有效的 Excel 表格：单元格 ${cell} 超出 Excel 的最大列 XFD`),
      });
    }
  });
});
