import { addDays, beijingDay, type PageResult, pointsScreens, pointsTaskCodes as task } from '@cp/contracts';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atBusinessTime } from '../src/clock';
import { rowsOf } from '../src/db/migrate';
import { drivers } from '../src/drivers/tables';
import { tenants } from '../src/identity/tables';
import { enqueueJob } from '../src/jobs/queue';
import { awardPoints, awardRentPaidOnTime } from '../src/points/award';
import { pointsExpiryJob, runPointsExpiry } from '../src/points/expiry';
import { adjustPoints, reversePoints, spendPoints } from '../src/points/ledger';
import { pointsAccounts, pointsEntries } from '../src/points/tables';
import { callsAs } from './calls';
import { startTestApp, type TestContext } from './harness';

type Row = Record<string, unknown> & { id: string; version: number };

let ctx: TestContext;
let admin: string;
let tenantId: number;
let otherTenantId: number;
/** Drivers of the first branch company no demo row has points for, one per test that needs a clean ledger. */
let fresh: number[];
/** 积分明细's list (a screen of the ledger under 积分总览). */
const ledgerList = pointsScreens.integralAllDetails.endpoint;
const { get, post, put, send } = callsAs<Row, Row>(() => ({ ctx, token: admin }));
const db = () => ctx.database.db;
const today = () => beijingDay(new Date());
/** 10:00 Beijing of the day `offset` days from today. */
const dayAt = (offset: number) => new Date(Date.parse(`${addDays(today(), offset)}T10:00:00+08:00`));

const holder = (driverId: number) => ({ tenantId, driverId, userId: null });
const award = (driverId: number, code: number, bizId: string) =>
  db().transaction((tx) => awardPoints(tx, { ...holder(driverId), task: code, bizType: `test${code}`, bizId }));
const entriesOf = (driverId: number) =>
  db().select().from(pointsEntries).where(eq(pointsEntries.driverId, driverId)).orderBy(asc(pointsEntries.id));
const accountOf = async (driverId: number) =>
  (await db().select().from(pointsAccounts).where(eq(pointsAccounts.id, driverId)))[0];
/** The task row of a code, as 积分任务 lists it. */
const taskRow = async (code: number) =>
  (await get<PageResult<Row>>(`/api/points-tasks?code=${code}`)).data.list[0] as Row;
const editTask = async (code: number, values: Record<string, unknown>) => {
  const row = (await get(`/api/points-tasks/${(await taskRow(code)).id}`)).data;
  const editable = ['points', 'dailyCap', 'totalCap', 'startsOn', 'endsOn', 'validityMonths', 'freezeDays'];
  const form = Object.fromEntries(editable.flatMap((name) => (row[name] == null ? [] : [[name, row[name]]])));
  return put(`/api/points-tasks/${row.id}`, { ...form, ...values, version: row.version });
};

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  admin = await ctx.login('admin', 'admin123');
  const [first, second] = await db().select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id));
  tenantId = Number(first?.id);
  otherTenantId = Number(second?.id);
  const holding = db().select({ id: pointsAccounts.id }).from(pointsAccounts);
  fresh = (
    await db()
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(eq(drivers.tenantId, tenantId), notInArray(drivers.id, holding)))
      .orderBy(asc(drivers.id))
      .limit(10)
  ).map((driver) => driver.id);
});
afterAll(() => ctx.close());

/** Every account against its ledger: each sum by kind and sign, and the balance after its last row. */
async function accountsOffTheirLedger() {
  return rowsOf<Record<string, unknown>>(
    await db().execute(sql`
      with sums as (
        select driver_id,
          coalesce(sum(points) filter (where kind = 1 or (kind = 5 and points > 0) or (kind = 4 and points < 0)), 0) as earned,
          coalesce(-sum(points) filter (where kind = 2 or (kind = 5 and points < 0) or (kind = 4 and points > 0)), 0) as spent,
          coalesce(-sum(points) filter (where kind = 3), 0) as expired,
          sum(points) as balance,
          (array_agg(balance_after order by id desc))[1] as last_after
        from points_entries group by driver_id
      )
      select a.id, a.earned, a.spent, a.expired, a.balance, s.* from points_accounts a
      left join sums s on s.driver_id = a.driver_id
      where s.driver_id is null or a.earned <> s.earned or a.spent <> s.spent or a.expired <> s.expired
        or a.balance <> s.balance or a.balance <> s.last_after`),
  );
}

describe('积分任务', () => {
  it('is the fixed catalogue of each branch company: edited and switched, never created or deleted', async () => {
    const tasks = await get<PageResult<Row>>('/api/points-tasks?limit=50');
    expect(tasks.data.list.map((row) => row.name)).toEqual([
      '每日签到',
      '按时交租',
      '推荐司机成功',
      '安全会议签到',
      '驿站打卡',
      '阅读文章',
      '完成安全视频',
    ]);
    const id = tasks.data.list[0]?.id;
    expect(
      (await post('/api/points-tasks', { points: 5, dailyCap: 1, totalCap: 0, validityMonths: 12, freezeDays: 0 }))
        .code,
    ).not.toBe(0);
    expect((await send('DELETE', `/api/points-tasks/${id}`)).code).not.toBe(0);
    expect((await get<PageResult<Row>>('/api/points-tasks?limit=50')).data.list).toHaveLength(7);
    const ended = await editTask(task.article, { startsOn: addDays(today(), 5), endsOn: addDays(today(), 1) });
    expect(ended).toMatchObject({ code: 400, msg: '结束日期：不能早于开始日期' });
    expect((await editTask(task.article, { points: 0 })).msg).toMatch(/^每次积分：/);
  });
});

describe('awarding a task', () => {
  it('awards a business once however often it is told (bizType + bizId)', async () => {
    const driver = fresh[0] as number;
    const answers = await Promise.all([1, 2, 3].map(() => award(driver, task.safetyVideo, `video-${driver}`)));
    expect(answers.filter((answer) => 'entryId' in answer)).toHaveLength(1);
    expect(answers.filter((answer) => 'duplicate' in answer)).toHaveLength(2);
    expect(await entriesOf(driver)).toHaveLength(1);
    expect(await accountOf(driver)).toMatchObject({ earned: 10, balance: 10 });
  });

  it('keeps to the daily and the total cap, counted per driver', async () => {
    const driver = fresh[1] as number;
    expect((await editTask(task.stationVisit, { dailyCap: 2, totalCap: 3 })).code).toBe(0);
    const yesterday = await atBusinessTime(dayAt(-1), async () => [
      await award(driver, task.stationVisit, `y1-${driver}`),
      await award(driver, task.stationVisit, `y2-${driver}`),
      await award(driver, task.stationVisit, `y3-${driver}`),
    ]);
    expect(yesterday.map((answer) => ('skipped' in answer ? answer.skipped : 'awarded'))).toEqual([
      'awarded',
      'awarded',
      '已达每日上限2次',
    ]);
    expect('entryId' in (await award(driver, task.stationVisit, `t1-${driver}`))).toBe(true);
    expect(await award(driver, task.stationVisit, `t2-${driver}`)).toEqual({ skipped: '已达累计上限3次' });
    // Another driver's count is their own.
    expect('entryId' in (await award(fresh[2] as number, task.stationVisit, `other-${fresh[2]}`))).toBe(true);
    expect((await accountOf(driver))?.balance).toBe(30);
    await editTask(task.stationVisit, { dailyCap: 1, totalCap: 0 });
  });

  it('awards nothing while the task is 停用 or outside its days', async () => {
    const driver = fresh[3] as number;
    const id = (await taskRow(task.safetyMeeting)).id;
    expect((await post(`/api/points-tasks/${id}/disable`)).code).toBe(0);
    expect(await award(driver, task.safetyMeeting, `m1-${driver}`)).toEqual({
      skipped: '积分任务「安全会议签到」已停用',
    });
    expect((await post(`/api/points-tasks/${id}/enable`)).code).toBe(0);
    await editTask(task.safetyMeeting, { startsOn: addDays(today(), 1), endsOn: addDays(today(), 30) });
    expect(await award(driver, task.safetyMeeting, `m2-${driver}`)).toEqual({
      skipped: '不在积分任务「安全会议签到」的时间内',
    });
    await editTask(task.safetyMeeting, { startsOn: addDays(today(), -30), endsOn: today() });
    expect('entryId' in (await award(driver, task.safetyMeeting, `m3-${driver}`))).toBe(true);
    expect(await entriesOf(driver)).toHaveLength(1);
    const completed = await taskRow(task.safetyMeeting);
    expect(Number(completed.completions)).toBeGreaterThanOrEqual(1);
  });

  it('shows on 积分任务 each task’s completions and points given as its ledger rows sum them, reversals netted', async () => {
    const sums = rowsOf<{ code: number; completions: number; issued: number }>(
      await db().execute(sql`
        select t.code, count(e.id) filter (where e.kind = 1)::int as completions, coalesce(sum(e.points), 0)::int as issued
        from points_tasks t
        left join points_entries e on e.tenant_id = t.tenant_id and e.source = t.code and e.kind in (1, 4)
        where t.tenant_id = ${tenantId} group by t.code`),
    );
    expect(sums.some((sum) => sum.completions > 0)).toBe(true);
    for (const sum of sums) {
      const row = await taskRow(sum.code);
      expect({ code: sum.code, completions: Number(row.completions), issued: Number(row.issued) }).toEqual(sum);
    }
  });

  it('gave rent paid on time its points in the payment’s transaction, once per receivable', async () => {
    const rent = await db()
      .select()
      .from(pointsEntries)
      .where(and(eq(pointsEntries.tenantId, tenantId), eq(pointsEntries.bizType, 'receivable')))
      .limit(1);
    const entry = rent[0];
    expect(entry?.title).toMatch(/^按时交租：第\d+期租金$/);
    const late = rowsOf<{ n: number }>(
      await db().execute(sql`
        select count(*)::int as n from points_entries e
        join order_receivables r on r.id = e.biz_id::bigint
        where e.biz_type = 'receivable' and (r.kind <> 1 or r.status <> 2 or r.driver_id <> e.driver_id)`),
    );
    expect(late[0]?.n).toBe(0);
    const before = (await entriesOf(Number(entry?.driverId))).length;
    await db().transaction((tx) =>
      awardRentPaidOnTime(tx, { tenantId, userId: null }, { driverId: entry?.driverId, paidOn: '2000-01-01' }, [
        Number(entry?.bizId),
      ]),
    );
    expect(await entriesOf(Number(entry?.driverId))).toHaveLength(before);
  });
});

describe('a payment reversed', () => {
  it('gives back the 按时交租 award of each rent receivable it no longer pays, by a 冲正 row, once', async () => {
    // A payment of the demo's books whose line paid a rent receivable on time (its award in the ledger).
    const [paid] = rowsOf<{ paymentId: string; receivableId: string; driverId: number }>(
      await db().execute(sql`
        select a.payment_id::text as "paymentId", a.receivable_id::text as "receivableId", e.driver_id as "driverId"
        from payment_allocations a
        join payments p on p.id = a.payment_id and p.status = 1
        join points_entries e on e.tenant_id = a.tenant_id and e.biz_type = 'receivable' and e.biz_id = a.receivable_id::text
        where a.tenant_id = ${tenantId} and not a.reversed
          and (select count(*) from payment_allocations b where b.receivable_id = a.receivable_id and not b.reversed) = 1
        order by a.id desc limit 1`),
    );
    expect(paid).toBeDefined();
    const driver = Number(paid?.driverId);
    const before = await accountOf(driver);
    const reversed = await post(`/api/payments/${paid?.paymentId}/reverse`, { reason: '银行退票' });
    expect(reversed.msg).toBe('success');
    const rows = await entriesOf(driver);
    const award = rows.find((row) => row.bizType === 'receivable' && row.bizId === paid?.receivableId);
    const undone = rows.filter((row) => row.bizType === 'reversal' && row.bizId === String(award?.id));
    expect(undone).toHaveLength(1);
    expect(undone[0]).toMatchObject({ kind: 4, reason: '收款冲销：银行退票' });
    expect(undone[0]?.points).toBe(-Math.min(Number(award?.points), Number(before?.balance)));
    expect((await accountOf(driver))?.balance).toBe(Number(before?.balance) + Number(undone[0]?.points));
    // The ledger still sums to the account.
    const [sum] = rowsOf<{ total: number }>(
      await db().execute(sql`select sum(points)::int as total from points_entries where driver_id = ${driver}`),
    );
    expect(sum?.total).toBe((await accountOf(driver))?.balance);
  });
});

describe('spending', () => {
  it('never takes the balance below zero, 50 spends at once on one driver', async () => {
    const driver = fresh[4] as number;
    await db().transaction((tx) => adjustPoints(tx, { ...holder(driver), points: 100, reason: '测试充值' }));
    const spends = await Promise.allSettled(
      Array.from({ length: 50 }, (_, n) =>
        db().transaction((tx) =>
          spendPoints(tx, {
            ...holder(driver),
            points: 7,
            bizType: 'exchange',
            bizId: `race-${driver}-${n}`,
            title: '兑换',
          }),
        ),
      ),
    );
    const spent = spends.filter((outcome) => outcome.status === 'fulfilled');
    expect(spent).toHaveLength(14);
    const refused = spends.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(String(refused.reason.message)).toBe('可用积分不足：可用2分，需要7分');
    expect(await accountOf(driver)).toMatchObject({ balance: 2, spent: 98, earned: 100 });
    expect(await accountsOffTheirLedger()).toEqual([]);
  });

  it('spends only what is no longer frozen', async () => {
    const driver = fresh[5] as number;
    expect('entryId' in (await award(driver, task.referral, `ref-${driver}`))).toBe(true);
    const account = (await get(`/api/points-accounts/${driver}`)).data;
    expect(account).toMatchObject({ balance: 200, frozen: 200, available: 0 });
    const spend = db().transaction((tx) =>
      spendPoints(tx, { ...holder(driver), points: 1, bizType: 'exchange', bizId: `f-${driver}`, title: '兑换' }),
    );
    await expect(spend).rejects.toThrow('可用积分不足：可用0分，需要1分');
  });

  it('reverses an award or a spend once, by a row of its own', async () => {
    const driver = fresh[6] as number;
    await award(driver, task.safetyVideo, `rv-${driver}`);
    const reverse = () =>
      db().transaction((tx) =>
        reversePoints(tx, {
          tenantId,
          userId: null,
          bizType: `test${task.safetyVideo}`,
          bizId: `rv-${driver}`,
          reason: '视频未看完',
        }),
      );
    expect(await reverse()).toMatchObject({ balance: 0 });
    expect(await reverse()).toHaveProperty('duplicate');
    expect((await entriesOf(driver)).map((entry) => [entry.kind, entry.points, entry.balanceAfter])).toEqual([
      [1, 10, 10],
      [4, -10, 0],
    ]);
  });
});

describe('expiry', () => {
  it('expires the oldest points first, once however often the job runs', async () => {
    const driver = fresh[7] as number;
    // 120 days ago: five articles (3 months' validity); the next day a sign-in (a year); then 4 spent.
    await atBusinessTime(dayAt(-120), async () => {
      for (const n of [1, 2, 3, 4, 5]) await award(driver, task.article, `a${n}-${driver}`);
    });
    await atBusinessTime(dayAt(-119), () => award(driver, task.checkIn, `c-${driver}`));
    await atBusinessTime(dayAt(-118), () =>
      db().transaction((tx) =>
        spendPoints(tx, { ...holder(driver), points: 4, bizType: 'exchange', bizId: `e-${driver}`, title: '兑换' }),
      ),
    );
    await runPointsExpiry(db());
    await runPointsExpiry(db());
    await enqueueJob(db(), pointsExpiryJob, { payload: {} });
    await ctx.app.jobs.runUntilIdle();
    const expired = (await entriesOf(driver)).filter((entry) => entry.kind === 3);
    expect(expired.map((entry) => [entry.points, entry.bizId])).toEqual([[-6, `${driver}:${today()}`]]);
    expect(await accountOf(driver)).toMatchObject({ earned: 15, spent: 4, expired: 6, balance: 5 });
    // Tomorrow nothing more is due: the sign-in's points last a year.
    await atBusinessTime(dayAt(1), () => runPointsExpiry(db(), addDays(today(), 1)));
    expect((await entriesOf(driver)).filter((entry) => entry.kind === 3)).toHaveLength(1);
  });
});

describe('积分总览 and 积分明细', () => {
  it('holds every account, the demo’s included, to the sums of its ledger', async () => {
    expect(await accountsOffTheirLedger()).toEqual([]);
    const [counts] = rowsOf<{ tenants: number; expired: number }>(
      await db().execute(
        sql`select count(distinct tenant_id)::int as tenants, count(*) filter (where kind = 3)::int as expired from points_entries`,
      ),
    );
    expect(counts).toMatchObject({ tenants: 2 });
    expect(counts?.expired).toBeGreaterThan(0);
  });

  it('调整积分 needs a reason, refuses a deduction past what is available, and keeps who did it', async () => {
    const driver = fresh[8] as number;
    await award(driver, task.safetyVideo, `adj-${driver}`);
    const url = `/api/points-accounts/${driver}/adjust`;
    expect(await post(url, { points: 5 })).toMatchObject({ code: 400, msg: '调整原因：不能为空' });
    expect((await post(url, { points: 5, reason: '  ' })).msg).toBe('调整原因：不能为空');
    expect((await post(url, { points: 0, reason: '无' })).msg).toBe('调整积分：不能为0');
    expect((await post(url, { points: -11, reason: '扣回' })).msg).toBe(
      '调整积分：扣减不能超过可用积分10分，积分余额不能小于0',
    );
    expect((await post(url, { points: -4, reason: '重复打卡扣回' })).code).toBe(0);
    const ledger = await get<PageResult<Row>>(`${ledgerList}?driverId=${driver}&kind=5`);
    expect(ledger.data.list).toMatchObject([
      { points: -4, balanceAfter: 6, reason: '重复打卡扣回', title: '后台调整：扣减4分' },
    ]);
    expect(ledger.data.list[0]?.createdByName).toBe('系统管理员');
    const ranged = await get<PageResult<Row>>(`/api/points-accounts?balanceFrom=6&balanceTo=6&driverId=${driver}`);
    expect(ranged.data.list.map((row) => row.id)).toEqual([String(driver)]);
    expect((await get<PageResult<Row>>(`/api/points-accounts?balanceFrom=7&driverId=${driver}`)).data.list).toEqual([]);
  });

  it('keeps each branch company to its own accounts and ledger', async () => {
    const driver = fresh[9] as number;
    await award(driver, task.safetyVideo, `iso-${driver}`);
    const other = await ctx.loginToOtherTenant();
    expect((await send('GET', `/api/points-accounts/${driver}`, undefined, other)).code).not.toBe(0);
    expect((await post(`/api/points-accounts/${driver}/adjust`, { points: 5, reason: '越权' }, other)).code).not.toBe(
      0,
    );
    const theirs = await get<PageResult<Row>>(`${ledgerList}?driverId=${driver}`, other);
    expect(theirs.code).toBe(0);
    expect(theirs.data.list).toEqual([]);
    const newest = await get<PageResult<Row>>(`${ledgerList}?limit=500`, other);
    expect(newest.code).toBe(0);
    expect(newest.data.list.filter((row) => row.driverId === String(driver))).toEqual([]);
    const crossing = db().transaction((tx) =>
      awardPoints(tx, {
        tenantId: otherTenantId,
        driverId: driver,
        userId: null,
        task: task.checkIn,
        bizType: 'x',
        bizId: 'x',
      }),
    );
    await expect(crossing).rejects.toThrow('司机不存在');
    expect((await accountOf(driver))?.balance).toBe(10);
  });

  it('refuses 调整积分 to a role without its button', async () => {
    const roles = await get<{
      list: (Row & { code: string; name: string; menuKeys: string[]; buttonKeys: string[] })[];
    }>('/api/roles?keyword=vehicleOrderOps');
    const role = roles.data.list.find((row) => row.code === 'vehicleOrderOps');
    expect(role).toBeDefined();
    const granted = await put(`/api/roles/${role?.id}`, {
      code: role?.code,
      name: role?.name,
      menuKeys: [...(role?.menuKeys ?? []), 'integralAll'],
      buttonKeys: role?.buttonKeys,
      version: role?.version,
    });
    expect(granted.code).toBe(0);
    const ops = await ctx.login('ops', 'ops123');
    const driver = fresh[0] as number;
    expect((await get(`/api/points-accounts/${driver}`, ops)).code).toBe(0);
    expect(await post(`/api/points-accounts/${driver}/adjust`, { points: 5, reason: '奖励' }, ops)).toMatchObject({
      code: 403,
    });
  });
});
