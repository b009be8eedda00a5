import type { UploadResult } from '@cp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atBusinessTime } from '../src/clock';
import { couponMoney, couponOrders, couponTemplates } from '../src/coupons/tables';
import { expireCoupons } from '../src/coupons/timers';
import { drivers } from '../src/drivers/tables';
import { marketplaceOrders, marketplacePayments } from '../src/marketplace/tables';
import { leaseOrders } from '../src/orders/tables';
import { appClient, type TestAppClient } from './app-support';
import { callsAs, grantRole } from './calls';
import { couponForm } from './coupon-support';
import { multipart, samples } from './files-support';
import { startTestApp, type TestContext } from './harness';

type Row = Record<string, unknown> & { id: string; version: number };
type Held = { id: string; status: number; source: number; useChannel: string | null };
type Shop = { orderNo: string; status: number; amount: number; discount: number; payable: number };

let ctx: TestContext;
let admin: string;
let beijing: TestAppClient;
let shanghai: TestAppClient;
const { get, post } = callsAs<Row, Row>(() => ({ ctx, token: admin }));
const db = () => ctx.database.db;

let serial = 0;
/** A coupon on sale: free, one stage of 100元, 30 days from issue. */
async function onSale(fields: Record<string, unknown> = {}) {
  const made = await post('/api/coupons', couponForm(fields));
  expect(made.code, made.msg).toBe(0);
  expect((await post(`/api/coupons/${made.data.id}/put-on-shelf`)).code).toBe(0);
  return made.data.id;
}

let address = 0;
const call = <T = Held>(
  client: TestAppClient,
  method: 'GET' | 'POST',
  url: string,
  driverId?: number,
  body?: unknown,
) => client.send<T>({ method, url, driverId, body, remoteAddress: `10.8.${(address >> 8) & 255}.${address++ & 255}` });
const claim = (client: TestAppClient, couponId: string, driverId: number) =>
  call(client, 'POST', `/api/app/coupons/${couponId}/claim`, driverId, {});
const use = (orderId: string, driverId: number, body: object = {}) =>
  call(beijing, 'POST', `/api/app/coupon-orders/${orderId}/use`, driverId, body);
const assign = (couponId: string, body: object, token = admin) => post(`/api/coupons/${couponId}/assign`, body, token);
const driverOf = (n: number) => beijing.driverIds[n % beijing.driverIds.length] ?? 0;
const templateOf = async (id: string) =>
  (
    await db()
      .select()
      .from(couponTemplates)
      .where(eq(couponTemplates.id, Number(id)))
  )[0];
const ordersOf = (id: string) =>
  db()
    .select()
    .from(couponOrders)
    .where(eq(couponOrders.couponId, Number(id)))
    .orderBy(asc(couponOrders.id));

let image = '';
beforeAll(async () => {
  const limits = { perDriverPerMinute: 100_000, perAddressPerMinute: 100_000, failuresPerAddressPerMinute: 30 };
  ctx = await startTestApp({ appApi: { ...limits, clockSkewSeconds: 300 } }, { demoVehiclesPerTenant: 150 });
  admin = await ctx.login('admin', 'admin123');
  beijing = await appClient(ctx, '北京分公司');
  shanghai = await appClient(ctx, '上海分公司');
  const upload = await ctx.request<UploadResult>({
    method: 'POST',
    url: '/api/gateway/storage/file/private',
    token: admin,
    ...multipart([{ name: '商品.png', content: samples.png }]),
  });
  image = upload.data.fileLocation;
});
afterAll(() => ctx.close());

describe('指定发放', () => {
  it('issues free 未使用 coupons to the drivers chosen and to a list of mobiles, recorded with the operator', async () => {
    const id = await onSale({ kind: 2, price: 5_000 });
    const [a, b, c] = [driverOf(10), driverOf(11), driverOf(12)];
    const [mobile] = await db().select({ mobile: drivers.mobile }).from(drivers).where(eq(drivers.id, c));
    const done = await assign(id, { driverIds: [String(a), String(b), String(a)], mobiles: `${mobile?.mobile}\n` });
    expect(done.code, done.msg).toBe(0);
    const orders = await ordersOf(id);
    expect(orders.map((order) => order.driverId).sort()).toEqual([a, b, c].sort());
    expect(orders.every((order) => order.kind === 3 && order.source === 2 && order.status === 2)).toBe(true);
    expect(orders.every((order) => order.price === 0 && order.createdBy !== null && order.validTo !== null)).toBe(true);
    expect(await templateOf(id)).toMatchObject({ issued: 3 });
    const mine = await call<Held[]>(beijing, 'GET', '/api/app/coupon-orders', a);
    expect(mine.data.find((held) => held.id === String(orders[0]?.id ?? orders[1]?.id))).toBeDefined();
    expect(mine.data.some((held) => held.source === 2 && held.status === 2)).toBe(true);
    const detail = (await get(`/api/coupons/${id}`)).data;
    expect(detail).toMatchObject({ assignedCount: 3, received: 0 });
    const listed = (await get(`/api/coupon-orders/${orders[0]?.id}`)).data;
    expect(listed.createdBy).toBe(String(orders[0]?.createdBy));
  });

  it("refuses all of it over a driver's limit, beyond the stock, or for unknown drivers and mobiles", async () => {
    const id = await onSale({ totalStock: 3 });
    const a = driverOf(13);
    expect((await assign(id, { driverIds: [String(a)] })).code).toBe(0);
    const again = await assign(id, { driverIds: [String(driverOf(14)), String(a)] });
    expect(again.msg).toMatch(/每人限领1张，已领取1张$/);
    expect(await templateOf(id)).toMatchObject({ issued: 1 });
    const many = await assign(id, { driverIds: [14, 15, 16].map((n) => String(driverOf(n))) });
    expect(many.msg).toMatch(/剩余2张，不够发放给3位司机$/);
    expect((await assign(id, {})).msg).toBe('请选择司机或填写手机号名单');
    expect((await assign(id, { mobiles: '13800000000, 1380000' })).msg).toBe('手机号名单：「1380000」不是11位手机号');
    expect((await assign(id, { mobiles: '19999999999' })).msg).toMatch(/^手机号名单：199\*{4}9999不是本公司的司机$/);
    expect((await assign(id, { driverIds: [String(shanghai.driverIds[0])] })).msg).toBe('司机不存在');
    expect((await assign(id, { driverIds: ['abc'] })).code).toBe(400);
    expect((await assign(id, { driverIds: [String(a)], extra: 1 })).code).toBe(400);
    expect(await templateOf(id)).toMatchObject({ issued: 1 });
  });

  it('never over-issues when 1,000 assignments and claims race for one coupon', async () => {
    const id = await onSale({ totalStock: 100, perDriverLimit: 100 });
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, n) =>
        n % 2 === 0 ? assign(id, { driverIds: [String(driverOf(n))] }) : claim(beijing, id, driverOf(n)),
      ),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(100);
    expect(await templateOf(id)).toMatchObject({ issued: 100 });
    expect(await ordersOf(id)).toHaveLength(100);
  });

  it('keeps one driver to the limit when a claim and an assignment race for the driver', async () => {
    const id = await onSale({ perDriverLimit: 2 });
    const driver = driverOf(17);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        n % 2 ? claim(beijing, id, driver) : assign(id, { driverIds: [String(driver)] }),
      ),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(2);
    expect(await ordersOf(id)).toHaveLength(2);
  });

  it('is its own button, and another branch company cannot reach the coupon', async () => {
    const id = await onSale();
    await grantRole(ctx, admin, 'vehicleOrderOps', ['couponManage', 'couponOrderManage'], ['couponManage:listing']);
    const ops = await ctx.login('ops', 'ops123');
    expect(await assign(id, { driverIds: [String(driverOf(1))] }, ops)).toMatchObject({ code: 403 });
    const offered = await get<{ action: string }[]>(`/api/coupons/${id}/actions`);
    expect(JSON.stringify(offered.data)).toContain('assign');
    const other = await ctx.loginToOtherTenant();
    expect((await assign(id, { driverIds: [String(shanghai.driverIds[0])] }, other)).code).toBe(404);
    expect(await ordersOf(id)).toHaveLength(0);
  });
});

/** A 付费购买 coupon bought and paid by a driver; answers the coupon's and the order's ids. */
async function bought(driver: number, fields: Record<string, unknown> = {}) {
  const id = await onSale({ kind: 2, price: 9_900, perDriverLimit: 5, ...fields });
  const order = await claim(beijing, id, driver);
  const paid = await call(beijing, 'POST', `/api/app/coupon-orders/${order.data.id}/pay`, driver, {
    paymentRef: `WXR${Date.now()}${++serial}`,
  });
  expect(paid.data.status).toBe(2);
  return { id, orderId: order.data.id };
}
const refund = (orderId: string, body: object = { reason: '司机申请退款' }, token = admin) =>
  post(`/api/coupon-orders/${orderId}/refund`, body, token);

describe('券订单退款', () => {
  it('refunds a paid coupon still 未使用: a row of its own, the stock back, counted on 优惠券详情 per month', async () => {
    const { id, orderId } = await bought(driverOf(2));
    expect((await refund(orderId, {})).msg).toBe('退款原因：不能为空');
    expect((await refund(orderId, { reason: '' })).msg).toBe('退款原因：不能为空');
    const done = await refund(orderId);
    expect(done.code, done.msg).toBe(0);
    const row = (await get(`/api/coupon-orders/${orderId}`)).data;
    expect(row).toMatchObject({ status: 5, refundReason: '司机申请退款' });
    expect(row.refundedBy).not.toBeNull();
    const money = await db()
      .select()
      .from(couponMoney)
      .where(eq(couponMoney.orderId, Number(orderId)));
    expect(money.map((entry) => [entry.kind, entry.amount])).toEqual([
      [1, 9_900],
      [2, -9_900],
    ]);
    const detail = (await get(`/api/coupons/${id}`)).data;
    expect(detail).toMatchObject({ issued: 0, refundedCount: 1, received: 9_900, refunded: 9_900 });
    expect(detail.refundByMonth).toMatch(/^\d{4}-\d{2} 99\.00元$/);
    expect((await refund(orderId)).msg).toBe('券订单当前为「已退款」，不能退款');
  });

  it('refuses a used, an expired and a free coupon', async () => {
    const driver = driverOf(3);
    const first = await bought(driver);
    expect((await use(first.orderId, driver)).code).toBe(0);
    expect((await refund(first.orderId)).msg).toBe('券订单当前为「已使用」，不能退款');
    const second = await bought(driver, { validDays: 1 });
    const [order] = await db()
      .select()
      .from(couponOrders)
      .where(eq(couponOrders.id, Number(second.orderId)));
    const later = new Date((order?.validTo?.getTime() ?? 0) + 1000);
    const late = await atBusinessTime(later, () => refund(second.orderId));
    expect(late.msg).toMatch(/^优惠券已过有效期（\d{4}-\d{2}-\d{2}止），不能退款$/);
    await atBusinessTime(later, () => expireCoupons(db()));
    expect((await refund(second.orderId)).msg).toBe('券订单当前为「已过期」，不能退款');
    const free = await onSale();
    const held = await claim(beijing, free, driver);
    expect((await refund(held.data.id)).msg).toBe('只有付费购买的券可以退款');
  });

  it('refunds once when refunds and a use race, and needs its button', async () => {
    const driver = driverOf(4);
    const { id, orderId } = await bought(driver);
    const answers = await Promise.all([refund(orderId), refund(orderId), use(orderId, driver), refund(orderId)]);
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    const money = await db()
      .select()
      .from(couponMoney)
      .where(eq(couponMoney.orderId, Number(orderId)));
    expect(money.filter((entry) => entry.kind === 2).length).toBeLessThanOrEqual(1);
    const template = await templateOf(id);
    expect(template?.issued).toBe(money.some((entry) => entry.kind === 2) ? 0 : 1);
    const other = await bought(driverOf(5));
    const ops = await ctx.login('ops', 'ops123');
    expect(await refund(other.orderId, undefined, ops)).toMatchObject({ code: 403 });
  });
});

/** A product on sale with the coupon tags given; answers its id. */
async function product(price: number, couponTagIds: string[] = []) {
  const made = await post('/api/marketplace-products', {
    name: `券商品${++serial}`,
    category: 1,
    images: [image],
    price,
    stock: 50,
    deliveryKind: 3,
    couponTagIds,
  });
  expect(made.code, made.msg).toBe(0);
  expect((await post(`/api/marketplace-products/${made.data.id}/put-on`)).code).toBe(0);
  return made.data.id;
}
const placed = (driver: number, productId: string, quantity = 1) =>
  call<Shop>(beijing, 'POST', '/api/app/marketplace/orders', driver, { lines: [{ productId, quantity }] });

describe('使用门槛 and 适用商品标签 at use', () => {
  it('a 商城订单: refused below the threshold or without a product of its tags; else the discount is on the order', async () => {
    const tag = await post('/api/coupon-tags', { name: `券标签${++serial}`, displayOrder: 1, status: 1 });
    const fits = await product(3_000, [tag.data.id]);
    const plain = await product(5_000);
    const id = await onSale({ threshold: 5_000, tagIds: [tag.data.id], perDriverLimit: 3 });
    const driver = driverOf(6);
    const coupon = (await claim(beijing, id, driver)).data.id;
    const small = await placed(driver, fits);
    expect((await use(coupon, driver, { marketplaceOrderNo: small.data.orderNo })).msg).toBe(
      '订单金额30.00元，未达到优惠券的使用门槛50.00元',
    );
    const other = await placed(driver, plain);
    expect((await use(coupon, driver, { marketplaceOrderNo: other.data.orderNo })).msg).toMatch(
      /^订单中没有适用该优惠券的商品（适用商品标签：券标签\d+）$/,
    );
    const good = await placed(driver, fits, 2);
    const used = await use(coupon, driver, { marketplaceOrderNo: good.data.orderNo });
    expect(used.data).toMatchObject({ status: 3, useChannel: `商城订单${good.data.orderNo}` });
    const [shop] = await db().select().from(marketplaceOrders).where(eq(marketplaceOrders.orderNo, good.data.orderNo));
    expect(shop).toMatchObject({ amount: 6_000, discount: 6_000, couponOrderId: Number(coupon), status: 10 });
    const money = await db()
      .select()
      .from(couponMoney)
      .where(eq(couponMoney.orderId, Number(coupon)));
    expect(money.map((entry) => [entry.kind, entry.amount, entry.reference])).toEqual([[4, 6_000, good.data.orderNo]]);
    // Nothing is left to pay: no payment row, the order waits for delivery.
    expect(
      await db()
        .select()
        .from(marketplacePayments)
        .where(eq(marketplacePayments.orderId, shop?.id ?? 0)),
    ).toEqual([]);
    expect((await use(coupon, driver, { marketplaceOrderNo: other.data.orderNo })).msg).toBe(
      '券订单当前为「已使用」，不能使用',
    );
  });

  it('a 商城订单 partly paid by a coupon is paid for the rest, once; a second coupon is refused', async () => {
    const driver = driverOf(7);
    const id = await onSale({ perDriverLimit: 2 });
    const [first, second] = [(await claim(beijing, id, driver)).data.id, (await claim(beijing, id, driver)).data.id];
    const order = await placed(driver, await product(25_000));
    const both = await Promise.all([
      use(first, driver, { marketplaceOrderNo: order.data.orderNo }),
      use(second, driver, { marketplaceOrderNo: order.data.orderNo }),
    ]);
    expect(both.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(both.find((answer) => answer.code !== 0)?.msg).toBe('该商城订单已使用过优惠券');
    const mine = await call<Shop[]>(beijing, 'GET', '/api/app/marketplace/orders', driver);
    expect(mine.data.find((row) => row.orderNo === order.data.orderNo)).toMatchObject({
      amount: 25_000,
      discount: 10_000,
      payable: 15_000,
    });
    const pay = (amount: number) =>
      call<Shop>(beijing, 'POST', `/api/app/marketplace/orders/${order.data.orderNo}/pay`, driver, {
        method: 1,
        amount,
        transactionNo: `WXPAY${Date.now()}${serial}`,
      });
    expect((await pay(25_000)).msg).toBe('支付金额与应付金额不符：应付15000分（已用优惠券抵扣10000分），支付25000分');
    expect((await pay(15_000)).data).toMatchObject({ status: 10 });
  });

  it('rent: a coupon with a threshold names a lease order in force whose 月租金 reaches it', async () => {
    const [lease] = await db()
      .select()
      .from(leaseOrders)
      .where(and(eq(leaseOrders.tenantId, beijing.tenantId), eq(leaseOrders.status, 3)))
      .orderBy(asc(leaseOrders.id))
      .limit(1);
    expect(lease).toBeDefined();
    const driver = lease?.driverId ?? 0;
    const rent = Number(lease?.rent);
    const high = await onSale({ threshold: rent + 100 });
    const tooHigh = (await claim(beijing, high, driver)).data.id;
    expect((await use(tooHigh, driver)).msg).toMatch(/^该优惠券月租金满.+元可用，请指明租赁订单（leaseOrderNo）$/);
    expect((await use(tooHigh, driver, { leaseOrderNo: lease?.orderNo })).msg).toMatch(
      /^月租金.+元，未达到优惠券的使用门槛.+元$/,
    );
    expect((await use(tooHigh, driver, { leaseOrderNo: 'ZL-NONE' })).msg).toBe('租赁订单不存在');
    const fits = await onSale({ threshold: rent });
    const coupon = (await claim(beijing, fits, driver)).data.id;
    const used = await use(coupon, driver, { leaseOrderNo: lease?.orderNo });
    expect(used.data).toMatchObject({ status: 3, useChannel: `租赁订单${lease?.orderNo}` });
    const money = await db()
      .select()
      .from(couponMoney)
      .where(eq(couponMoney.orderId, Number(coupon)));
    expect(money.map((entry) => entry.kind)).toEqual([3]);
  });

  it('refuses hostile use bodies in words, and another branch company or driver', async () => {
    const driver = driverOf(8);
    const id = await onSale();
    const coupon = (await claim(beijing, id, driver)).data.id;
    for (const body of [
      { marketplaceOrderNo: 'x' },
      { marketplaceOrderNo: `SC${'9'.repeat(100_000)}` },
      { leaseOrderNo: 'a'.repeat(41) },
      { leaseOrderNo: 12 },
      { other: 1 },
      { marketplaceOrderNo: 'SC00000001', leaseOrderNo: 'ZL1' },
    ]) {
      const answer = await use(coupon, driver, body);
      expect(answer.code, JSON.stringify(body).slice(0, 80)).not.toBe(0);
      expect(answer.status, answer.msg).toBeLessThan(500);
    }
    const theirs = await call<Shop>(shanghai, 'POST', '/api/app/marketplace/orders', shanghai.driverIds[0], {
      lines: [{ productId: '1', quantity: 1 }],
    });
    expect(theirs.code).not.toBe(0);
    expect((await use(coupon, driver, { marketplaceOrderNo: 'SC99999999' })).msg).toBe('商城订单不存在');
    expect((await use(coupon, driverOf(9), {})).msg).toBe('券订单不存在');
    expect((await call(shanghai, 'POST', `/api/app/coupon-orders/${coupon}/use`, shanghai.driverIds[0], {})).msg).toBe(
      '券订单不存在',
    );
    expect((await get(`/api/coupon-orders/${coupon}`)).data).toMatchObject({ status: 2 });
  });
});
