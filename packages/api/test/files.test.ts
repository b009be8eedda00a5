import { connect } from 'node:net';
import type { UploadResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { type FileTestContext, multipart, type Part, samples, startFileApp } from './files-support';

let ctx: FileTestContext;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let token: string;

beforeAll(async () => {
  ctx = await startFileApp({ files: { maxFileMb: 1, maxFiles: 5 } });
  token = await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

const upload = (parts: Part[], url = '/api/gateway/storage/file/private', options: { truncate?: number } = {}) => {
  const body = multipart(parts, options);
  return ctx.request<UploadResult>({ method: 'POST', url, token, payload: body.payload, headers: body.headers });
};

async function fileRows(): Promise<number> {
  const result = await ctx.database.db.execute(sql`select count(*)::int as n from files`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** A refused upload leaves no bytes on disk and no row behind. */
async function expectNothingLeft(rowsBefore: number, filesBefore: string[]) {
  expect(ctx.storedFiles()).toEqual(filesBefore);
  expect(await fileRows()).toBe(rowsBefore);
}

describe('uploads', () => {
  it('stores a file and answers its location and a temporary URL', async () => {
    const response = await upload([{ name: '车辆照片.png', content: samples.png }]);
    expect(response).toMatchObject({ code: 0, data: { attachmentName: '车辆照片.png', fileExtensions: 'png' } });
    expect(response.data.fileLocation).toMatch(/^private\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    const fetched = await ctx.app.inject({ method: 'GET', url: response.data.fileTempUrl });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/png');
    expect(fetched.rawPayload.equals(samples.png)).toBe(true);
  });

  it('answers code 0 with data.fileLocation on the screenshot endpoint, and audits the upload', async () => {
    const response = await upload([{ name: 'shot.jpg', content: samples.jpg }], '/api/gateway/storage/image/private');
    expect(response.code).toBe(0);
    expect(response.data.fileLocation).toMatch(/\.jpg$/);
    const audit = await ctx.database.db.execute(
      sql`select action, entity from audit_log where entity = 'file' order by id desc limit 1`,
    );
    expect(rowsOf(audit)[0]).toEqual({ action: 'upload', entity: 'file' });
  });

  it('takes up to five files in one request', async () => {
    const parts = Array.from({ length: 5 }, (_, i) => ({ name: `附件${i + 1}.pdf`, content: samples.pdf }));
    const response = await upload(parts);
    expect(response.code).toBe(0);
    expect(response.data.files.map((file) => file.attachmentName)).toEqual(parts.map((part) => part.name));
  });

  it('refuses a sixth file and keeps none of the five before it', async () => {
    const rows = await fileRows();
    const before = ctx.storedFiles();
    const parts = Array.from({ length: 6 }, (_, i) => ({ name: `附件${i + 1}.pdf`, content: samples.pdf }));
    expect(await upload(parts)).toMatchObject({ code: 413, msg: '最多只能上传5个文件!' });
    await expectNothingLeft(rows, before);
  });

  it('refuses a file over the size limit, and takes one of exactly the limit', async () => {
    const rows = await fileRows();
    const before = ctx.storedFiles();
    const tooBig = Buffer.alloc(1024 * 1024 + 1, 0x61);
    expect(await upload([{ name: 'big.txt', content: tooBig }])).toMatchObject({
      code: 413,
      msg: '上传文件大小不能超过1MB!',
    });
    await expectNothingLeft(rows, before);
    expect((await upload([{ name: 'fits.txt', content: tooBig.subarray(1) }])).code).toBe(0);
  });

  it('refuses an extension outside the allow-list, and a non-image on the image endpoints', async () => {
    const rows = await fileRows();
    const before = ctx.storedFiles();
    expect(await upload([{ name: 'setup.exe', content: Buffer.from('MZ') }])).toMatchObject({
      code: 400,
      msg: '文件格式不正确!',
    });
    expect(await upload([{ name: 'no-extension', content: samples.text }])).toMatchObject({ msg: '文件格式不正确!' });
    expect(
      await upload([{ name: '合同.pdf', content: samples.pdf }], '/api/gateway/storage/image/private'),
    ).toMatchObject({ code: 400, msg: '文件格式不正确!' });
    await expectNothingLeft(rows, before);
  });

  it('refuses content that does not match the extension', async () => {
    const rows = await fileRows();
    const before = ctx.storedFiles();
    const impostors: Part[] = [
      { name: '截图.png', content: samples.text },
      { name: '照片.jpg', content: samples.png },
      { name: '合同.pdf', content: samples.png },
      { name: '报表.xlsx', content: samples.docx },
      { name: '文档.docx', content: samples.xlsx },
      { name: '报表.xlsx', content: samples.pdf },
    ];
    for (const impostor of impostors) {
      const response = await upload([impostor]);
      expect({ name: impostor.name, msg: response.msg }).toEqual({
        name: impostor.name,
        msg: '文件内容与扩展名不符，请上传真实的文件',
      });
    }
    await expectNothingLeft(rows, before);
    expect((await upload([{ name: '报表.xlsx', content: samples.xlsx }])).code).toBe(0);
    expect((await upload([{ name: '文档.docx', content: samples.docx }])).code).toBe(0);
  });

  it('keeps nothing of a request whose later file is refused', async () => {
    const rows = await fileRows();
    const before = ctx.storedFiles();
    const response = await upload([
      { name: '好的.png', content: samples.png },
      { name: '坏的.png', content: samples.text },
    ]);
    expect(response.code).toBe(400);
    await expectNothingLeft(rows, before);
  });

  it('keeps nothing of an upload cut off mid-way', async () => {
    const rows = await fileRows();
    const before = ctx.storedFiles();
    const content = Buffer.alloc(200_000, 0x62);
    const response = await upload([{ name: 'cut.txt', content }], undefined, { truncate: 150_000 });
    expect(response).toMatchObject({ code: 400, msg: '文件上传中断，请重新上传' });
    await expectNothingLeft(rows, before);
  });

  it('keeps nothing of an upload whose connection drops (real HTTP)', async () => {
    const rows = await fileRows();
    const before = ctx.storedFiles();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const body = multipart([{ name: 'dropped.txt', content: Buffer.alloc(400_000, 0x63) }]);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/gateway/storage/file/private HTTP/1.1\r\nHost: 127.0.0.1\r\ntoken: ${token}\r\n` +
        `content-type: ${body.headers['content-type']}\r\ncontent-length: ${body.payload.length}\r\n\r\n`,
    );
    socket.write(body.payload.subarray(0, 250_000));
    // Let the server start writing the file, then drop the connection mid-way.
    const receiving = () => ctx.storedFiles().some((file) => file.endsWith('.part'));
    for (let i = 0; i < 100 && !receiving(); i++) await sleep(20);
    expect(receiving()).toBe(true);
    socket.destroy();
    for (let i = 0; i < 100 && ctx.storedFiles().length !== before.length; i++) await sleep(20);
    await expectNothingLeft(rows, before);
  });

  it('asks for a file when none was sent, and for multipart when it is not', async () => {
    const empty = multipart([]);
    const none = await ctx.request({
      method: 'POST',
      url: '/api/gateway/storage/file/private',
      token,
      payload: empty.payload,
      headers: empty.headers,
    });
    expect(none).toMatchObject({ code: 400, msg: '请选择要上传的文件' });
    const json = await ctx.request({ method: 'POST', url: '/api/gateway/storage/file/private', token, payload: {} });
    expect(json.code).toBe(400);
    expect(json.status).toBe(200);
  });

  it('refuses an empty file', async () => {
    expect(await upload([{ name: 'empty.txt', content: Buffer.alloc(0) }])).toMatchObject({
      code: 400,
      msg: '文件不能为空',
    });
  });

  it('needs a session, and the product image endpoint needs the product buttons', async () => {
    const body = multipart([{ name: 'a.png', content: samples.png }]);
    const anonymous = await ctx.request({ method: 'POST', url: '/api/gateway/storage/file/private', ...body });
    expect(anonymous.code).toBe(1001);
    const ops = await ctx.login('ops', 'ops123');
    const refused = await ctx.request({
      method: 'POST',
      url: '/api/gateway/storage/image/product',
      token: ops,
      ...multipart([{ name: 'a.png', content: samples.png }]),
    });
    expect(refused).toMatchObject({ code: 403, msg: '无权限' });
  });
});
