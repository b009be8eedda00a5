import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSignUp } from '../src/qrCodes/scans';
import { startTestApp, type TestContext } from './harness';
import { pngOf, secondAdmin, type Template, templateForm, uploadFile } from './qr-support';

type QrCode = Record<string, unknown> & { id: string; code: string; signUpUrl: string; scanCount: number };
type Option = { label: string; value: string };

let ctx: TestContext;
let admin: string;
let shanghai: string;
let template: Template;
let form: { name: string; channelId: string; salespersonId: string; templateId: string };

const options = async (url: string, token = admin) => (await ctx.request<Option[]>({ method: 'GET', url, token })).data;

beforeAll(async () => {
  ctx = await startTestApp({ qrCodes: { signUpBaseUrl: 'https://join.example.com', scansPerMinute: 5 } });
  admin = await ctx.login('admin', 'admin123');
  shanghai = await ctx.loginToOtherTenant();
  const reviewer = await secondAdmin(ctx, admin, 'reviewer2');
  const background = await uploadFile(ctx, admin, '背景.png', pngOf(750, 1334));
  const created = await ctx.request<Template>({
    method: 'POST',
    url: '/api/qr-templates',
    token: admin,
    payload: templateForm('二维码测试模板', [background]),
  });
  template = created.data;
  await ctx.request({ method: 'POST', url: `/api/qr-templates/${template.id}/submit`, token: admin, payload: {} });
  await ctx.request({ method: 'POST', url: `/api/qr-templates/${template.id}/approve`, token: reviewer, payload: {} });
  const [channel] = await options('/api/lookups/channels');
  const [salesperson] = await options('/api/lookups/tenant-users');
  form = {
    name: '望京地推-测试',
    channelId: String(channel?.value),
    salespersonId: String(salesperson?.value),
    templateId: template.id,
  };
});
afterAll(() => ctx.close());

const create = (payload: object, token = admin) =>
  ctx.request<QrCode>({ method: 'POST', url: '/api/qr-codes', token, payload });
const scan = (code: string, remoteAddress = '10.0.0.1') =>
  ctx.app.inject({ method: 'GET', url: `/api/public/qr/${encodeURIComponent(code)}`, remoteAddress });

describe('a new QR code', () => {
  it('carries an opaque code and the sign-up link built from the configured base', async () => {
    const { code, data } = await create(form);
    expect(code).toBe(0);
    expect(data.code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(data.signUpUrl).toBe(`https://join.example.com/signup?c=${data.code}`);
    expect(data).toMatchObject({ scanCount: 0, signUpCount: 0, templateName: '二维码测试模板' });
    const other = await create({ ...form, name: '另一个' });
    expect(other.data.code).not.toBe(data.code);
  });

  it('is drawn only on an enabled template', async () => {
    const draft = await ctx.request<Template>({
      method: 'POST',
      url: '/api/qr-templates',
      token: admin,
      payload: templateForm('草稿模板', []),
    });
    expect(await create({ ...form, templateId: draft.data.id })).toMatchObject({
      code: 1000,
      msg: '海报模板「草稿模板」未启用，不能使用',
    });
    expect((await options('/api/lookups/qr-templates')).map((option) => option.label)).not.toContain('草稿模板');
  });

  it('downloads as a real PNG whose QR code reads back as its sign-up link', async () => {
    const { data } = await create({ ...form, name: '下载测试' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${data.id}/qr.png`,
      headers: { token: admin },
    });
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toContain('attachment');
    const png = PNG.sync.read(response.rawPayload);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(data.signUpUrl);
  });
});

describe('scans and sign-ups', () => {
  it('counts each scan of the public link without a session, answering nothing about the branch company', async () => {
    const { data } = await create({ ...form, name: '扫码计数' });
    const first = await scan(data.code, '10.0.1.1');
    expect(first.json()).toEqual({ code: 0, msg: 'success', isSuccess: true, data: { code: data.code, valid: true } });
    await scan(data.code, '10.0.1.1');
    const row = await ctx.request<QrCode>({ method: 'GET', url: `/api/qr-codes/${data.id}`, token: admin });
    expect(row.data.scanCount).toBe(2);
    expect(row.data.lastScannedAt).toBeTruthy();
    expect((await scan('no-such-code', '10.0.1.2')).json().data).toEqual({ code: 'no-such-code', valid: false });
  });

  it('refuses an address scanning more than the limit a minute, and does not count those', async () => {
    const { data } = await create({ ...form, name: '限流' });
    const answers = [];
    for (let i = 0; i < 7; i += 1) answers.push((await scan(data.code, '10.0.2.1')).json());
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(5);
    expect(answers.at(-1)).toMatchObject({ code: 429, msg: '扫码过于频繁，请稍后再试' });
    expect((await scan(data.code, '10.0.2.2')).json().code).toBe(0);
    const row = await ctx.request<QrCode>({ method: 'GET', url: `/api/qr-codes/${data.id}`, token: admin });
    expect(row.data.scanCount).toBe(6);
  });

  it('recordSignUp counts a sign-up and answers whose it is; an unknown code is null', async () => {
    const { data } = await create({ ...form, name: '报名计数' });
    const source = await ctx.database.db.transaction((tx) => recordSignUp(tx, data.code));
    expect(source).toMatchObject({
      qrCodeId: Number(data.id),
      channelId: Number(form.channelId),
      salespersonId: Number(form.salespersonId),
    });
    expect(await ctx.database.db.transaction((tx) => recordSignUp(tx, 'nobody'))).toBeNull();
    const row = await ctx.request<QrCode>({ method: 'GET', url: `/api/qr-codes/${data.id}`, token: admin });
    expect(row.data.signUpCount).toBe(1);
  });
});

describe('who may see and make QR codes', () => {
  it("keeps another branch company's QR codes, PNGs and templates out of reach", async () => {
    const { data } = await create({ ...form, name: '北京的码' });
    expect(await ctx.request({ method: 'GET', url: `/api/qr-codes/${data.id}`, token: shanghai })).toMatchObject({
      code: 404,
    });
    const png = await ctx.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${data.id}/qr.png`,
      headers: { token: shanghai },
    });
    expect(png.json()).toMatchObject({ code: 404, msg: '二维码不存在' });
    const [channel] = await options('/api/lookups/channels', shanghai);
    expect(await create({ ...form, channelId: channel?.value }, shanghai)).toMatchObject({ code: 1000 });
  });

  it('refuses ops the list, creating and downloading', async () => {
    const ops = await ctx.login('ops', 'ops123');
    const { data } = await create({ ...form, name: '运营不可见' });
    expect(await ctx.request({ method: 'GET', url: '/api/qr-codes', token: ops })).toMatchObject({ code: 403 });
    expect(await create(form, ops)).toMatchObject({ code: 403 });
    const png = await ctx.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${data.id}/qr.png`,
      headers: { token: ops },
    });
    expect(png.json()).toMatchObject({ code: 403 });
  });
});
