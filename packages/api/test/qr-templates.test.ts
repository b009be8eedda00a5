import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';
import { pngOf, secondAdmin, type Template, templateForm, uploadFile } from './qr-support';

let ctx: TestContext;
let admin: string;
let reviewer: string;
let shanghai: string;
let background: string;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  shanghai = await ctx.loginToOtherTenant();
  reviewer = await secondAdmin(ctx, admin, 'reviewer1');
  background = await uploadFile(ctx, admin, '海报背景.png', pngOf(750, 1334));
});
afterAll(() => ctx.close());

const create = (payload: object, token = admin) =>
  ctx.request<Template>({ method: 'POST', url: '/api/qr-templates', token, payload });
const update = (id: string, payload: object, token = admin) =>
  ctx.request<Template>({ method: 'PUT', url: `/api/qr-templates/${id}`, token, payload });
const act = (id: string, action: string, token = admin, payload: object = {}) =>
  ctx.request({ method: 'POST', url: `/api/qr-templates/${id}/${action}`, token, payload });
const read = async (id: string, token = admin) =>
  (await ctx.request<Template>({ method: 'GET', url: `/api/qr-templates/${id}`, token })).data;
const remove = (id: string, token = admin) => ctx.request({ method: 'DELETE', url: `/api/qr-templates/${id}`, token });

describe('a template layout', () => {
  it("is measured against the uploaded image's real size", async () => {
    const created = await create(templateForm('尺寸读取', [background]));
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({ backgroundWidth: 750, backgroundHeight: 1334, status: 0, qrCodeCount: 0 });
  });

  it('refuses a QR code box reaching past the background, saying where', async () => {
    const answer = await create(templateForm('超出范围', [background], { qrX: 500, qrSize: 300 }));
    expect(answer).toMatchObject({
      code: 1000,
      msg: '二维码超出背景图范围：背景图为750×1334像素，二维码右下角在（800，1200）',
    });
  });

  it('refuses a caption placed off the image, and a caption without its position', async () => {
    expect(await create(templateForm('文案越界', [background], { captionY: 1400 }))).toMatchObject({
      msg: '文案位置超出背景图范围：背景图为750×1334像素',
    });
    expect(await create(templateForm('文案无位置', [background], { captionX: null }))).toMatchObject({
      msg: '填写文案时，请同时填写文案左边距和上边距',
    });
  });

  it('refuses a background that is not a PNG or JPG image', async () => {
    const pdf = await uploadFile(ctx, admin, '背景.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(await create(templateForm('PDF背景', [pdf]))).toMatchObject({
      code: 1000,
      msg: '背景图：文件格式不正确，仅支持PNG、JPG、JPEG',
    });
  });

  it('answers 模板名称 … 已存在 for a second template of the same name, also in parallel', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => create(templateForm('并发同名', [background]))));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.code !== 0)) expect(answer.msg).toContain('已存在');
  });
});

describe('the template lifecycle', () => {
  it('goes 草稿 → 待审核 → 已启用 ↔ 已停用, approved by someone other than the submitter', async () => {
    const { data } = await create(templateForm('生命周期', [background]));
    expect(await act(data.id, 'submit')).toMatchObject({ code: 0 });
    expect(await act(data.id, 'approve')).toMatchObject({ code: 1000, msg: '不能审核自己提交的模板，请由其他人审核' });
    expect(await act(data.id, 'approve', reviewer)).toMatchObject({ code: 0 });
    expect((await read(data.id)).status).toBe(2);
    expect(await act(data.id, 'disable')).toMatchObject({ code: 0 });
    expect(await act(data.id, 'enable')).toMatchObject({ code: 0 });
    expect((await read(data.id)).status).toBe(2);
  });

  it('refuses what the state does not allow, naming the state', async () => {
    const { data } = await create(templateForm('状态拒绝', [background]));
    expect(await act(data.id, 'approve', reviewer)).toMatchObject({
      code: 1000,
      msg: '模板当前为「草稿」，不能审核通过',
    });
    expect(await act(data.id, 'disable')).toMatchObject({ msg: '模板当前为「草稿」，不能停用' });
    await act(data.id, 'submit');
    expect(await act(data.id, 'submit')).toMatchObject({ msg: '模板当前为「待审核」，不能提交' });
    expect(await act(data.id, 'enable')).toMatchObject({ msg: '模板当前为「待审核」，不能启用' });
  });

  it('sends a rejected template back to 草稿 with the reason, which a reason is required for', async () => {
    const { data } = await create(templateForm('驳回', [background]));
    await act(data.id, 'submit');
    expect(await act(data.id, 'reject', reviewer, {})).toMatchObject({ code: 400 });
    expect(await act(data.id, 'reject', reviewer, { reason: '背景图文字不清晰' })).toMatchObject({ code: 0 });
    expect(await read(data.id)).toMatchObject({ status: 0, reviewNote: '背景图文字不清晰' });
  });

  it('refuses to submit a draft without a background', async () => {
    const { data } = await create(templateForm('无背景', []));
    expect(data).toMatchObject({ backgroundWidth: null });
    expect(await act(data.id, 'submit')).toMatchObject({ code: 1000, msg: '请先上传背景图再提交' });
  });

  it('is edited only as a draft or stopped; a stopped template edited goes back to 草稿 for review', async () => {
    const { data } = await create(templateForm('编辑规则', [background]));
    await act(data.id, 'submit');
    const pending = await read(data.id);
    expect(
      await update(data.id, { ...templateForm('编辑规则', [background]), version: pending.version }),
    ).toMatchObject({ code: 1000, msg: '模板当前为「待审核」，不能编辑' });
    await act(data.id, 'approve', reviewer);
    await act(data.id, 'disable');
    const stopped = await read(data.id);
    const edited = await update(data.id, {
      ...templateForm('编辑规则', [background], { qrSize: 280 }),
      version: stopped.version,
    });
    expect(edited.data).toMatchObject({ status: 0, qrSize: 280 });
  });

  it('deletes a draft, never an enabled template', async () => {
    const draft = await create(templateForm('可删除', [background]));
    expect(await remove(draft.data.id)).toMatchObject({ code: 0 });
    const live = await create(templateForm('已启用不可删', [background]));
    await act(live.data.id, 'submit');
    await act(live.data.id, 'approve', reviewer);
    expect(await remove(live.data.id)).toMatchObject({ code: 1000, msg: '模板当前为「已启用」，不能删除' });
  });
});

describe('templates and who may touch them', () => {
  it("keeps another branch company's templates out of reach", async () => {
    const { data } = await create(templateForm('北京专属', [background]));
    expect(await ctx.request({ method: 'GET', url: `/api/qr-templates/${data.id}`, token: shanghai })).toMatchObject({
      code: 404,
    });
    expect(await act(data.id, 'submit', shanghai)).toMatchObject({ code: 404 });
    expect(await create(templateForm('借用北京背景', [background]), shanghai)).toMatchObject({
      msg: '附件不存在或不属于当前分公司，请重新上传',
    });
  });

  it('refuses ops every template operation', async () => {
    const ops = await ctx.login('ops', 'ops123');
    expect(await ctx.request({ method: 'GET', url: '/api/qr-templates', token: ops })).toMatchObject({
      code: 403,
    });
    expect(await create(templateForm('运营新增', []), ops)).toMatchObject({ code: 403 });
  });
});
