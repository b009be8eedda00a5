import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocationRules } from '../src/channels/tables';
import { enqueueJob } from '../src/jobs/queue';
import { invalidLeadRulesJob } from '../src/leads/job';
import { invalidLeadRuleCities, invalidLeadRules } from '../src/leads/tables';
import { callsAs } from './calls';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let admin: string;
let adminId: string;

type Row = Record<string, unknown> & { id: string; version: number; status: number };
interface Page<T = Row> {
  list: T[];
  total: number;
}

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  const staff = await ctx.request<{ label: string; value: string }[]>({
    method: 'GET',
    url: '/api/lookups/tenant-users',
    token: admin,
  });
  adminId = String(staff.data.find((user) => user.label === '系统管理员')?.value);
  // The demo's allocation rules would give every new lead a salesperson: these tests add their own.
  await ctx.database.db.update(allocationRules).set({ enabled: false });
  // Nor do the demo's 无效线索 rules judge them: each test sets the rule it is about.
  await ctx.database.db.delete(invalidLeadRuleCities);
  await ctx.database.db.delete(invalidLeadRules);
});
afterAll(() => ctx.close());

const { get, post } = callsAs<Page, Row>(() => ({ ctx, token: admin }));
async function runDailyRules() {
  await enqueueJob(ctx.database.db, invalidLeadRulesJob, { payload: {} });
  await ctx.app.jobs.runUntilIdle();
}
let serial = 0;
const nextMobile = () => `139${String(7_000_000 + serial++).padStart(8, '0')}`;
async function newLead(extra: object = {}) {
  const created = await post('/api/leads', { contactName: '测试联系人', mobile: nextMobile(), business: 0, ...extra });
  expect(created.msg).toBe('success');
  return created.data;
}
const followUp = (id: string, extra: object = {}) =>
  post(`/api/leads/${id}/follow-up`, {
    followedAt: new Date(Date.now() - 60_000).toISOString(),
    way: 0,
    answered: true,
    content: '已电话沟通，客户考虑网约车租赁',
    intentionLevel: 1,
    nextFollowUpDate: '2099-01-01',
    ...extra,
  });
const allocate = (id: string, salespersonId = adminId) => post(`/api/leads/${id}/allocate`, { salespersonId });
const invalidate = (id: string, reason = '号码空号') => post(`/api/leads/${id}/invalidate`, { reason });
const events = async (id: string) =>
  (
    await get<Page<{ kind: number; summary: string; actorName: string }>>(
      `/api/lead-events/views/threadDetailsLog?leadId=${id}`,
    )
  ).data.list;

describe('a lead’s lifecycle', () => {
  it('is added 待分配 by hand without a matching allocation rule, with 手工 as its source', async () => {
    const lead = await newLead();
    expect(lead).toMatchObject({ status: 0, source: 0, salespersonId: null });
    expect((await events(lead.id)).map((event) => event.summary)).toEqual(['手工新增线索']);
  });

  it('goes 待分配 → 待跟进 → 跟进中 → 无效, each step in its log', async () => {
    const lead = await newLead();
    expect((await allocate(lead.id)).code).toBe(0);
    expect((await get<Row>(`/api/leads/${lead.id}`)).data).toMatchObject({ status: 1, salespersonId: adminId });
    expect((await followUp(lead.id)).code).toBe(0);
    const followed = (await get<Row>(`/api/leads/${lead.id}`)).data;
    expect(followed).toMatchObject({ status: 2, intentionLevel: 1, nextFollowUpDate: '2099-01-01', followUpCount: 1 });
    expect((await followUp(lead.id, { answered: false, intentionLevel: 2 })).code).toBe(0);
    expect((await get<Row>(`/api/leads/${lead.id}`)).data).toMatchObject({
      status: 2,
      intentionLevel: 2,
      followUpCount: 2,
    });
    const followUps = await get<Page<{ answered: boolean }>>(
      `/api/lead-follow-ups/views/threadDeatailsFollowUp?leadId=${lead.id}`,
    );
    expect(followUps.data.list.map((row) => row.answered)).toEqual([false, true]);
    expect((await invalidate(lead.id)).code).toBe(0);
    expect((await get<Row>(`/api/leads/${lead.id}`)).data).toMatchObject({ status: 4, invalidReason: '号码空号' });
    expect((await events(lead.id)).map((event) => event.summary)).toEqual([
      '标记无效：号码空号',
      '电话跟进（未接通），意向等级C（一般）：已电话沟通，客户考虑网约车租赁',
      '电话跟进（已接通），意向等级B（较强）：已电话沟通，客户考虑网约车租赁',
      '分配给系统管理员',
      '手工新增线索',
    ]);
  });

  it('re-allocates a lead being followed up back to 待跟进', async () => {
    const lead = await newLead();
    await allocate(lead.id);
    await followUp(lead.id);
    expect((await allocate(lead.id)).code).toBe(0);
    expect((await get<Row>(`/api/leads/${lead.id}`)).data.status).toBe(1);
  });

  it('refuses what the state does not allow, saying why', async () => {
    const lead = await newLead();
    expect((await followUp(lead.id)).msg).toBe('线索当前为「待分配」，不能跟进');
    await invalidate(lead.id);
    expect((await allocate(lead.id)).msg).toBe('线索当前为「无效」，不能分配');
    expect((await invalidate(lead.id)).msg).toBe('线索当前为「无效」，不能无效');
    expect((await followUp(lead.id)).msg).toBe('线索当前为「无效」，不能跟进');
  });

  it('refuses a salesperson who is not the branch company’s, a follow-up in the future, and an empty reason', async () => {
    const lead = await newLead();
    expect((await allocate(lead.id, '999999')).msg).toBe('销售人员不存在');
    await allocate(lead.id);
    const future = await followUp(lead.id, { followedAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.msg).toBe('跟进时间：不能晚于当前时间');
    expect((await post(`/api/leads/${lead.id}/invalidate`, { reason: ' ' })).msg).toBe('无效原因：不能为空');
  });
});

describe('allocation on creation', () => {
  it('gives a new lead to the next salesperson of the matching rule, 待跟进, logged as the rule’s', async () => {
    const cities = await get<{ label: string; value: string }[]>('/api/lookups/cities');
    const city = cities.data[3]?.value;
    const rule = await post('/api/allocation-rules', {
      name: '测试城市线索',
      priority: 1,
      cityId: city,
      salespersonIds: [adminId],
      enabled: true,
    });
    expect(rule.msg).toBe('success');
    const lead = await newLead({ cityId: city });
    expect(lead).toMatchObject({ status: 1, salespersonId: adminId });
    expect((await events(lead.id)).map((event) => event.summary)).toEqual([
      '按分配规则分配给系统管理员',
      '手工新增线索',
    ]);
    expect((await newLead({ cityId: cities.data[4]?.value })).status).toBe(0);
  });
});

describe('bulk 分配', () => {
  it('allocates the open leads picked and names each refused one with why', async () => {
    const waiting = await newLead({ contactName: '甲' });
    const following = await newLead({ contactName: '乙' });
    await allocate(following.id);
    await followUp(following.id);
    const given = await newLead({ contactName: '丙' });
    await invalidate(given.id);
    const answer = await post<{ done: number; refused: { id: string; message: string }[] }>(
      '/api/leads/bulk/allocate',
      { ids: [waiting.id, following.id, given.id], body: { salespersonId: adminId } },
    );
    expect(answer.data.done).toBe(2);
    expect(answer.data.refused).toEqual([{ id: given.id, name: '丙', message: '丙：线索当前为「无效」，不能分配' }]);
    expect((await get<Row>(`/api/leads/${waiting.id}`)).data).toMatchObject({ status: 1, salespersonId: adminId });
    expect((await get<Row>(`/api/leads/${following.id}`)).data.status).toBe(1);
  });
});

describe('duplicates', () => {
  it('refuses a mobile that is an open lead already, also under parallel requests', async () => {
    const mobile = nextMobile();
    const payload = { contactName: '并发', mobile, business: 1 };
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/leads', payload)));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.code !== 0)) {
      expect(refused.msg).toBe(`手机号${mobile}已有未结束的线索（并发，待分配）`);
    }
  });

  it('refuses an edit to the mobile of another open lead, and logs an edit', async () => {
    const first = await newLead();
    const second = await newLead({ contactName: '李四' });
    const edit = (mobile: string) =>
      ctx.request<Row>({
        method: 'PUT',
        url: `/api/leads/${second.id}`,
        token: admin,
        payload: { contactName: '李四', mobile, business: 2, version: second.version },
      });
    expect((await edit(String(first.mobile))).msg).toContain(`手机号${String(first.mobile)}已有未结束的线索`);
    expect((await edit(String(second.mobile))).code).toBe(0);
    expect((await events(second.id))[0]?.summary).toBe('意向业务：网约车租赁 → 以租代购');
  });
});

describe('invalid lead rules', () => {
  const rule = (payload: object) => post('/api/invalid-lead-rules', { enabled: true, ...payload });

  it('refuses a rule without the parameter its kind needs, and a second rule of a kind', async () => {
    expect((await rule({ name: '黑名单', kind: 3 })).msg).toBe('手机号黑名单规则须填写黑名单手机号');
    const duplicates = await rule({ name: '重复', kind: 0 });
    expect(duplicates.data).toMatchObject({ days: 30 });
    expect((await rule({ name: '黑名单', kind: 3, mobiles: ['123'] })).msg).toBe('黑名单手机号：「123」不是11位手机号');
    expect((await rule({ name: '黑名单', kind: 3, mobiles: ['13900000001'] })).code).toBe(0);
    expect((await rule({ name: '黑名单2', kind: 3, mobiles: ['13900000002'] })).msg).toContain('已存在');
  });

  it('marks a new lead on the blocklist 无效 as it is added', async () => {
    const created = await post('/api/leads', { contactName: '黑名单', mobile: '13900000001', business: 0 });
    expect(created.data).toMatchObject({ status: 4 });
    expect(String(created.data.invalidReason)).toBe('手机号黑名单（规则「黑名单」）：手机号在黑名单中');
  });

  it('the daily job marks open leads unanswered N times, logged as the rule; running it again changes nothing', async () => {
    const lead = await newLead();
    await allocate(lead.id);
    await followUp(lead.id, { answered: false });
    await followUp(lead.id, { answered: false });
    expect((await rule({ name: '两次未接通', kind: 1, times: 2 })).code).toBe(0);
    const answered = await newLead();
    await allocate(answered.id);
    await followUp(answered.id, { answered: false });
    await followUp(answered.id, { answered: true });
    await runDailyRules();
    expect((await get<Row>(`/api/leads/${lead.id}`)).data).toMatchObject({
      status: 4,
      invalidReason: '多次未接通（规则「两次未接通」）：连续2次跟进未接通',
    });
    expect((await get<Row>(`/api/leads/${answered.id}`)).data.status).toBe(2);
    const logged = await events(lead.id);
    expect(logged[0]).toMatchObject({ kind: 4, actorName: '系统（无效线索规则）' });
    await runDailyRules();
    expect(await events(lead.id)).toHaveLength(logged.length);
  });
});

describe('access', () => {
  it('keeps another branch company’s leads invisible by id', async () => {
    const lead = await newLead();
    const other = await ctx.loginToOtherTenant();
    expect((await get(`/api/leads/${lead.id}`, other)).msg).toBe('线索不存在');
    expect(
      (await allocate(lead.id, adminId).then(() => post(`/api/leads/${lead.id}/invalidate`, { reason: 'x' }, other)))
        .msg,
    ).toBe('线索不存在');
    admin = await ctx.login('admin', 'admin123');
  });

  it('refuses ops every lead operation', async () => {
    const ops = await ctx.login('ops', 'ops123');
    expect((await get('/api/leads', ops)).code).toBe(403);
    expect((await post('/api/leads', { contactName: 'x', mobile: nextMobile(), business: 0 }, ops)).code).toBe(403);
    expect((await get('/api/invalid-lead-rules', ops)).code).toBe(403);
  });
});
