import type { StoredFileDto, UploadResult } from '@cp/contracts';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signGrant, signingKey } from '../src/files/signing';
import { type FileTestContext, multipart, samples, startFileApp } from './files-support';

let ctx: FileTestContext;
let beijing: string;
let shanghai: string;

beforeAll(async () => {
  ctx = await startFileApp({ files: { urlTtlSeconds: 2 } });
  beijing = await ctx.login('admin', 'admin123');
  shanghai = await ctx.loginToOtherTenant();
});
afterAll(() => ctx.close());

async function upload(name: string, content: Buffer, url = '/api/gateway/storage/file/private', token = beijing) {
  const body = multipart([{ name, content }]);
  const response = await ctx.request<UploadResult>({ method: 'POST', url, token, ...body });
  expect(response.code).toBe(0);
  return response.data;
}

const tempUrl = (fileLocation: string, token = beijing, extra = '') =>
  ctx.request<StoredFileDto>({
    method: 'GET',
    url: `/api/gateway/storage/temp-url?fileLocation=${encodeURIComponent(fileLocation)}${extra}`,
    token,
  });

const fetch = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('temporary URLs', () => {
  it('opens the file without a session until it expires, then refuses it', async () => {
    const file = await upload('行驶证.pdf', samples.pdf);
    const link = await tempUrl(file.fileLocation);
    expect(link.code).toBe(0);
    expect(new Date(link.data.expiresAt ?? 0).getTime()).toBeGreaterThan(Date.now());
    const opened = await fetch(link.data.fileTempUrl);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(link.data.fileTempUrl);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: 403, msg: '链接已过期，请重新获取' });
  });

  it('is not given for another branch company’s file', async () => {
    const file = await upload('北京合同.pdf', samples.pdf);
    expect(await tempUrl(file.fileLocation, shanghai)).toMatchObject({ code: 404, msg: '文件不存在' });
    expect(await tempUrl('private/2025/01/nothing.pdf')).toMatchObject({ code: 404, msg: '文件不存在' });
  });

  it('does not open another branch company’s file even when signed for the wrong tenant', async () => {
    const file = await upload('北京合同.pdf', samples.pdf);
    const link = await tempUrl(file.fileLocation);
    const token = link.data.fileTempUrl.split('/')[4] ?? '';
    const [body = ''] = token.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as { f: number; t: number; e: number };
    // A correctly signed grant naming the file but another tenant (as if made for Shanghai).
    const forged = signGrant(await signingKey(ctx.database.db), {
      fileId: payload.f,
      tenantId: payload.t + 1,
      expires: payload.e,
      disposition: 'inline',
    });
    expect((await fetch(`/api/files/signed/${forged}`)).statusCode).toBe(404);
    // And a grant whose payload was edited keeps its old signature: refused.
    const edited = Buffer.from(JSON.stringify({ ...payload, t: payload.t + 1 })).toString('base64url');
    const tampered = await fetch(`/api/files/signed/${edited}.${token.split('.')[1]}`);
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json()).toMatchObject({ msg: '链接无效' });
  });

  it('keeps a Chinese file name in the download (RFC 6266)', async () => {
    const name = '租赁合同 2025（终版）.pdf';
    const file = await upload(name, samples.pdf);
    const link = await tempUrl(file.fileLocation, beijing, '&disposition=attachment');
    const response = await fetch(link.data.fileTempUrl);
    const header = String(response.headers['content-disposition']);
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(header)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe(name);
    expect(link.data.fileTempUrl.endsWith(encodeURIComponent(name))).toBe(true);
  });

  it('serves byte ranges, for the PDF viewer', async () => {
    const file = await upload('大文件.pdf', samples.pdf);
    const link = await tempUrl(file.fileLocation);
    const part = await fetch(link.data.fileTempUrl, { range: 'bytes=0-4' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-');
    expect(part.headers['content-range']).toBe(`bytes 0-4/${samples.pdf.length}`);
    expect((await fetch(link.data.fileTempUrl, { range: 'bytes=999999-' })).statusCode).toBe(416);
  });

  it('gives public files a permanent URL that needs no session', async () => {
    const file = await upload('商品主图.png', samples.png, '/api/gateway/storage/file/public');
    expect(file.url).toMatch(/^\/api\/files\/public\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    expect(file.expiresAt).toBeNull();
    const response = await fetch(file.url);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(samples.png)).toBe(true);
    const product = await upload('商品.jpg', samples.jpg, '/api/gateway/storage/image/product');
    expect((await fetch(product.url)).statusCode).toBe(200);
    // Private files are not reachable by a guessed public path.
    const secret = await upload('私密.png', samples.png);
    expect((await fetch(`/api/files/public/${secret.fileLocation.slice('private/'.length)}`)).statusCode).toBe(404);
  });
});

describe('public files', () => {
  const publicUpload = '/api/gateway/storage/file/public';
  const send = (name: string, content: Buffer, token = beijing) =>
    ctx.request<UploadResult>({ method: 'POST', url: publicUpload, token, ...multipart([{ name, content }]) });

  it('need the 上传公开文件 button of 内容管理', async () => {
    const ops = await ctx.login('ops', 'ops123');
    expect(await send('宣传图.png', samples.png, ops)).toMatchObject({ code: 403, msg: '无权限' });
    expect((await send('宣传图.png', samples.png)).code).toBe(0);
  });

  it('are at most 10MB, and only images, PDFs and MP4 clips', async () => {
    const limit = 10 * 1024 * 1024;
    const pad = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length)]);
    expect(await send('海报.png', pad(samples.png, limit + 1))).toMatchObject({
      code: 413,
      msg: '上传文件大小不能超过10MB!',
    });
    expect((await send('海报.png', pad(samples.png, limit))).code).toBe(0);
    // The same file is fine as a private upload, whose limit is SPEC §5's.
    expect((await upload('海报.png', pad(samples.png, limit + 1))).fileLocation).toMatch(/^private\//);
    expect(await send('报表.xlsx', samples.xlsx)).toMatchObject({ code: 400, msg: '文件格式不正确!' });
  });

  it('open in the browser when they are images, and download otherwise', async () => {
    const image = await fetch((await upload('商品主图.png', samples.png, publicUpload)).url);
    expect(image.statusCode).toBe(200);
    expect(String(image.headers['content-disposition'])).toMatch(/^inline;/);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const manual = await fetch((await upload('使用说明.pdf', samples.pdf, publicUpload)).url);
    expect(manual.statusCode).toBe(200);
    expect(manual.headers['content-type']).toBe('application/pdf');
    expect(String(manual.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(manual.rawPayload.equals(samples.pdf)).toBe(true);
  });
});

describe('company contracts', () => {
  it('opens the demo contract, a multi-page Chinese PDF, through a temporary URL', async () => {
    const demo = await ctx.request<StoredFileDto>({
      method: 'GET',
      url: '/api/gateway/storage/company-contract/demo',
      token: beijing,
    });
    expect(demo).toMatchObject({
      code: 0,
      data: { attachmentName: '车辆租赁合同（演示）.pdf', fileExtensions: 'pdf' },
    });
    const response = await fetch(demo.data.fileTempUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(String(response.headers['content-disposition'])).toMatch(/^inline;/);
    const pdf = response.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toMatch(/NotoSansSC/);
    expect((pdf.match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(3);
  });

  it('gives a contract PDF of the company’s own files, and needs the B-side pages', async () => {
    const file = await upload('企业合同.pdf', samples.pdf);
    const url = `/api/gateway/storage/company-contract/temp-url?fileLocation=${encodeURIComponent(file.fileLocation)}`;
    const link = await ctx.request<StoredFileDto>({ method: 'GET', url, token: beijing });
    expect(link.code).toBe(0);
    expect((await fetch(link.data.fileTempUrl)).statusCode).toBe(200);
    const ops = await ctx.login('ops', 'ops123');
    expect(await ctx.request({ method: 'GET', url, token: ops })).toMatchObject({ code: 403 });
    const image = await upload('不是合同.png', samples.png);
    const notPdf = `/api/gateway/storage/company-contract/temp-url?fileLocation=${encodeURIComponent(image.fileLocation)}`;
    expect(await ctx.request({ method: 'GET', url: notPdf, token: beijing })).toMatchObject({
      code: 1000,
      msg: '合同文件必须是PDF',
    });
  });
});

describe('import templates', () => {
  const templateUrl = '/api/gateway/storage/templates/financialCode';

  it('downloads the template as an xlsx with its Chinese header row and name', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: templateUrl, headers: { token: beijing } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(response.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('财务编码导入模板.xlsx')}`,
    );
    const sheet = new TextDecoder().decode(unzipSync(response.rawPayload)['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain('<t>科目编码</t>');
    expect(sheet).toContain('<t>科目名称</t>');
  });

  it('takes back a filled-in template and refuses one with other headers', async () => {
    const template = await ctx.app.inject({ method: 'GET', url: templateUrl, headers: { token: beijing } });
    const good = await ctx.request<UploadResult>({
      method: 'POST',
      url: templateUrl,
      token: beijing,
      ...multipart([{ name: '财务编码.xlsx', content: template.rawPayload }]),
    });
    expect(good).toMatchObject({ code: 0, data: { attachmentName: '财务编码.xlsx', fileExtensions: 'xlsx' } });
    const wrong = await ctx.request({
      method: 'POST',
      url: templateUrl,
      token: beijing,
      ...multipart([{ name: '别的表.xlsx', content: samples.xlsx }]),
    });
    expect(wrong).toMatchObject({
      code: 400,
      msg: '模板表头不符：第1列应为「科目编码」，实际为「空」，请下载最新模板',
    });
    expect(
      (await ctx.request({ method: 'GET', url: '/api/gateway/storage/templates/nope', token: beijing })).code,
    ).toBe(404);
    const ops = await ctx.login('ops', 'ops123');
    expect((await ctx.request({ method: 'GET', url: templateUrl, token: ops })).code).toBe(403);
  });
});

describe('bad input', () => {
  it('names the field in Chinese, never a 500', async () => {
    expect(await ctx.request({ method: 'GET', url: '/api/gateway/storage/temp-url', token: beijing })).toMatchObject({
      code: 400,
      msg: '文件地址：不能为空',
    });
    expect(await ctx.request({ method: 'GET', url: '/api/download-records/abc/url', token: beijing })).toMatchObject({
      code: 400,
      msg: '编号：必须是有效的编号',
    });
    expect(
      await ctx.request({
        method: 'POST',
        url: '/api/exports',
        token: beijing,
        payload: { kind: 'roleManagement', filters: 'keyword=x' },
      }),
    ).toMatchObject({ code: 400, msg: '筛选条件：类型错误，应为对象' });
    expect(
      await ctx.request({
        method: 'GET',
        url: `/api/gateway/storage/templates/${'x'.repeat(65)}`,
        token: beijing,
      }),
    ).toMatchObject({ code: 400, msg: '模板类型：长度不能超过64个字符' });
    for (const url of ['/api/files/signed/', '/api/files/signed/not-a-token', '/api/files/signed/a.b.c/x.pdf']) {
      const response = await fetch(url);
      expect({ url, status: response.statusCode, msg: response.json().msg }).toEqual({
        url,
        status: 403,
        msg: '链接无效',
      });
    }
  });
});
