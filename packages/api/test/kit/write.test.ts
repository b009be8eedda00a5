import type { UploadResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/audit/history';
import { rowsOf } from '../../src/db/migrate';
import { multipart, samples } from '../files-support';
import type { TestContext } from '../harness';
import { type Fixture, type KitRefs, loadRefs, startKitApp } from './fixture';

let ctx: TestContext;
let admin: string;
let shanghai: string;
let refs: KitRefs;

beforeAll(async () => {
  ctx = await startKitApp();
  admin = await ctx.login('admin', 'admin123');
  shanghai = await ctx.loginToOtherTenant();
  refs = await loadRefs(ctx, admin, shanghai);
});
afterAll(() => ctx.close());

const url = '/api/kit-fixtures';
const company = () => refs.companies[0]?.value as string;
const create = (payload: object, token = admin) =>
  ctx.request<Fixture>({ method: 'POST', url, token, payload: { companyId: company(), ...payload } });
const update = (id: string, payload: object, token = admin) =>
  ctx.request<Fixture>({ method: 'PUT', url: `${url}/${id}`, token, payload });
const detail = (id: string, token = admin) => ctx.request<Fixture>({ method: 'GET', url: `${url}/${id}`, token });
const history = async (id: string) =>
  (await ctx.request<HistoryEntry[]>({ method: 'GET', url: `${url}/${id}/history`, token: admin })).data;
/** The newest audit record of a row: a row deleted for good has no history page, its record stays. */
async function lastAudit(id: number) {
  const result = await ctx.database.db.execute(
    sql`select action, changes from audit_log where entity = 'kitFixture' and entity_id = ${String(id)} order by id desc limit 1`,
  );
  return rowsOf<{ action: string; changes: Record<string, unknown> }>(result)[0];
}
const matching = async (code: string) =>
  (await ctx.request<{ total: number }>({ method: 'GET', url: `${url}?code=${code}`, token: admin })).data.total;

async function upload(token: string, name: string): Promise<string> {
  const body = multipart([{ name, content: samples.pdf }]);
  const response = await ctx.request<UploadResult>({
    method: 'POST',
    url: '/api/gateway/storage/file/private',
    token,
    payload: body.payload,
    headers: body.headers,
  });
  return response.data.fileLocation;
}

/** Every editable field filled, as the form sends it (a moment in China time, roles in the order picked). */
const fullForm = (code: string, attachment: string) => ({
  code,
  serial: `SN-${code}`,
  quantity: 3,
  price: 1250,
  startDate: '2025-06-01',
  happenedAt: '2025-06-01T08:30:00+08:00',
  category: 1,
  active: true,
  companyId: company(),
  cityId: refs.cities[1]?.value,
  roleIds: [refs.roles[1]?.value, refs.roles[0]?.value],
  attachments: [attachment],
  labels: ['新车', '长租'],
  remark: '首批',
});

describe('saving a form', () => {
  it('saves a form with only its required fields, the others empty or at their defaults', async () => {
    const { code, data } = await create({ code: 'ONLY-REQUIRED' });
    expect(code).toBe(0);
    expect(data).toMatchObject({
      code: 'ONLY-REQUIRED',
      companyId: company(),
      companyName: refs.companies[0]?.label,
      serial: null,
      quantity: null,
      price: null,
      startDate: null,
      happenedAt: null,
      category: 0,
      status: 0,
      active: false,
      cityId: null,
      cityName: '',
      roleIds: [],
      roleNames: [],
      attachments: [],
      labels: [],
      remark: null,
      version: 1,
    });
  });

  it('keeps every kind of field and answers the names beside references', async () => {
    const attachment = await upload(admin, '合同扫描件.pdf');
    const { code, data } = await create(fullForm('FULL-1', attachment));
    expect(code).toBe(0);
    expect(data).toMatchObject({
      quantity: 3,
      price: 1250,
      startDate: '2025-06-01',
      happenedAt: '2025-06-01T00:30:00.000Z',
      category: 1,
      active: true,
      cityName: refs.cities[1]?.label,
      roleIds: [refs.roles[0]?.value, refs.roles[1]?.value],
      roleNames: [refs.roles[0]?.label, refs.roles[1]?.label],
      attachments: [attachment],
      fileNames: { [attachment]: '合同扫描件.pdf' },
      labels: ['新车', '长租'],
      remark: '首批',
    });
    const [entry] = await history(data.id);
    expect(entry).toMatchObject({ action: 'create', userName: '系统管理员' });
    expect(entry?.changes).toMatchObject({ code: { from: null, to: 'FULL-1' }, price: { from: null, to: 1250 } });
  });

  it('names the bound a number breaks', async () => {
    expect(await create({ code: 'BOUND-1', quantity: 0 })).toMatchObject({ code: 400, msg: '数量：不能小于1' });
    expect(await create({ code: 'BOUND-2', quantity: 1000 })).toMatchObject({ code: 400, msg: '数量：不能大于999' });
    expect(await matching('BOUND-')).toBe(0);
  });

  it('gives an optional field left empty its column’s default, when created and when an edit empties it', async () => {
    const created = await create({ code: 'NOT-NULL', category: null, active: null });
    expect(created.data).toMatchObject({ category: 0, active: false });
    const form = { code: 'NOT-NULL', companyId: company() };
    const set = await update(created.data.id, { ...form, category: 1, active: true, version: 1 });
    expect(set.data).toMatchObject({ category: 1, active: true, version: 2 });
    const emptied = await update(created.data.id, { ...form, category: null, active: null, version: 2 });
    expect(emptied).toMatchObject({ code: 0, data: { category: 0, active: false, version: 3 } });
    const [entry] = await history(created.data.id);
    expect(entry?.changes).toMatchObject({ category: { from: 1, to: 0 }, active: { from: true, to: false } });
  });
});

describe('editing and deleting', () => {
  it('records only what an edit changed, from → to, when the whole form is sent again', async () => {
    const attachment = await upload(admin, '附件.pdf');
    const created = await create(fullForm('EDIT-1', attachment));
    const edited = await update(created.data.id, { ...fullForm('EDIT-1', attachment), quantity: 5, version: 1 });
    expect(edited.data).toMatchObject({ quantity: 5, version: 2 });
    const [entry] = await history(created.data.id);
    expect(entry).toMatchObject({ action: 'update', changes: { quantity: { from: 3, to: 5 } } });
    expect(Object.keys(entry?.changes ?? {})).toEqual(['quantity']);
  });

  it('refuses an edit made on an old version (409) and keeps the newer one', async () => {
    const created = await create({ code: 'RACE-EDIT' });
    const form = { code: 'RACE-EDIT', companyId: company(), version: created.data.version };
    expect((await update(created.data.id, { ...form, remark: '先保存的' })).code).toBe(0);
    expect(await update(created.data.id, { ...form, remark: '后保存的' })).toMatchObject({
      code: 409,
      msg: '数据已被他人修改，请刷新后重试',
    });
    expect((await detail(created.data.id)).data).toMatchObject({ remark: '先保存的', version: 2 });
  });

  it('saves one of two edits of the same version sent at once, and refuses the other with 409', async () => {
    const created = await create({ code: 'RACE-EDIT-2' });
    const form = (remark: string) => ({ code: 'RACE-EDIT-2', companyId: company(), remark, version: 1 });
    const answers = await Promise.all([update(created.data.id, form('甲')), update(created.data.id, form('乙'))]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 409]);
    const saved = answers.find((answer) => answer.code === 0)?.data.remark;
    expect((await detail(created.data.id)).data).toMatchObject({ remark: saved, version: 2 });
  });

  it('deletes a row for good, auditing what it held', async () => {
    const created = await create({ code: 'GONE-1', roleIds: [refs.roles[0]?.value] });
    const id = Number(created.data.id);
    const removed = await ctx.request({ method: 'DELETE', url: `${url}/${id}`, token: admin });
    expect(removed.code).toBe(0);
    expect(await detail(created.data.id)).toMatchObject({ code: 404, msg: '测试条目不存在' });
    expect(await lastAudit(id)).toMatchObject({
      action: 'delete',
      changes: { code: { from: 'GONE-1', to: null }, roleIds: { from: [Number(refs.roles[0]?.value)], to: null } },
    });
    const links = await ctx.database.db.execute(sql`select 1 from kit_fixture_roles where fixture_id = ${id}`);
    expect(rowsOf(links)).toEqual([]);
    const again = await ctx.request({ method: 'DELETE', url: `${url}/${created.data.id}`, token: admin });
    expect(again).toMatchObject({ code: 404, msg: '测试条目不存在' });
  });

  it('refuses to delete or edit a row in a state its lifecycle keeps it in, saying why', async () => {
    const created = await create({ code: 'KEPT-1' });
    const submitted = await ctx.request({ method: 'POST', url: `${url}/${created.data.id}/submit`, token: admin });
    expect(submitted.code).toBe(0);
    const removed = await ctx.request({ method: 'DELETE', url: `${url}/${created.data.id}`, token: admin });
    expect(removed).toMatchObject({ code: 1000, msg: '测试条目当前为「已提交」，不能删除' });
    const { version } = (await detail(created.data.id)).data;
    const edited = await update(created.data.id, { code: 'KEPT-1', companyId: company(), remark: '改', version });
    expect(edited).toMatchObject({ code: 1000, msg: '测试条目当前为「已提交」，不能编辑' });
    expect((await detail(created.data.id)).data).toMatchObject({ code: 'KEPT-1', status: 1 });
    expect(await lastAudit(Number(created.data.id))).toMatchObject({ action: 'submit' });
  });

  it('lets a user without the 删除 button add but not delete', async () => {
    const ops = await ctx.login('ops', 'ops123');
    const created = await create({ code: 'OPS-1' }, ops);
    expect(created.code).toBe(0);
    const removed = await ctx.request({ method: 'DELETE', url: `${url}/${created.data.id}`, token: ops });
    expect(removed).toMatchObject({ code: 403, msg: '无权限' });
    expect((await detail(created.data.id)).code).toBe(0);
  });

  it("answers 不存在 for another branch company's row and leaves it as it was", async () => {
    const created = await create({ code: 'MINE-1', remark: '北京的' });
    const id = created.data.id;
    expect(await detail(id, shanghai)).toMatchObject({ code: 404, msg: '测试条目不存在' });
    const form = { code: 'MINE-1', companyId: refs.foreignCompany.value, remark: '上海改的', version: 1 };
    expect((await update(id, form, shanghai)).code).toBe(404);
    expect((await ctx.request({ method: 'DELETE', url: `${url}/${id}`, token: shanghai })).code).toBe(404);
    expect((await detail(id)).data).toMatchObject({ remark: '北京的', version: 1 });
  });
});

describe('unique fields', () => {
  it('answers 编号 X 已存在 for a code another row holds', async () => {
    expect((await create({ code: 'DUP-1' })).code).toBe(0);
    expect(await create({ code: 'DUP-1' })).toMatchObject({ code: 1000, msg: '编号 DUP-1 已存在' });
  });

  it('answers 编号 X 已存在 when an edit takes the code of another row, and keeps both', async () => {
    const taken = await create({ code: 'DUP-EDIT-1' });
    const mine = await create({ code: 'DUP-EDIT-2' });
    const edit = await update(mine.data.id, { code: 'DUP-EDIT-1', companyId: company(), version: 1 });
    expect(edit).toMatchObject({ code: 1000, msg: '编号 DUP-EDIT-1 已存在' });
    expect((await detail(mine.data.id)).data).toMatchObject({ code: 'DUP-EDIT-2', version: 1 });
    expect((await detail(taken.data.id)).data.code).toBe('DUP-EDIT-1');
  });

  it('lets exactly one of several identical creates sent at once through, the others told why', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => create({ code: 'DUP-RACE' })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 1000, 1000, 1000]);
    for (const refused of answers.filter((answer) => answer.code !== 0)) {
      expect(refused.msg).toBe('编号 DUP-RACE 已存在');
    }
    expect(await matching('DUP-RACE')).toBe(1);
  });

  it('lets rows leave an optional unique field empty, but not repeat it', async () => {
    expect((await create({ code: 'NO-SERIAL-1' })).code).toBe(0);
    expect((await create({ code: 'NO-SERIAL-2' })).code).toBe(0);
    expect((await create({ code: 'SERIAL-1', serial: 'SN-9' })).code).toBe(0);
    expect(await create({ code: 'SERIAL-2', serial: 'SN-9' })).toMatchObject({ code: 1000, msg: '序列号 SN-9 已存在' });
  });

  it('lets another branch company use the same code', async () => {
    expect((await create({ code: 'BOTH-1' })).code).toBe(0);
    expect((await create({ code: 'BOTH-1', companyId: refs.foreignCompany.value }, shanghai)).code).toBe(0);
  });
});

describe('references and files', () => {
  it("refuses another branch company's company, or one that does not exist, and saves nothing", async () => {
    expect(await create({ code: 'REF-1', companyId: refs.foreignCompany.value })).toMatchObject({
      code: 1000,
      msg: '所属公司不存在',
    });
    expect(await create({ code: 'REF-1', companyId: '999999' })).toMatchObject({ code: 1000, msg: '所属公司不存在' });
    expect(await create({ code: 'REF-1', cityId: '999999' })).toMatchObject({ code: 1000, msg: '城市不存在' });
    expect(await create({ code: 'REF-1', roleIds: [refs.foreignRole.value] })).toMatchObject({
      code: 1000,
      msg: '角色不存在',
    });
    expect(await matching('REF-1')).toBe(0);
  });

  it("keeps a row as it was when an edit points at another branch company's rows", async () => {
    const created = await create({ code: 'REF-2', roleIds: [refs.roles[0]?.value] });
    const form = { code: 'REF-2', companyId: company(), version: 1 };
    const refused = await update(created.data.id, { ...form, roleIds: [refs.foreignRole.value] });
    expect(refused).toMatchObject({ code: 1000, msg: '角色不存在' });
    expect((await detail(created.data.id)).data).toMatchObject({ roleIds: [refs.roles[0]?.value], version: 1 });
  });

  it('refuses a file uploaded in another branch company, or a location nobody uploaded', async () => {
    const foreign = await upload(shanghai, '上海合同.pdf');
    const own = await upload(admin, '北京合同.pdf');
    const message = '附件不存在或不属于当前分公司，请重新上传';
    expect(await create({ code: 'FILE-1', attachments: [own, foreign] })).toMatchObject({ code: 1000, msg: message });
    expect(await create({ code: 'FILE-1', attachments: ['private/2026/01/made-up.pdf'] })).toMatchObject({
      msg: message,
    });
    expect(await matching('FILE-1')).toBe(0);
  });

  it('refuses a file of a kind the field does not take, naming the field and the kinds it takes', async () => {
    const document = await upload(admin, '合同.pdf');
    expect(await create({ code: 'FILE-2', photos: [document] })).toMatchObject({
      code: 1000,
      msg: '照片：文件格式不正确，仅支持PNG、JPG、JPEG',
    });
    expect(await matching('FILE-2')).toBe(0);
    expect(await create({ code: 'FILE-2', attachments: [document] })).toMatchObject({ code: 0 });
  });
});
