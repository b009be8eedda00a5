import type { PageResult, UploadResult } from '@cp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atBusinessTime } from '../src/clock';
import { loadConfig } from '../src/config';
import { drivers as driverRows } from '../src/drivers/tables';
import { tenants } from '../src/identity/tables';
import {
  marketplaceOrderLines,
  marketplaceOrders,
  marketplacePayments,
  marketplaceProducts,
} from '../src/marketplace/tables';
import { autoReceiveOrders, closeUnpaidOrders } from '../src/marketplace/timers';
import { appClient, type TestAppClient } from './app-support';
import { callsAs, grantRole } from './calls';
import { multipart, samples } from './files-support';
import { startTestApp, type TestContext } from './harness';

type Row = Record<string, unknown> & { id: string; version: number; status: number };
type AppOrder = { orderNo: string; status: number; amount: number; lines: Record<string, unknown>[] };

let ctx: TestContext;
let admin: string;
let image: string;
let phone: TestAppClient;
let drivers: number[] = [];
const { get, post, put, send } = callsAs<Row, Row>(() => ({ ctx, token: admin }));
const db = () => ctx.database.db;
const hour = 3_600_000;

beforeAll(async () => {
  const limits = { ...loadConfig({}).appApi, perDriverPerMinute: 10_000, perAddressPerMinute: 10_000 };
  ctx = await startTestApp({ appApi: limits }, { demoVehiclesPerTenant: 150 });
  admin = await ctx.login('admin', 'admin123');
  phone = await appClient(ctx, '北京分公司');
  // The demo ordered for the first eight drivers: tests take the next ones, one each.
  drivers = (
    await db()
      .select({ id: driverRows.id })
      .from(driverRows)
      .where(eq(driverRows.tenantId, phone.tenantId))
      .orderBy(asc(driverRows.id))
      .limit(80)
  ).map((row) => row.id);
  const upload = await ctx.request<UploadResult>({
    method: 'POST',
    url: '/api/gateway/storage/file/private',
    token: admin,
    ...multipart([{ name: '商品.png', content: samples.png }]),
  });
  image = upload.data.fileLocation;
});
afterAll(() => ctx.close());

let serial = 0;
/** A new product of the first branch company, on sale unless told otherwise. */
async function product(values: Record<string, unknown> = {}, onSale = true) {
  const made = await post('/api/marketplace-products', {
    name: `测试商品${++serial}`,
    category: 1,
    images: [image],
    price: 1_000,
    stock: 50,
    deliveryKind: 3,
    ...values,
  });
  expect(made.msg).toBe('success');
  if (onSale) expect((await post(`/api/marketplace-products/${made.data.id}/put-on`)).msg).toBe('success');
  return made.data.id;
}

let driverAt = 8;
/** A driver of the first branch company no other test ordered for (the demo took the first eight). */
const nextDriver = () => {
  const id = drivers[driverAt++];
  if (id === undefined) throw new Error('not enough drivers');
  return id;
};

const order = (driverId: number, lines: [string, number][], extra: Record<string, unknown> = {}) =>
  phone.send<AppOrder>({
    method: 'POST',
    url: '/api/app/marketplace/orders',
    driverId,
    body: { lines: lines.map(([productId, quantity]) => ({ productId, quantity })), ...extra },
  });
const pay = (driverId: number, placed: AppOrder, transactionNo: string, amount = placed.amount) =>
  phone.send<AppOrder>({
    method: 'POST',
    url: `/api/app/marketplace/orders/${placed.orderNo}/pay`,
    driverId,
    body: { method: 1, amount, transactionNo },
  });
const stockOf = async (id: string) =>
  (
    await db()
      .select({ stock: marketplaceProducts.stock })
      .from(marketplaceProducts)
      .where(eq(marketplaceProducts.id, Number(id)))
  )[0]?.stock;
const orderRow = async (orderNo: string) =>
  (await db().select().from(marketplaceOrders).where(eq(marketplaceOrders.orderNo, orderNo)))[0];

describe('商城管理', () => {
  it('demo: each branch company has products and orders in every state, the app ones with created_by null', async () => {
    for (const { id } of await db().select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id))) {
      const rows = await db().select().from(marketplaceOrders).where(eq(marketplaceOrders.tenantId, id));
      expect(
        [...new Set(rows.map((row) => row.status))].sort((a, b) => a - b),
        `tenant ${id}`,
      ).toEqual([0, 10, 20, 30, 40, 50]);
      expect(rows.filter((row) => row.channel === 1).every((row) => row.createdBy === null)).toBe(true);
      expect(rows.filter((row) => row.channel === 2).every((row) => row.createdBy !== null)).toBe(true);
      expect(rows.every((row) => row.createdAt.getTime() <= Date.now())).toBe(true);
    }
  });

  it('an app order takes stock and keeps the product as it was: a later edit changes no line', async () => {
    const driver = nextDriver();
    const id = await product({ price: 2_500, stock: 10 });
    const placed = await order(driver, [[id, 3]]);
    expect(placed.msg).toBe('success');
    expect(placed.data).toMatchObject({ status: 0, amount: 7_500 });
    expect(await stockOf(id)).toBe(7);
    const row = (await get(`/api/marketplace-products/${id}`)).data;
    const edited = await put(`/api/marketplace-products/${id}`, {
      name: '改过的名字',
      category: 2,
      images: [image],
      price: 9_900,
      stock: 7,
      deliveryKind: 3,
      version: row.version,
    });
    expect(edited.msg).toBe('success');
    const mine = await phone.send<AppOrder[]>({ method: 'GET', url: '/api/app/marketplace/orders', driverId: driver });
    expect(mine.data[0]?.lines[0]).toMatchObject({
      productName: `测试商品${serial}`,
      unitPrice: 2_500,
      quantity: 3,
      amount: 7_500,
      image,
    });
    const saved = await orderRow(placed.data.orderNo);
    const console = (await get(`/api/marketplace-orders/${saved?.id}`)).data;
    expect(console).toMatchObject({ amount: 7_500, channel: 1, status: 0 });
    expect((console.lines as Record<string, unknown>[])[0]).toMatchObject({ unitPrice: 2_500 });
  });

  it('never sells below zero: parallel orders for the last pieces, only those stock covers succeed', async () => {
    const id = await product({ stock: 5 });
    const buyers = [0, 1, 2, 3, 4, 5, 6, 7].map(() => nextDriver());
    const answers = await Promise.all(buyers.map((driver) => order(driver, [[id, 1]])));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(5);
    for (const refused of answers.filter((answer) => answer.code !== 0)) {
      expect(refused.msg).toMatch(/^库存不足：「测试商品\d+」剩余0件，需要1件$/);
    }
    expect(await stockOf(id)).toBe(0);
  });

  it('takes every line in one transaction: one short line leaves every stock as it was', async () => {
    const plenty = await product({ stock: 10 });
    const few = await product({ stock: 1 });
    const driver = nextDriver();
    const refused = await order(driver, [
      [plenty, 2],
      [few, 2],
    ]);
    expect(refused.msg).toMatch(/^库存不足/);
    expect([await stockOf(plenty), await stockOf(few)]).toEqual([10, 1]);
    expect(
      (
        await order(driver, [
          [plenty, 1],
          [plenty, 1],
        ])
      ).msg,
    ).toBe('商品明细：同一商品请合并为一行');
  });

  it('keeps the per-driver limit, 下架 stops orders, and a courier product needs an address', async () => {
    const driver = nextDriver();
    const limited = await product({ limitPerDriver: 2 });
    expect((await order(driver, [[limited, 2]])).code).toBe(0);
    expect((await order(driver, [[limited, 1]])).msg).toMatch(
      /^超过每人限购：「测试商品\d+」每人限购2件，该司机已购2件$/,
    );
    const off = await product({}, false);
    expect((await order(driver, [[off, 1]])).msg).toMatch(/已下架，不能下单$/);
    const courier = await product({ deliveryKind: 1 });
    expect((await order(driver, [[courier, 1]])).msg).toBe('含快递商品，请填写收货人、联系电话和收货地址');
    const addressed = await order(driver, [[courier, 1]], {
      consignee: '王师傅',
      phone: '13800138000',
      address: '北京市朝阳区建国路88号',
    });
    expect(addressed.code).toBe(0);
  });

  it('pays once: the same transaction again changes nothing, a replayed request is refused, a wrong amount is refused', async () => {
    const driver = nextDriver();
    const id = await product({ price: 1_200 });
    const placed = (await order(driver, [[id, 2]])).data;
    expect((await pay(driver, placed, 'WX2026112800001', 100)).msg).toBe(
      '支付金额与订单金额不符：订单金额2400分，支付100分',
    );
    const first = await pay(driver, placed, 'WX2026112800001');
    expect(first.data).toMatchObject({ status: 10 });
    expect((await pay(driver, placed, 'WX2026112800001')).data).toMatchObject({ status: 10 });
    expect((await pay(driver, placed, 'WX2026112800002')).msg).toBe('订单当前为「待发货」，不能支付');
    const saved = await orderRow(placed.orderNo);
    const payments = await db()
      .select()
      .from(marketplacePayments)
      .where(eq(marketplacePayments.orderId, Number(saved?.id)));
    expect(payments).toHaveLength(1);
    // The very request sent again, headers and all: the nonce was used, so nothing is applied twice.
    const headers = (await import('../src/appApi/keys')).appRequestHeaders(phone.grant, driver);
    const other = (await order(driver, [[id, 1]])).data;
    const body = { method: 2, amount: other.amount, transactionNo: 'ALI2026112800009' };
    const url = `/api/app/marketplace/orders/${other.orderNo}/pay`;
    const once = await phone.send({ method: 'POST', url, driverId: driver, body, headers });
    const twice = await phone.send({ method: 'POST', url, driverId: driver, body, headers });
    expect(once.code).toBe(0);
    expect(twice.code).not.toBe(0);
    const otherRow = await orderRow(other.orderNo);
    expect(
      await db()
        .select()
        .from(marketplacePayments)
        .where(eq(marketplacePayments.orderId, Number(otherRow?.id))),
    ).toHaveLength(1);
  });

  it('closes an unpaid order past its deadline once under two runners, restoring its stock once', async () => {
    const driver = nextDriver();
    const id = await product({ stock: 6 });
    const placed = (await order(driver, [[id, 4]])).data;
    expect(await stockOf(id)).toBe(2);
    expect(await closeUnpaidOrders(db())).toBe(0);
    const later = new Date(Date.now() + 31 * 60_000);
    const runs = await atBusinessTime(later, () => Promise.all([closeUnpaidOrders(db()), closeUnpaidOrders(db())]));
    expect(runs.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    expect(await atBusinessTime(later, () => closeUnpaidOrders(db()))).toBe(0);
    expect(await orderRow(placed.orderNo)).toMatchObject({ status: 40 });
    expect(await stockOf(id)).toBe(6);
    expect((await pay(driver, placed, 'WX2026112800031')).msg).toBe('订单当前为「已关闭」，不能支付');
  });

  it('ships (courier needs a waybill), then the driver or the timer receives it once', async () => {
    const driver = nextDriver();
    const id = await product({ deliveryKind: 1 });
    const address = { consignee: '李师傅', phone: '13900139000', address: '北京市海淀区中关村大街1号' };
    const placed = (await order(driver, [[id, 1]], address)).data;
    await pay(driver, placed, 'WX2026112800041');
    const saved = await orderRow(placed.orderNo);
    const url = `/api/marketplace-orders/${saved?.id}`;
    expect((await post(`${url}/ship`, {})).msg).toBe('订单含快递商品，请选择快递公司并填写运单号');
    expect((await post(`${url}/ship`, { carrier: 1, trackingNo: 'SF1234567890' })).msg).toBe('success');
    const shipped = await orderRow(placed.orderNo);
    expect(shipped?.autoReceiveAt?.getTime()).toBe((shipped?.shippedAt?.getTime() ?? 0) + 7 * 24 * hour);
    const later = new Date(Date.now() + 7 * 24 * hour + 60_000);
    const runs = await atBusinessTime(later, () => Promise.all([autoReceiveOrders(db()), autoReceiveOrders(db())]));
    expect(runs.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    expect(await orderRow(placed.orderNo)).toMatchObject({ status: 30, receiveWay: 2 });
    const receive = () =>
      phone.send({ method: 'POST', url: `/api/app/marketplace/orders/${placed.orderNo}/receive`, driverId: driver });
    expect((await receive()).msg).toBe('订单当前为「已完成」，不能确认收货');
    const history = await get<{ action: string }[]>(`${url}/history`);
    expect(history.data.filter((entry) => entry.action === 'receive')).toHaveLength(1);
  });

  it('staff order (后台下单): paid offline with the operator; 取消订单 puts stock back and writes a refund row', async () => {
    const driver = nextDriver();
    const id = await product({ stock: 9, price: 3_000 });
    const made = await post('/api/marketplace-orders', {
      driverId: String(driver),
      lines: [{ productId: id, quantity: 2 }],
      remark: '门店代下单',
    });
    expect(made.msg).toBe('success');
    const row = (await get(`/api/marketplace-orders/${made.data.id}`)).data;
    expect(row).toMatchObject({ status: 10, channel: 2, payMethod: 3, amount: 6_000 });
    expect(row.createdBy).not.toBeNull();
    expect(await stockOf(id)).toBe(7);
    expect((await post(`/api/marketplace-orders/${made.data.id}/cancel`, { reason: '司机不要了' })).msg).toBe(
      'success',
    );
    expect(await stockOf(id)).toBe(9);
    const money = await get<{ kind: string; amount: number; operatorName: string | null }[]>(
      `/api/marketplace-orders/${made.data.id}/payments`,
    );
    expect(money.data.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['payment', 6_000],
      ['refund', 6_000],
    ]);
    expect((await post(`/api/marketplace-orders/${made.data.id}/cancel`, { reason: '再取消' })).msg).toBe(
      '商城订单当前为「已取消」，不能取消订单',
    );
  });

  it('deletes a product only 下架 and never ordered; a tag on a product is 停用, not deleted', async () => {
    const tag = await post('/api/marketplace-tags', { name: `标签${++serial}`, displayOrder: 1, status: 1 });
    const used = await product({ tagIds: [tag.data.id] });
    await order(nextDriver(), [[used, 1]]);
    expect((await send('DELETE', `/api/marketplace-products/${used}`)).msg).toBe('商城商品当前为「上架」，不能删除');
    await post(`/api/marketplace-products/${used}/take-off`);
    expect((await send('DELETE', `/api/marketplace-products/${used}`)).msg).toMatch(/已有订单，不能删除，请改为下架$/);
    expect((await send('DELETE', `/api/marketplace-tags/${tag.data.id}`)).msg).toMatch(
      /已被1件商品使用，不能删除，请停用$/,
    );
    const unused = await product({}, false);
    expect((await send('DELETE', `/api/marketplace-products/${unused}`)).msg).toBe('success');
    const onSale = await phone.send<{ id: string; tags: { id: string }[] }[]>({
      method: 'GET',
      url: `/api/app/marketplace/products?tagId=${tag.data.id}`,
    });
    expect(onSale.data.map((row) => row.id)).toEqual([]);
  });

  it('keeps each branch company to its own products, orders and drivers', async () => {
    const id = await product();
    const driver = nextDriver();
    const placed = (await order(driver, [[id, 1]])).data;
    const saved = await orderRow(placed.orderNo);
    const other = await ctx.loginToOtherTenant();
    expect((await get(`/api/marketplace-products/${id}`, other)).code).not.toBe(0);
    expect((await get(`/api/marketplace-orders/${saved?.id}`, other)).code).not.toBe(0);
    expect((await get(`/api/marketplace-orders/${saved?.id}/payments`, other)).msg).toBe('订单不存在');
    expect((await post(`/api/marketplace-orders/${saved?.id}/cancel`, { reason: '越权' }, other)).code).not.toBe(0);
    const staff = await post(
      '/api/marketplace-orders',
      { driverId: String(driver), lines: [{ productId: id, quantity: 1 }] },
      other,
    );
    expect(staff.code).not.toBe(0);
    const shanghai = await appClient(ctx, '上海分公司');
    const theirs = await shanghai.send({
      method: 'POST',
      url: '/api/app/marketplace/orders',
      driverId: shanghai.driverIds[0] ?? 0,
      body: { lines: [{ productId: id, quantity: 1 }] },
    });
    expect(theirs.msg).toBe(`商品（编号${id}）不存在`);
    const peek = await shanghai.send({
      method: 'POST',
      url: `/api/app/marketplace/orders/${placed.orderNo}/receive`,
      driverId: shanghai.driverIds[0] ?? 0,
    });
    expect(peek.msg).toBe('订单不存在');
    // Another driver of the same branch company cannot pay this driver's order either.
    expect((await pay(nextDriver(), placed, 'WX2026112800051')).msg).toBe('订单不存在');
  });

  it('refuses hostile input on the app routes in words, never a 500', async () => {
    const driver = nextDriver();
    const id = await product();
    const cases: unknown[] = [
      {},
      { lines: [] },
      { lines: [{ productId: id, quantity: 0 }] },
      { lines: [{ productId: id, quantity: 1e9 }] },
      { lines: [{ productId: 'abc', quantity: 1 }] },
      { lines: [{ productId: '99999999999999999999', quantity: 1 }] },
      { lines: Array.from({ length: 21 }, (_, n) => ({ productId: String(n + 1), quantity: 1 })) },
      { lines: [{ productId: id, quantity: 1 }], hack: true },
      { lines: [{ productId: id, quantity: 1 }], address: 'x'.repeat(5_000) },
      { lines: [{ productId: id, quantity: 1, price: 1 }] },
      'junk',
    ];
    for (const body of cases) {
      const answer = await phone.send({ method: 'POST', url: '/api/app/marketplace/orders', driverId: driver, body });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
      expect(answer.code).not.toBe(0);
      expect(answer.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const placed = (await order(driver, [[id, 1]])).data;
    for (const body of [
      { method: 3, amount: placed.amount, transactionNo: 'OFFLINE0001' },
      { method: 1, amount: -1, transactionNo: 'WX00000001' },
      { method: 1, amount: placed.amount, transactionNo: "x'; drop" },
    ]) {
      const answer = await phone.send({
        method: 'POST',
        url: `/api/app/marketplace/orders/${placed.orderNo}/pay`,
        driverId: driver,
        body,
      });
      expect(answer.status).toBeLessThan(500);
      expect(answer.code).not.toBe(0);
    }
    const badNo = await phone.send({
      method: 'POST',
      url: '/api/app/marketplace/orders/../pay',
      driverId: driver,
      body: {},
    });
    expect(badNo.status).toBeLessThan(500);
    expect(
      (
        await phone.send({
          method: 'POST',
          url: '/api/app/marketplace/orders',
          body: { lines: [{ productId: id, quantity: 1 }] },
        })
      ).code,
    ).not.toBe(0);
    expect(await orderRow(placed.orderNo)).toMatchObject({ status: 0 });
  });

  it('asks for each button: the menu lists, 发货 ships, and 取消订单, 新增 and 上下架 are refused without theirs', async () => {
    const driver = nextDriver();
    const id = await product();
    const placed = (await order(driver, [[id, 1]])).data;
    await pay(driver, placed, 'WX2026112800061');
    const saved = await orderRow(placed.orderNo);
    await grantRole(ctx, admin, 'vehicleOrderOps', ['marketplaceOrders', 'marketplaceProducts'], []);
    const ops = await ctx.login('ops', 'ops123');
    expect((await get<PageResult<Row>>('/api/marketplace-orders?limit=5', ops)).code).toBe(0);
    expect((await post(`/api/marketplace-orders/${saved?.id}/ship`, {}, ops)).code).toBe(403);
    expect((await post(`/api/marketplace-orders/${saved?.id}/cancel`, { reason: '无权' }, ops)).code).toBe(403);
    expect(
      (
        await post(
          '/api/marketplace-orders',
          { driverId: String(driver), lines: [{ productId: id, quantity: 1 }] },
          ops,
        )
      ).code,
    ).toBe(403);
    expect((await post(`/api/marketplace-products/${id}/take-off`, {}, ops)).code).toBe(403);
    expect((await send('DELETE', `/api/marketplace-products/${id}`, undefined, ops)).code).toBe(403);
    await grantRole(ctx, admin, 'vehicleOrderOps', ['marketplaceOrders'], ['marketplaceOrders:ship']);
    const granted = await ctx.login('ops', 'ops123');
    expect((await post(`/api/marketplace-orders/${saved?.id}/ship`, {}, granted)).msg).toBe('success');
    const lines = await db()
      .select()
      .from(marketplaceOrderLines)
      .where(and(eq(marketplaceOrderLines.orderId, Number(saved?.id))));
    expect(lines).toHaveLength(1);
  });
});
