import type { FeedbackReceipt, ProductDocument, UploadResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { type FileTestContext, multipart, samples, startFileApp } from './files-support';

let ctx: FileTestContext;
let token: string;
let screenshot: string;

beforeAll(async () => {
  ctx = await startFileApp();
  token = await ctx.login('ops', 'ops123');
  const uploaded = await ctx.request<UploadResult>({
    method: 'POST',
    url: '/api/gateway/storage/image/private',
    token,
    ...multipart([{ name: '截图.png', content: samples.png }]),
  });
  screenshot = uploaded.data.fileLocation;
});
afterAll(() => ctx.close());

const suggestion = { role: '调度员', menu: '车辆管理 / 车辆列表', problem: '希望支持按城市筛选', level: '中', pic: [] };
const fault = {
  type: '涉及结算/财务/金额',
  menu: '财务管理 / 账单列表',
  problem: '账单金额与明细合计不一致',
  pic: [] as string[],
  url: 'http://localhost:8080/billList?page=2',
};

const post = <T = FeedbackReceipt>(url: string, payload: object) =>
  ctx.request<T>({ method: 'POST', url, token, payload });

async function stored(id: string) {
  const rows = await ctx.database.db.execute(sql`select * from feedback_entries where id = ${Number(id)}`);
  return rowsOf<Record<string, unknown>>(rows)[0];
}

describe('feedback', () => {
  it('stores a suggestion with its screenshot, from any signed-in user, and audits it', async () => {
    const response = await post('/api/feedback/suggestions', { ...suggestion, pic: [screenshot], sysName: 'cp' });
    expect(response).toMatchObject({ code: 0, msg: '操作成功' });
    expect(await stored(response.data.id)).toMatchObject({
      kind: 'suggestion',
      role: '调度员',
      level: '中',
      pics: [screenshot],
      sys_name: 'cp',
      submitter_name: '运营专员',
    });
    const audit = await ctx.database.db.execute(
      sql`select action from audit_log where entity = 'feedback' and entity_id = ${response.data.id}`,
    );
    expect(rowsOf(audit)).toEqual([{ action: 'create' }]);
  });

  it('stores a fault report', async () => {
    const response = await post('/api/feedback/faults', { ...fault, pic: [screenshot], sysName: 'cp' });
    expect(response.code).toBe(0);
    expect(await stored(response.data.id)).toMatchObject({
      kind: 'fault',
      fault_type: '涉及结算/财务/金额',
      url: fault.url,
      pics: [screenshot],
    });
  });

  it('names what is missing or wrong in Chinese', async () => {
    expect(await post('/api/feedback/suggestions', { ...suggestion, role: ' ', sysName: 'cp' })).toMatchObject({
      code: 400,
      msg: '角色：请输入角色',
    });
    expect(await post('/api/feedback/suggestions', { ...suggestion, level: '紧急', sysName: 'cp' })).toMatchObject({
      code: 400,
      msg: '等级：请选择等级（高、中、低）',
    });
    expect(
      await post('/api/feedback/suggestions', {
        ...suggestion,
        pic: [screenshot, screenshot, screenshot, screenshot],
        sysName: 'cp',
      }),
    ).toMatchObject({ code: 400, msg: '截图：不能超过3项' });
    expect(await post('/api/feedback/faults', { ...fault, type: '其他', sysName: 'cp' })).toMatchObject({
      code: 400,
      msg: '类型：请选择类型（阻塞使用流程、涉及结算/财务/金额、普通功能错误、以上都有）',
    });
    expect(await post('/api/feedback/faults', { ...fault, sysName: 'crm' })).toMatchObject({
      code: 400,
      msg: '系统名称：必须为 cp',
    });
    expect(await post('/api/feedback/faults', { ...fault, url: '', sysName: 'cp' })).toMatchObject({
      msg: '页面地址：请输入页面地址',
    });
  });

  it('refuses screenshots that are not this company’s files', async () => {
    const response = await post('/api/feedback/faults', {
      ...fault,
      pic: ['private/2025/01/someone-elses.png'],
      sysName: 'cp',
    });
    expect(response).toMatchObject({ code: 400, msg: '截图：文件 private/2025/01/someone-elses.png 不存在' });
  });

  it('needs a session', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/feedback/suggestions',
      payload: { ...suggestion, sysName: 'cp' },
    });
    expect(response.code).toBe(1001);
  });
});

describe('product document', () => {
  it('answers picsPath.fileAccessUrl of the user manual PDF, generated from docs/USER_MANUAL.md', async () => {
    const response = await post<ProductDocument>('/api/feedback/product-document', { sysName: 'cp' });
    expect(response.code).toBe(0);
    const url = response.data.picsPath.fileAccessUrl;
    expect(url).toMatch(/^\/api\/files\/signed\//);
    const pdf = await ctx.app.inject({ method: 'GET', url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain(
      `inline; filename="CP.pdf"; filename*=UTF-8''${encodeURIComponent('CP运营管理系统用户手册.pdf')}`,
    );
    const text = pdf.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toMatch(/NotoSansSC/);
    expect((text.match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(4);
    // Made once and kept: a second call answers the same file.
    const again = await post<ProductDocument>('/api/feedback/product-document', { sysName: 'cp' });
    const second = await ctx.app.inject({ method: 'GET', url: again.data.picsPath.fileAccessUrl });
    expect(second.rawPayload.equals(pdf.rawPayload)).toBe(true);
  });
});
