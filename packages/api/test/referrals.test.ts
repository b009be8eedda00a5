import { nationalIdCheckCharacter, type PageResult, pointsScreens } from '@cp/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awardReferralDelivered } from '../src/points/award';
import { advanceReferral } from '../src/referrals/referrals';
import { referrals } from '../src/referrals/tables';
import { startTestApp, type TestContext } from './harness';

type Referral = Record<string, unknown> & { id: string; stage: number; version: number };
type Award = Record<string, unknown> & { id: string; status: number; amount: number };
type Option = { value: string; label: string };
type Entry = { action: string; userName: string | null; changes: Record<string, { to: unknown }> | null };

let ctx: TestContext;
let admin: string;
let shanghai: string;
let ops: string;
let drivers: Option[];
let shanghaiDriver: string;
/** A driver who has a car: an invitee a referral may be delivered to (确认交车 needs a car handed over). */
let withCar: Option;

const endpoint = '/api/referrals';
const awards = '/api/referral-awards';

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  shanghai = await ctx.loginToOtherTenant();
  ops = await ctx.login('ops', 'ops123');
  drivers = [await driver(admin, 1), await driver(admin, 2)];
  shanghaiDriver = (await driver(shanghai, 3)).value;
  withCar = await driver(admin, 4);
  await handedOver(drivers[1] as Option);
  await handedOver(withCar);
});

/** Gives a driver a lease order whose car is with them (in force, 已交车), as the order family leaves it. */
async function handedOver(who: Option) {
  await ctx.database.db.execute(sql`insert into lease_orders (tenant_id, order_no, driver_id, city_id, model_id,
      rental_mode, order_type, rent_receipt, rent_timing, maintenance_plan, rent_settlement, start_date, term_months,
      end_date, status, delivery_state, delivered_at)
    select d.tenant_id, ${`ZLTEST${who.value}`}, d.id, d.city_id, (select id from vehicle_catalog where level = 3 limit 1),
      0, 0, 0, 1, 0, 0, current_date, 12, current_date + 365, 3, 1, now()
    from drivers d where d.id = ${Number(who.value)}`);
}

/** A 正常 ride-hailing driver of the token's branch company, as the driver lookup names them. */
async function driver(token: string, sequence: number): Promise<Option> {
  const cities = await ctx.request<Option[]>({ method: 'GET', url: '/api/lookups/cities', token });
  const first17 = `110105198803150${String(sequence).padStart(2, '0')}`;
  const mobile = `1660000000${sequence}`;
  const saved = await ctx.request<{ id: string; name: string }>({
    method: 'POST',
    url: '/api/ride-hailing-drivers',
    token,
    payload: {
      name: `拉新司机${sequence}`,
      mobile,
      nationalId: first17 + nationalIdCheckCharacter(first17),
      cityId: cities.data[0]?.value,
      licenseClass: 6,
    },
  });
  if (saved.code !== 0) throw new Error(saved.msg);
  await ctx.request({ method: 'POST', url: `/api/ride-hailing-drivers/${saved.data.id}/approve`, token, payload: {} });
  return { value: saved.data.id, label: `拉新司机${sequence}（${mobile}）` };
}
afterAll(() => ctx.close());

let serial = 0;
const invite = (overrides: object = {}) => {
  serial++;
  return {
    inviteeName: `被邀请人${serial}`,
    inviteeMobile: `1770000${String(serial).padStart(4, '0')}`,
    inviterId: drivers[0]?.value,
    invitedAt: new Date(Date.now() - 3_600_000).toISOString(),
    remark: null,
    ...overrides,
  };
};
const create = (payload: object, token = admin) =>
  ctx.request<Referral>({ method: 'POST', url: endpoint, token, payload });
const get = (id: string, token = admin) => ctx.request<Referral>({ method: 'GET', url: `${endpoint}/${id}`, token });
const act = (id: string, action: string, payload: object = {}, token = admin) =>
  ctx.request({ method: 'POST', url: `${endpoint}/${id}/${action}`, token, payload });
const apply = (payload: object, token = admin) => ctx.request<Award>({ method: 'POST', url: awards, token, payload });
const award = (id: string, action: string, payload: object = {}, token = admin) =>
  ctx.request({ method: 'POST', url: `${awards}/${id}/${action}`, token, payload });

async function delivered(overrides: object = {}) {
  const { data } = await create(invite(overrides));
  expect((await act(data.id, 'register', { inviteeDriverId: withCar.value })).code).toBe(0);
  for (const action of ['sign', 'deliver']) expect((await act(data.id, action)).code).toBe(0);
  return data;
}

describe('司机拉新', () => {
  it('has drivers to invite with in both branch companies', () => {
    expect(drivers.length).toBeGreaterThanOrEqual(2);
    expect(shanghaiDriver).not.toBe('');
  });

  it('records an invitation at 已邀请, then advances one stage at a time, each with its time', async () => {
    const saved = await create(invite());
    expect(saved).toMatchObject({ code: 0, data: { stage: 1 } });
    const id = saved.data.id;
    expect((await get(id)).data).toMatchObject({ inviterName: drivers[0]?.label, inviteeDriverName: '' });
    expect((await act(id, 'sign')).msg).toBe('司机拉新当前为「已邀请」，不能确认签约');
    expect((await act(id, 'deliver')).msg).toBe('司机拉新当前为「已邀请」，不能确认交车');
    expect((await act(id, 'register', { inviteeDriverId: drivers[1]?.value })).code).toBe(0);
    expect((await get(id)).data).toMatchObject({ stage: 2, inviteeDriverId: drivers[1]?.value });
    expect((await act(id, 'register')).msg).toBe('司机拉新当前为「已注册」，不能确认注册');
    expect((await act(id, 'sign')).code).toBe(0);
    expect((await act(id, 'deliver')).code).toBe(0);
    const done = (await get(id)).data;
    expect(done.stage).toBe(4);
    for (const at of ['registeredAt', 'signedAt', 'deliveredAt']) expect(done[at]).toEqual(expect.any(String));
    expect((await act(id, 'invalidate', { reason: '重复登记' })).msg).toBe('司机拉新当前为「已交车」，不能置为失效');
    const history = await ctx.request<Entry[]>({ method: 'GET', url: `${endpoint}/${id}/history`, token: admin });
    expect(history.data.map((entry) => entry.action)).toEqual(['deliver', 'sign', 'register', 'create']);
  });

  it('invalidates an open referral with a reason, and then lets the invitee be invited again', async () => {
    const first = (await create(invite())).data;
    expect((await act(first.id, 'invalidate', {})).msg).toContain('失效原因');
    expect((await act(first.id, 'invalidate', { reason: '联系不上' })).code).toBe(0);
    expect((await get(first.id)).data).toMatchObject({ stage: 9, invalidReason: '联系不上' });
    expect((await act(first.id, 'register')).msg).toBe('司机拉新当前为「已失效」，不能确认注册');
    const again = await create(invite({ inviteeMobile: first.inviteeMobile }));
    expect(again.code).toBe(0);
  });

  it('refuses a wrong mobile, a future time, a driver inviting themself, and a driver of another branch', async () => {
    expect((await create(invite({ inviteeMobile: '1234' }))).msg).toContain('被邀请人手机号');
    const future = await create(invite({ invitedAt: new Date(Date.now() + 86_400_000).toISOString() }));
    expect(future.msg).toBe('邀请时间：不能晚于当前时间');
    expect((await create(invite({ inviteeMobile: '16600000001' }))).msg).toBe(
      '被邀请人手机号：不能是邀请司机本人的手机号',
    );
    const stranger = await create(invite({ inviterId: shanghaiDriver }));
    expect(stranger.code).not.toBe(0);
    expect(stranger.msg).toContain('邀请司机');
  });

  it('keeps one open referral per invitee mobile, also when the same invitation is sent at once', async () => {
    const payload = invite();
    const answers = await Promise.all(Array.from({ length: 4 }, () => create(payload)));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.code !== 0)) {
      expect(refused.msg).toBe(`被邀请人手机号 ${payload.inviteeMobile} 已存在`);
    }
  });

  it('keeps branch companies apart: 上海分公司 neither lists nor advances 北京分公司 referrals', async () => {
    const own = (await create(invite())).data;
    const list = await ctx.request<PageResult<Referral>>({
      method: 'GET',
      url: `${endpoint}?inviteeMobile=${own.inviteeMobile}`,
      token: shanghai,
    });
    expect(list.data.total).toBe(0);
    expect((await get(own.id, shanghai)).code).not.toBe(0);
    expect((await act(own.id, 'register', {}, shanghai)).code).not.toBe(0);
    expect((await get(own.id)).data.stage).toBe(1);
    // The same mobile is free in another branch company.
    expect((await create(invite({ inviteeMobile: own.inviteeMobile, inviterId: shanghaiDriver }), shanghai)).code).toBe(
      0,
    );
  });

  it('refuses ops, who holds vehicles and orders only', async () => {
    const list = await ctx.request({ method: 'GET', url: endpoint, token: ops });
    expect(list.status === 403 || list.code === 403).toBe(true);
    expect((await create(invite(), ops)).code).toBe(403);
    expect((await apply({ referralId: '1', reason: '拉新奖励' }, ops)).code).toBe(403);
  });
});

describe('advanceReferral (for the order family)', () => {
  it('moves the open referral of a mobile forward, filling skipped stages, recorded by 系统; never back', async () => {
    const saved = (await create(invite())).data;
    const [row] = await ctx.database.db
      .select({ tenantId: referrals.tenantId })
      .from(referrals)
      .where(eq(referrals.id, Number(saved.id)));
    const tenantId = Number(row?.tenantId);
    const moved = await ctx.database.db.transaction((tx) =>
      advanceReferral(tx, tenantId, { inviteeMobile: String(saved.inviteeMobile) }, 3),
    );
    expect(moved).toBe(Number(saved.id));
    const signed = (await get(saved.id)).data;
    expect(signed).toMatchObject({ stage: 3, registeredAt: expect.any(String), signedAt: expect.any(String) });
    await ctx.database.db.transaction((tx) =>
      advanceReferral(tx, tenantId, { inviteeMobile: String(saved.inviteeMobile) }, 2),
    );
    expect((await get(saved.id)).data.stage).toBe(3);
    const history = await ctx.request<Entry[]>({ method: 'GET', url: `${endpoint}/${saved.id}/history`, token: admin });
    expect(history.data[0]).toMatchObject({ action: 'sign', userName: '系统' });
    // Found by the driver record the invitee became, too.
    const byDriver = (await create(invite())).data;
    await act(byDriver.id, 'register', { inviteeDriverId: drivers[1]?.value });
    const found = await ctx.database.db.transaction((tx) =>
      advanceReferral(tx, tenantId, { driverId: Number(drivers[1]?.value) }, 4),
    );
    expect(found).toBe(Number(byDriver.id));
    expect((await get(byDriver.id)).data.stage).toBe(4);
    const none = await ctx.database.db.transaction((tx) =>
      advanceReferral(tx, tenantId, { inviteeMobile: '17799999999' }, 4),
    );
    expect(none).toBeNull();
    // Not in another branch company.
    const other = await ctx.database.db.transaction((tx) =>
      advanceReferral(tx, tenantId + 1000, { inviteeMobile: String(saved.inviteeMobile) }, 4),
    );
    expect(other).toBeNull();
  });
});

describe('推荐司机成功 points', () => {
  type PointsEntry = { points: number; balanceAfter: number; title: string };
  const entriesOf = async (driverId: string) =>
    (
      await ctx.request<PageResult<PointsEntry>>({
        method: 'GET',
        url: `${pointsScreens.integralAllDetails.endpoint}?driverId=${driverId}&limit=200`,
        token: admin,
      })
    ).data.list.filter((entry) => entry.title.startsWith('推荐司机成功'));

  it('earns the inviter the task once when a referral reaches 已交车 by hand, and again for the next one', async () => {
    const inviter = drivers[1]?.value as string;
    const before = await entriesOf(inviter);
    const first = await delivered({ inviterId: inviter });
    const earned = (await entriesOf(inviter)).filter((entry) => entry.title === `推荐司机成功：${first.inviteeName}`);
    expect(earned).toHaveLength(1);
    expect(earned[0]?.points).toBeGreaterThan(0);
    // The same referral told again (the order's 交车 after staff's 确认交车) earns nothing more.
    const [row] = await ctx.database.db
      .select({ tenantId: referrals.tenantId })
      .from(referrals)
      .where(eq(referrals.id, Number(first.id)));
    const again = await ctx.database.db.transaction((tx) =>
      awardReferralDelivered(
        tx,
        { tenantId: Number(row?.tenantId), userId: null },
        {
          id: Number(first.id),
          inviterId: Number(inviter),
          inviteeName: String(first.inviteeName),
        },
      ),
    );
    expect(again).toEqual({ duplicate: expect.any(Number) });
    expect((await entriesOf(inviter)).length).toBe(before.length + 1);
    const second = await delivered({ inviterId: inviter });
    expect((await entriesOf(inviter)).map((entry) => entry.title)).toContain(`推荐司机成功：${second.inviteeName}`);
  });

  it('earns it when the order family moves the referral to 已交车', async () => {
    const inviter = drivers[0]?.value as string;
    const saved = (await create(invite({ inviterId: inviter }))).data;
    const [row] = await ctx.database.db
      .select({ tenantId: referrals.tenantId })
      .from(referrals)
      .where(eq(referrals.id, Number(saved.id)));
    await ctx.database.db.transaction((tx) =>
      advanceReferral(tx, Number(row?.tenantId), { inviteeMobile: String(saved.inviteeMobile) }, 4),
    );
    const earned = (await entriesOf(inviter)).filter((entry) => entry.title === `推荐司机成功：${saved.inviteeName}`);
    expect(earned).toHaveLength(1);
  });
});

describe('激励分配 by completed referrals', () => {
  it('picks drivers, and splits by each one’s referrals delivered within the period', async () => {
    await delivered({ inviterId: drivers[0]?.value });
    await delivered({ inviterId: drivers[0]?.value });
    await delivered({ inviterId: drivers[1]?.value });
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const preview = await ctx.request<{ parts: { amount: number; referralCount: number; personName: string }[] }>({
      method: 'POST',
      url: '/api/incentive-allocations/preview',
      token: admin,
      payload: {
        periodStart: today,
        periodEnd: today,
        totalAmount: 100_000,
        rule: 3,
        participants: drivers.slice(0, 2).map((driver) => ({ personKind: 1, personId: driver.value })),
      },
    });
    expect(preview.code).toBe(0);
    const [first, second] = preview.data.parts;
    expect(first?.personName).toBe(drivers[0]?.label);
    expect((first?.referralCount ?? 0) >= 2 && (second?.referralCount ?? 0) >= 1).toBe(true);
    expect((first?.amount ?? 0) + (second?.amount ?? 0)).toBe(100_000);
  });
});

describe('奖励申请', () => {
  it('applies for a delivered referral only, with the stages’ reward by default, once', async () => {
    const open = (await create(invite())).data;
    expect((await apply({ referralId: open.id, reason: '拉新奖励' })).msg).toBe(
      '拉新记录当前为「已邀请」，交车后才能申请奖励',
    );
    const done = await delivered();
    const saved = await apply({ referralId: done.id, reason: '拉新奖励' });
    expect(saved).toMatchObject({ code: 0, data: { status: 1, amount: 75_000, inviterId: drivers[0]?.value } });
    expect(saved.data.applicantName).toBe('系统管理员');
    expect((await apply({ referralId: done.id, reason: '再次申请' })).msg).toBe(
      `拉新记录「${done.inviteeName}」的奖励申请已存在`,
    );
  });

  it('answers 已存在 to all but one of parallel applications for the same referral', async () => {
    const done = await delivered();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => apply({ referralId: done.id, reason: '拉新奖励', amount: 60_000 })),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.code !== 0)) {
      expect(refused.msg).toBe(`拉新记录「${done.inviteeName}」的奖励申请已存在`);
    }
  });

  it('refuses an amount of 0 or above the limit', async () => {
    const done = await delivered();
    expect((await apply({ referralId: done.id, reason: '拉新奖励', amount: 0 })).msg).toBe('奖励金额：应大于0');
    expect((await apply({ referralId: done.id, reason: '拉新奖励', amount: 500_001 })).msg).toBe(
      '奖励金额：不能超过5000元',
    );
  });

  it('goes 待审核 → 已通过 → 已发放, or 已驳回 with a reason after which a corrected one may be applied for', async () => {
    const done = await delivered();
    const first = (await apply({ referralId: done.id, reason: '拉新奖励', amount: 90_000 })).data;
    expect((await award(first.id, 'pay', { paymentReference: 'P1', paidOn: '2025-01-01' })).msg).toBe(
      '奖励申请当前为「待审核」，不能发放',
    );
    expect((await award(first.id, 'reject', {})).msg).toContain('驳回原因');
    expect((await award(first.id, 'reject', { reason: '金额超出标准' })).code).toBe(0);
    expect((await award(first.id, 'approve')).msg).toBe('奖励申请当前为「已驳回」，不能审核通过');
    const second = (await apply({ referralId: done.id, reason: '按标准重新申请' })).data;
    expect((await award(second.id, 'approve')).code).toBe(0);
    const tomorrow = new Date(Date.now() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    expect((await award(second.id, 'pay', { paymentReference: 'P1', paidOn: tomorrow })).msg).toBe(
      '发放日期：不能晚于今天',
    );
    expect((await award(second.id, 'pay', { paymentReference: 'ZF20250601001', paidOn: '2025-06-01' })).code).toBe(0);
    const paid = await ctx.request<Award>({ method: 'GET', url: `${awards}/${second.id}`, token: admin });
    expect(paid.data).toMatchObject({ status: 4, paymentReference: 'ZF20250601001', paidOn: '2025-06-01' });
    expect((await award(second.id, 'approve')).msg).toBe('奖励申请当前为「已发放」，不能审核通过');
  });

  it('offers delivered referrals without an award in its picker, and keeps branch companies apart', async () => {
    const done = await delivered();
    const offered = await ctx.request<Option[]>({
      method: 'GET',
      url: `/api/lookups/referrals?search=${done.inviteeMobile}`,
      token: admin,
    });
    expect(offered.data.map((option) => option.value)).toEqual([done.id]);
    const saved = (await apply({ referralId: done.id, reason: '拉新奖励' })).data;
    const after = await ctx.request<Option[]>({
      method: 'GET',
      url: `/api/lookups/referrals?search=${done.inviteeMobile}`,
      token: admin,
    });
    expect(after.data).toEqual([]);
    expect((await ctx.request({ method: 'GET', url: `${awards}/${saved.id}`, token: shanghai })).code).not.toBe(0);
    expect((await award(saved.id, 'approve', {}, shanghai)).code).not.toBe(0);
    expect((await apply({ referralId: done.id, reason: '拉新奖励' }, shanghai)).code).not.toBe(0);
  });
});
