import { randomBytes } from 'node:crypto';
import type { PageResult } from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRequestHeaders } from '../src/appApi/keys';
import { atBusinessTime } from '../src/clock';
import { couponMoney, couponOrders, couponTemplates } from '../src/coupons/tables';
import { closeUnpaidOrders, expireCoupons } from '../src/coupons/timers';
import { appClient, type TestAppClient } from './app-support';
import { callsAs, grantRole } from './calls';
import { couponForm, hour, iso } from './coupon-support';
import { startTestApp, type TestContext } from './harness';

type Row = Record<string, unknown> & { id: string; version: number };
type Held = {
  id: string;
  status: number;
  statusName: string;
  stageSummary: string;
  validFrom: string | null;
  validTo: string | null;
  payDeadline: string | null;
};

let ctx: TestContext;
let admin: string;
let beijing: TestAppClient;
let shanghai: TestAppClient;
const { get, post, put } = callsAs<Row, Row>(() => ({ ctx, token: admin }));

let serial = 0;

/** Saves a template and puts it on sale (上架); answers its id. */
async function onSale(fields: Record<string, unknown> = {}) {
  const made = await post('/api/coupons', couponForm(fields));
  expect(made.code, made.msg).toBe(0);
  const listed = await post(`/api/coupons/${made.data.id}/put-on-shelf`);
  expect(listed.code, listed.msg).toBe(0);
  return made.data.id;
}

let address = 0;
/** One app call for a driver, from an address of its own (the per-address limit is not what is tested). */
const call = <T = Held>(
  client: TestAppClient,
  method: 'GET' | 'POST',
  url: string,
  driverId: number | undefined,
  body?: unknown,
) => client.send<T>({ method, url, driverId, body, remoteAddress: `10.9.${(address >> 8) & 255}.${address++ & 255}` });
const claim = (client: TestAppClient, couponId: string, driverId: number) =>
  call(client, 'POST', `/api/app/coupons/${couponId}/claim`, driverId, {});
const pay = (client: TestAppClient, orderId: string, driverId: number, paymentRef: string) =>
  call(client, 'POST', `/api/app/coupon-orders/${orderId}/pay`, driverId, { paymentRef });
const use = (client: TestAppClient, orderId: string, driverId: number) =>
  call(client, 'POST', `/api/app/coupon-orders/${orderId}/use`, driverId, {});

/** The n-th driver of the Beijing demo, round the ones there are. */
const driverOf = (n: number) => beijing.driverIds[n % beijing.driverIds.length] ?? 0;

const moneyOf = (orderId: string) =>
  ctx.database.db
    .select()
    .from(couponMoney)
    .where(eq(couponMoney.orderId, Number(orderId)));

beforeAll(async () => {
  ctx = await startTestApp(
    {
      appApi: {
        perDriverPerMinute: 100_000,
        perAddressPerMinute: 100_000,
        failuresPerAddressPerMinute: 30,
        clockSkewSeconds: 300,
      },
    },
    { demoVehiclesPerTenant: 12 },
  );
  admin = await ctx.login('admin', 'admin123');
  beijing = await appClient(ctx, '北京分公司');
  shanghai = await appClient(ctx, '上海分公司');
  expect(beijing.driverIds.length).toBeGreaterThanOrEqual(3);
  expect(shanghai.driverIds.length).toBeGreaterThanOrEqual(1);
});
afterAll(() => ctx.close());

describe('the demo', () => {
  it("made each branch company's orders through the app in every state, dated in the past", async () => {
    for (const client of [beijing, shanghai]) {
      const orders = await ctx.database.db
        .select()
        .from(couponOrders)
        .where(eq(couponOrders.tenantId, client.tenantId));
      expect(new Set(orders.map((order) => order.status))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
      // The app's claims have no staff author; 指定发放 and 退款 name the administrator.
      const app = orders.filter((order) => order.source === 1);
      expect(app.every((order) => order.createdBy === null)).toBe(true);
      const assigned = orders.filter((order) => order.source === 2);
      expect(assigned.length).toBeGreaterThan(0);
      expect(assigned.every((order) => order.kind === 3 && order.createdBy !== null && order.status === 2)).toBe(true);
      expect(orders.filter((order) => order.status === 5).every((order) => order.refundedBy !== null)).toBe(true);
      expect(orders.every((order) => order.createdAt.getTime() <= Date.now())).toBe(true);
      const money = await ctx.database.db.select().from(couponMoney).where(eq(couponMoney.tenantId, client.tenantId));
      expect(new Set(money.map((row) => row.kind))).toEqual(new Set([1, 2, 3]));
    }
  });
});

describe('优惠券 templates', () => {
  it('words and sums the stages, and refuses what does not hold together', async () => {
    const made = await post(
      '/api/coupons',
      couponForm({
        stages: [
          { monthOffset: 2, amount: 20_000 },
          { monthOffset: 1, amount: 20_000 },
          { monthOffset: 3, amount: 15_000 },
        ],
      }),
    );
    const saved = (await get(`/api/coupons/${made.data.id}`)).data;
    expect(saved).toMatchObject({
      stageSummary: '第1个月减200.00元；第2个月减200.00元；第3个月减150.00元',
      faceValue: 55_000,
      listing: 1,
      issued: 0,
      remaining: 100,
    });
    expect(await post('/api/coupons', couponForm({ claimEnd: iso(-2 * hour) }))).toMatchObject({
      code: 400,
      msg: '领取结束时间：应晚于领取开始时间',
    });
    expect(await post('/api/coupons', couponForm({ kind: 2 }))).toMatchObject({
      code: 400,
      msg: '售价：付费购买的券请填写售价',
    });
    expect(await post('/api/coupons', couponForm({ validityType: 1, validDays: undefined }))).toMatchObject({
      code: 400,
      msg: '使用开始日期：固定日期请填写使用开始日期',
    });
    const twice = await post(
      '/api/coupons',
      couponForm({
        stages: [
          { monthOffset: 1, amount: 100 },
          { monthOffset: 1, amount: 200 },
        ],
      }),
    );
    expect(twice.msg).toBe('分期优惠：同一个月只能有一期');
    expect((await post('/api/coupons', couponForm({ stages: [] }))).msg).toBe('分期优惠：至少1项');
    const unsaid = await post('/api/coupons', couponForm({ validDays: undefined }));
    expect((await get(`/api/coupons/${unsaid.data.id}`)).data).toMatchObject({ validityType: 2, validDays: 30 });
  });

  it('keeps the terms an issued coupon was given when the template is edited, and 发放总量 above what is issued', async () => {
    const id = await onSale({ totalStock: 3, perDriverLimit: 2 });
    const driver = driverOf(0);
    const first = await claim(beijing, id, driver);
    const second = await claim(beijing, id, driver);
    expect([first.code, second.code]).toEqual([0, 0]);
    const before = (await get(`/api/coupons/${id}`)).data;
    const edited = await put(`/api/coupons/${id}`, {
      ...couponForm({ name: before.name, totalStock: 3, perDriverLimit: 2 }),
      stages: [{ monthOffset: 1, amount: 99_900 }],
      version: before.version,
    });
    expect(edited.code, edited.msg).toBe(0);
    const order = (await get(`/api/coupon-orders/${first.data.id}`)).data;
    expect(order).toMatchObject({ stageSummary: '第1个月减100.00元', faceValue: 10_000 });
    const after = (await get(`/api/coupons/${id}`)).data;
    expect(after.stageSummary).toBe('第1个月减999.00元');
    const shrunk = await put(`/api/coupons/${id}`, {
      ...couponForm({ name: before.name, totalStock: 1, perDriverLimit: 2 }),
      version: after.version,
    });
    expect(shrunk).toMatchObject({ msg: '发放总量：不能少于已发放的2张' });
  });

  it('a 优惠券商品标签 coupons carry is not deleted, only 停用', async () => {
    const tag = await post('/api/coupon-tags', { name: `测试标签${++serial}`, displayOrder: 5, status: 1 });
    await post('/api/coupons', couponForm({ tagIds: [tag.data.id] }));
    const removed = await ctx.request({ method: 'DELETE', url: `/api/coupon-tags/${tag.data.id}`, token: admin });
    expect(removed.msg).toMatch(/已被1张优惠券使用，不能删除，请停用$/);
    const saved = (await get(`/api/coupon-tags/${tag.data.id}`)).data;
    const stopped = await put(`/api/coupon-tags/${tag.data.id}`, {
      name: saved.name,
      displayOrder: 5,
      status: 0,
      version: saved.version,
    });
    expect(stopped.code, stopped.msg).toBe(0);
    expect((await post('/api/coupons', couponForm({ tagIds: [tag.data.id] }))).msg).toMatch(/已停用，不能添加$/);
  });
});

describe("the app's coupon calls", () => {
  it('offers what is on sale, issues a free coupon 未使用 to its end at 23:59:59 Beijing time', async () => {
    const id = await onSale({ validDays: 3 });
    const hidden = (await post('/api/coupons', couponForm())).data.id;
    const offers = await call<{ id: string }[]>(beijing, 'GET', '/api/app/coupons', undefined);
    expect(offers.data.map((row) => row.id)).toContain(id);
    expect(offers.data.map((row) => row.id)).not.toContain(hidden);
    const driver = driverOf(1);
    const held = await claim(beijing, id, driver);
    expect(held.data).toMatchObject({ status: 2, statusName: '未使用' });
    expect(held.data.validTo).toMatch(/T15:59:59\.000Z$/);
    expect(await claim(beijing, id, driver)).toMatchObject({ msg: expect.stringMatching(/每人限领1张，已领取1张$/) });
    expect(await claim(beijing, hidden, driver)).toMatchObject({ msg: expect.stringMatching(/已下架$/) });
    const assigned = await onSale({ kind: 3 });
    expect((await claim(beijing, assigned, driver)).msg).toMatch(/为指定发放，不能在APP领取$/);
    const mine = await call<Held[]>(beijing, 'GET', '/api/app/coupon-orders?status=2', driver);
    expect(mine.data.map((row) => row.id)).toContain(held.data.id);
  });

  it('issues exactly the stock when 1,000 claims arrive at once', async () => {
    const id = await onSale({ totalStock: 100, perDriverLimit: 100 });
    const drivers = beijing.driverIds;
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, n) => claim(beijing, id, drivers[n % drivers.length] ?? 0)),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(100);
    expect(new Set(answers.filter((answer) => answer.code !== 0).map((answer) => answer.msg))).toEqual(
      new Set([expect.stringMatching(/已领完$/)]),
    );
    const [row] = await ctx.database.db
      .select()
      .from(couponTemplates)
      .where(eq(couponTemplates.id, Number(id)));
    expect(row?.issued).toBe(100);
    const orders = await ctx.database.db
      .select()
      .from(couponOrders)
      .where(eq(couponOrders.couponId, Number(id)));
    expect(orders).toHaveLength(100);
  });

  it("holds one driver to the limit when the driver's taps race", async () => {
    const id = await onSale({ perDriverLimit: 2 });
    const driver = driverOf(2);
    const answers = await Promise.all(Array.from({ length: 12 }, () => claim(beijing, id, driver)));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(2);
  });

  it('takes a purchase 待支付, its payment once by reference (a replay is not applied twice), into 未使用', async () => {
    const id = await onSale({ kind: 2, price: 9_900, perDriverLimit: 3 });
    const driver = driverOf(3);
    const order = await claim(beijing, id, driver);
    expect(order.data).toMatchObject({ status: 0, validTo: null });
    expect(Date.parse(order.data.payDeadline ?? '') - Date.now()).toBeGreaterThan(29 * 60_000);
    const ref = `WX${randomBytes(6).toString('hex')}`;
    const headers = appRequestHeaders(beijing.grant, driver);
    const url = `/api/app/coupon-orders/${order.data.id}/pay`;
    const sent = await ctx.app.inject({ method: 'POST', url, headers, payload: { paymentRef: ref } });
    expect(sent.json()).toMatchObject({ code: 0, data: { status: 2 } });
    const replayed = await ctx.app.inject({ method: 'POST', url, headers, payload: { paymentRef: ref } });
    expect(replayed.json()).toMatchObject({ code: 400, msg: expect.stringContaining('X-App-Nonce') });
    // Reported again as a new request, the same payment answers the order as it is.
    expect((await pay(beijing, order.data.id, driver, ref)).data).toMatchObject({ status: 2 });
    expect((await moneyOf(order.data.id)).map((row) => [row.kind, row.amount, row.reference])).toEqual([
      [1, 9_900, ref],
    ]);
    expect((await pay(beijing, order.data.id, driver, `${ref}X`)).msg).toMatch(/已以其他支付流水号支付$/);
    const other = await claim(beijing, id, driver);
    expect(await pay(beijing, other.data.id, driver, ref)).toMatchObject({ msg: '支付流水号：已用于其他券订单' });
    const detail = (await get(`/api/coupons/${id}`)).data;
    expect(detail).toMatchObject({ sold: 1, received: 9_900, issued: 2 });
  });

  it('closes a purchase unpaid past its deadline and gives its stock back; paying it then is refused', async () => {
    const id = await onSale({ kind: 2, price: 1_000, totalStock: 1, payMinutes: 15 });
    const driver = driverOf(4);
    const order = await claim(beijing, id, driver);
    expect((await claim(beijing, id, driverOf(5))).msg).toMatch(/已领完$/);
    expect(await atBusinessTime(new Date(Date.now() + 14 * 60_000), () => closeUnpaidOrders(ctx.database.db))).toBe(0);
    expect(await atBusinessTime(new Date(Date.now() + 16 * 60_000), () => closeUnpaidOrders(ctx.database.db))).toBe(1);
    expect((await get(`/api/coupon-orders/${order.data.id}`)).data).toMatchObject({ status: 1 });
    expect((await get(`/api/coupons/${id}`)).data).toMatchObject({ issued: 0, remaining: 1, timedOutCount: 1 });
    expect((await pay(beijing, order.data.id, driver, 'WXLATE000001')).msg).toBe('券订单当前为「支付超时」，不能支付');
    expect((await claim(beijing, id, driverOf(5))).code).toBe(0);
  });

  it('uses a coupon once, even when used twice at once, granting each stage in its month', async () => {
    const id = await onSale({
      stages: [
        { monthOffset: 1, amount: 20_000 },
        { monthOffset: 2, amount: 20_000 },
        { monthOffset: 3, amount: 20_000 },
      ],
    });
    const driver = driverOf(6);
    const order = await claim(beijing, id, driver);
    const answers = await Promise.all(Array.from({ length: 6 }, () => use(beijing, order.data.id, driver)));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code !== 0).map((answer) => answer.msg)).toContain(
      '券订单当前为「已使用」，不能使用',
    );
    const rows = await moneyOf(order.data.id);
    expect(rows.map((row) => [row.kind, row.amount])).toEqual([
      [3, 20_000],
      [3, 20_000],
      [3, 20_000],
    ]);
    expect(new Set(rows.map((row) => row.month)).size).toBe(3);
    const detail = (await get(`/api/coupons/${id}`)).data;
    expect(detail).toMatchObject({ usedCount: 1, discountGranted: 60_000 });
    expect(String(detail.discountByMonth).split('；')).toHaveLength(3);
  });

  it('expires an unused coupon past its end by the job, and re-checks the window when used', async () => {
    const id = await onSale({ validDays: 1, perDriverLimit: 2 });
    const driver = driverOf(7);
    const order = await claim(beijing, id, driver);
    const later = new Date(Date.parse(order.data.validTo ?? '') + 1000);
    // Used after its end but before the job ran: refused by the window, not by the state.
    const late = await atBusinessTime(later, async () => {
      const { useCouponOrder } = await import('../src/coupons/use');
      return useCouponOrder(ctx.database.db, beijing.tenantId, driver, Number(order.data.id)).catch(
        (error: Error) => error.message,
      );
    });
    expect(late).toMatch(/^优惠券已过有效期/);
    expect(await atBusinessTime(later, () => expireCoupons(ctx.database.db))).toBeGreaterThanOrEqual(1);
    expect((await use(beijing, order.data.id, driver)).msg).toBe('券订单当前为「已过期」，不能使用');
    const fixed = await onSale({
      validityType: 1,
      validDays: undefined,
      validFrom: new Date(Date.now() + 5 * 24 * hour).toISOString().slice(0, 10),
      validTo: new Date(Date.now() + 9 * 24 * hour).toISOString().slice(0, 10),
    });
    const early = await claim(beijing, fixed, driver);
    expect((await use(beijing, early.data.id, driver)).msg).toMatch(
      /^优惠券尚未到使用时间（\d{4}-\d{2}-\d{2}起可用）$/,
    );
  });

  it('refuses junk, oversized input and ids of another branch company or driver, never with a 500', async () => {
    const id = await onSale({ perDriverLimit: 5 });
    const driver = driverOf(8);
    const junk = await call(beijing, 'POST', `/api/app/coupons/${id}/claim`, driver, { driverId: 1 });
    expect(junk.code).toBe(400);
    for (const bad of ['abc', '0', '99999999999999999999']) {
      expect((await claim(beijing, bad, driver)).code, bad).toBe(400);
    }
    const order = await claim(beijing, id, driver);
    for (const paymentRef of ['x', 'a'.repeat(100_000), 'has space 12345']) {
      const answer = await pay(beijing, order.data.id, driver, paymentRef);
      expect(answer.msg).toMatch(/^支付流水号：/);
    }
    expect((await call(beijing, 'GET', '/api/app/coupon-orders?status=9', driver)).code).toBe(400);
    // Shanghai's app sees neither Beijing's coupon nor its order; another driver's order is not found either.
    expect(await claim(shanghai, id, shanghai.driverIds[0] ?? 0)).toMatchObject({ code: 404, msg: '优惠券不存在' });
    expect((await use(shanghai, order.data.id, shanghai.driverIds[0] ?? 0)).msg).toBe('券订单不存在');
    expect((await use(beijing, order.data.id, driverOf(9))).msg).toBe('券订单不存在');
    const noDriver = await call(beijing, 'POST', `/api/app/coupons/${id}/claim`, undefined, {});
    expect(noDriver.msg).toBe('X-App-Driver：请提供司机编号');
  });
});

describe('券订单管理 on the console', () => {
  it('核销 uses a coupon within its window and grants its stages; counts sum the rows', async () => {
    const id = await onSale({ perDriverLimit: 2 });
    const driver = driverOf(9);
    const order = await claim(beijing, id, driver);
    const row = (await get(`/api/coupon-orders/${order.data.id}`)).data;
    expect(String(row.driverMobile)).toMatch(/^\d{3}\*{4}\d{4}$/);
    const done = await post(`/api/coupon-orders/${order.data.id}/verify`, { remark: '门店核销' });
    expect(done.code, done.msg).toBe(0);
    expect((await get(`/api/coupon-orders/${order.data.id}`)).data).toMatchObject({
      status: 3,
      useChannel: '后台核销',
      useRemark: '门店核销',
    });
    expect((await post(`/api/coupon-orders/${order.data.id}/verify`, {})).code).not.toBe(0);
    expect(await moneyOf(order.data.id)).toHaveLength(1);
    const list = await get<PageResult<Row>>(`/api/coupon-orders?couponId=${id}&status=3`);
    expect(list.data.list.map((listed) => listed.id)).toEqual([order.data.id]);
  });

  it("refuses another branch company's rows, and a role without the buttons", async () => {
    const id = await onSale();
    const order = await claim(beijing, id, driverOf(0));
    await grantRole(ctx, admin, 'vehicleOrderOps', ['couponManage', 'couponOrderManage'], []);
    const ops = await ctx.login('ops', 'ops123');
    expect((await get('/api/coupon-orders', ops)).code).toBe(0);
    expect(await post(`/api/coupon-orders/${order.data.id}/verify`, {}, ops)).toMatchObject({ code: 403 });
    expect(await post(`/api/coupons/${id}/take-off-shelf`, {}, ops)).toMatchObject({ code: 403 });
    expect(await post('/api/coupons', couponForm(), ops)).toMatchObject({ code: 403 });
    // Last: admin's next login lands in 上海分公司.
    const other = await ctx.loginToOtherTenant();
    expect((await get(`/api/coupons/${id}`, other)).code).toBe(404);
    expect((await get(`/api/coupon-orders/${order.data.id}`, other)).code).toBe(404);
    expect((await post(`/api/coupon-orders/${order.data.id}/verify`, {}, other)).code).toBe(404);
    const [kept] = await ctx.database.db
      .select({ status: couponOrders.status })
      .from(couponOrders)
      .where(and(eq(couponOrders.id, Number(order.data.id))));
    expect(kept?.status).toBe(2);
  });
});
