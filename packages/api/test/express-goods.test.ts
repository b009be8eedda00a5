import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  beijingDay,
  expressGoodsScreens,
  type ImportBatchResult,
  type PageResult,
  type UploadResult,
} from '@cp/contracts';
import { and, asc, desc, eq, gt, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../src/drivers/tables';
import { expressExchanges } from '../src/expressGoods/tables';
import { importTemplate } from '../src/files/templates';
import { tenants } from '../src/identity/tables';
import { adjustPoints } from '../src/points/ledger';
import { pointsAccounts, pointsEntries } from '../src/points/tables';
import { type CellValue, XlsxWriter } from '../src/xlsx/writer';
import { callsAs, grantRole } from './calls';
import { multipart, samples } from './files-support';
import { startTestApp, type TestContext } from './harness';

type Row = Record<string, unknown> & { id: string; version: number; status: number };

let ctx: TestContext;
let admin: string;
let tenantId: number;
let cover: string;
/** Drivers of the first branch company: each test takes its own and sets their points. */
let fresh: number[];
const folder = mkdtempSync(path.join(tmpdir(), 'cp-express-'));
const { get, post, put, send } = callsAs<Row, Row>(() => ({ ctx, token: admin }));
const db = () => ctx.database.db;
const exchanges = expressGoodsScreens.exchanges.endpoint;

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  admin = await ctx.login('admin', 'admin123');
  const [first] = await db().select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id));
  tenantId = Number(first?.id);
  // The demo's exchanges are for its drivers with the most points: tests take the others, last first.
  const exchanged = db().select({ id: expressExchanges.driverId }).from(expressExchanges);
  fresh = (
    await db()
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(eq(drivers.tenantId, tenantId), notInArray(drivers.id, exchanged)))
      .orderBy(desc(drivers.id))
      .limit(40)
  ).map((driver) => driver.id);
  const upload = await ctx.request<UploadResult>({
    method: 'POST',
    url: '/api/gateway/storage/file/private',
    token: admin,
    ...multipart([{ name: '封面.png', content: samples.png }]),
  });
  cover = upload.data.fileLocation;
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

let serial = 0;
/** Each used driver's points beyond what a test gave them: the frozen part of the demo's awards. */
const frozenOf = new Map<number, number>();
/** Drivers no test has used yet, each left with exactly `points` available (调整积分 up or down). */
async function driversWith(count: number, points: number) {
  const taken = fresh.splice(0, count);
  if (taken.length < count) throw new Error('not enough drivers');
  for (const driverId of taken) {
    const frozen = await frozenPoints(driverId);
    const change = points - ((await balanceOf(driverId)) ?? 0) + frozen;
    if (change !== 0) {
      await db().transaction((tx) =>
        adjustPoints(tx, { tenantId, driverId, userId: null, points: change, reason: '测试' }),
      );
    }
    frozenOf.set(driverId, frozen);
  }
  return taken;
}

/** A new item, on sale unless told otherwise. */
async function goods(values: Record<string, unknown> = {}, onSale = true) {
  const made = await post('/api/express-goods', {
    name: `测试商品${++serial}`,
    category: 1,
    cover: [cover],
    pointsPrice: 100,
    stock: 50,
    ...values,
  });
  expect(made.msg).toBe('success');
  if (onSale) expect(await post(`/api/express-goods/${made.data.id}/put-on`)).toMatchObject({ msg: 'success' });
  return made.data.id;
}

const exchange = (goodsId: string, driverId: number, quantity = 1, token = admin) =>
  post<{ exchangeId: string; exchangeNo: string }>(
    `/api/express-goods/${goodsId}/exchange`,
    { driverId: String(driverId), quantity },
    token,
  );
const balanceOf = async (driverId: number) =>
  (await db().select().from(pointsAccounts).where(eq(pointsAccounts.id, driverId)))[0]?.balance;
/** Awards of the driver not yet available (冻结中). */
const frozenPoints = async (driverId: number) => {
  const [row] = await db()
    .select({ frozen: sql<number>`greatest(0, coalesce(sum(${pointsEntries.points}), 0))::int` })
    .from(pointsEntries)
    .where(and(eq(pointsEntries.driverId, driverId), gt(pointsEntries.availableFrom, beijingDay(new Date()))));
  return Number(row?.frozen ?? 0);
};
/** What the driver has available, as spends see it. */
const pointsOf = async (driverId: number) => ((await balanceOf(driverId)) ?? 0) - (frozenOf.get(driverId) ?? 0);
const entriesOf = (bizType: string, bizId: string) =>
  db()
    .select()
    .from(pointsEntries)
    .where(and(eq(pointsEntries.bizType, bizType), eq(pointsEntries.bizId, bizId)));
const address = { consignee: '张伟', phone: '13800138000', address: '北京市朝阳区建国路88号' };

describe('快递商品 and 兑换', () => {
  it('demo: each branch company has goods and exchanges in every courier state, each spend a ledger row', async () => {
    const demo = await db()
      .select({ tenantId: expressExchanges.tenantId, status: expressExchanges.status, id: expressExchanges.id })
      .from(expressExchanges);
    const branches = await db().select({ id: tenants.id }).from(tenants);
    for (const { id } of branches) {
      const states = new Set(demo.filter((row) => row.tenantId === id).map((row) => row.status));
      expect([...states].sort(), `tenant ${id}`).toEqual([0, 1, 2, 3, 4]);
    }
    const spends = await db().select().from(pointsEntries).where(eq(pointsEntries.bizType, 'express-exchange'));
    expect(spends.map((entry) => Number(entry.bizId)).sort()).toEqual(demo.map((row) => row.id).sort());
  });

  it('starts 下架, exchanges only once 上架: spends the points through the ledger, takes the stock, keeps the item as it was', async () => {
    const [driver] = (await driversWith(1, 1_000)) as [number];
    const goodsId = await goods({ pointsPrice: 120, stock: 10 }, false);
    expect(await exchange(goodsId, driver)).toMatchObject({ msg: '快递商品当前为「下架」，不能兑换' });
    expect((await post(`/api/express-goods/${goodsId}/put-on`)).msg).toBe('success');
    const made = await exchange(goodsId, driver, 2);
    expect(made.msg).toBe('success');
    const item = (await get(`/api/express-goods/${goodsId}`)).data;
    expect(item).toMatchObject({ stock: 8, exchanged: 2, status: 1 });
    const row = (await get(`/api/express-exchanges/${made.data.exchangeId}`)).data;
    expect(row).toMatchObject({ goodsName: item.name, unitPoints: 120, points: 240, quantity: 2, status: 0 });
    expect(row).toMatchObject({ channel: 1, exchangeNo: made.data.exchangeNo, goodsCover: [cover] });
    expect(await pointsOf(driver)).toBe(760);
    const [spend] = await entriesOf('express-exchange', made.data.exchangeId);
    expect(spend).toMatchObject({ points: -240, driverId: driver });
    // An edit of the item changes no exchange made before it.
    const edited = await put(`/api/express-goods/${goodsId}`, {
      ...{ name: `${item.name}（新款）`, category: 1, cover: [cover], pointsPrice: 150, stock: 8 },
      version: item.version,
    });
    expect(edited.msg).toBe('success');
    const listed = await get<PageResult<Row>>(`${exchanges}?goodsId=${goodsId}`);
    expect(listed.data.list.map((r) => [r.goodsName, r.points])).toEqual([[item.name, 240]]);
  });

  it('never takes the stock below zero, however many exchange at once', async () => {
    const buyers = await driversWith(8, 500);
    const goodsId = await goods({ stock: 3 });
    const answers = await Promise.all(buyers.map((driver) => exchange(goodsId, driver)));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(3);
    expect(answers.find((answer) => answer.code !== 0)?.msg).toMatch(/^库存不足：「测试商品\d+」库存0件，需要1件$/);
    expect((await get(`/api/express-goods/${goodsId}`)).data).toMatchObject({ stock: 0, exchanged: 3 });
    // Those refused kept their points.
    const balances = await Promise.all(buyers.map(pointsOf));
    expect(balances.filter((balance) => balance === 400)).toHaveLength(3);
    expect(balances.filter((balance) => balance === 500)).toHaveLength(5);
  });

  it('never spends more points than the driver has available, however many exchange at once', async () => {
    const [driver] = (await driversWith(1, 500)) as [number];
    const goodsId = await goods({ pointsPrice: 200, stock: 20 });
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => exchange(goodsId, driver)));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(2);
    expect(answers.find((answer) => answer.code !== 0)?.msg).toBe('可用积分不足：可用100分，需要200分');
    expect(await pointsOf(driver)).toBe(100);
    // The refused exchanges gave their pieces back (one transaction): 2 taken.
    expect((await get(`/api/express-goods/${goodsId}`)).data).toMatchObject({ stock: 18, exchanged: 2 });
  });

  it('keeps each driver to the item’s limit, also sent at once; another driver has a limit of their own', async () => {
    const [keen, other] = (await driversWith(2, 5_000)) as [number, number];
    const goodsId = await goods({ limitPerDriver: 2 });
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => exchange(goodsId, keen)));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(2);
    expect(answers.find((answer) => answer.code !== 0)?.msg).toMatch(
      /^超过每人限兑：「测试商品\d+」每人限兑2件，该司机已兑换2件$/,
    );
    expect((await exchange(goodsId, other, 2)).code).toBe(0);
    expect((await exchange(goodsId, other, 1)).code).not.toBe(0);
  });

  it('goes 未填写地址 → 已填写地址 → 发货中 (the address locked, no cancelling) → 已发货 with its tracking number', async () => {
    const [driver] = (await driversWith(1, 1_000)) as [number];
    const goodsId = await goods();
    const { exchangeId: id } = (await exchange(goodsId, driver)).data;
    const url = `/api/express-exchanges/${id}`;
    expect((await post(`${url}/ship`)).msg).toBe('兑换订单当前为「未填写地址」，不能发货');
    expect((await post(`${url}/fill-address`, { ...address, phone: '123' })).msg).toBe('联系电话：应为11位手机号');
    expect((await post(`${url}/fill-address`, address)).msg).toBe('success');
    // Until it is shipped the address may be corrected.
    expect((await post(`${url}/fill-address`, { ...address, consignee: '李娜' })).msg).toBe('success');
    expect((await post(`${url}/ship`)).msg).toBe('success');
    expect((await post(`${url}/fill-address`, address)).msg).toBe('兑换订单当前为「发货中」，不能填写地址');
    expect((await post(`${url}/cancel`, { reason: '不要了' })).msg).toBe('兑换订单当前为「发货中」，不能取消兑换');
    expect((await post(`${url}/deliver`, { carrier: 1, trackingNo: 'SF1234567890' })).msg).toBe('success');
    expect((await get(url)).data).toMatchObject({
      ...{ status: 3, consignee: '李娜', address: address.address, carrier: 1, trackingNo: 'SF1234567890' },
    });
    expect((await get(url)).data.shippedAt).toBeTruthy();
  });

  it('ships many at once: each row on its own, one not ready refused by its number', async () => {
    const [driver] = (await driversWith(1, 1_000)) as [number];
    const goodsId = await goods();
    const ids = [];
    for (let n = 0; n < 3; n += 1) ids.push((await exchange(goodsId, driver)).data.exchangeId);
    for (const id of ids.slice(0, 2)) await post(`/api/express-exchanges/${id}/fill-address`, address);
    const answer = await post<{ done: number; refused: { name: string; message: string }[] }>(
      '/api/express-exchanges/bulk/ship',
      { ids },
    );
    expect(answer.data.done).toBe(2);
    expect(answer.data.refused).toHaveLength(1);
    expect(answer.data.refused[0]?.message).toContain('「未填写地址」，不能发货');
  });

  it('imports tracking numbers row by row: 发货中 rows applied, the others named with why', async () => {
    const [driver] = (await driversWith(1, 1_000)) as [number];
    const goodsId = await goods();
    const made = [];
    for (let n = 0; n < 3; n += 1) made.push((await exchange(goodsId, driver)).data);
    const [a, b, c] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    for (const { exchangeId } of made) await post(`/api/express-exchanges/${exchangeId}/fill-address`, address);
    for (const { exchangeId } of [a, b]) await post(`/api/express-exchanges/${exchangeId}/ship`);
    const file = path.join(folder, 'tracking.xlsx');
    const writer = new XlsxWriter(file, importTemplate('expressExchange')?.columns ?? []);
    const rows: CellValue[][] = [
      [a.exchangeNo, '顺丰速运', 'SF7300000001'],
      [c.exchangeNo, '中通快递', 'ZT7300000002'],
      ['DH99999999', '顺丰速运', 'SF7300000003'],
      [b.exchangeNo, '顺丰速运', '短'],
    ];
    for (const row of rows) writer.addRow(row);
    await writer.finish();
    const answer = await ctx.request<ImportBatchResult>({
      method: 'POST',
      url: '/api/express-exchanges/import',
      token: admin,
      ...multipart([{ name: '运单.xlsx', content: readFileSync(file) }]),
    });
    expect(answer.data).toMatchObject({ rows: 4, imported: 1, refused: 3 });
    const results = await get<PageResult<Row>>(
      `/api/express-exchange-imports-rows/views/expressExchangeImportRows?batchId=${answer.data.batchId}&limit=10`,
    );
    expect(results.data.list.map((row) => [row.rowNumber, row.outcome, row.message])).toEqual([
      [2, 1, '已发货'],
      [3, 3, `${c.exchangeNo}：兑换订单当前为「已填写地址」，不能填写运单`],
      [4, 3, '兑换单号「DH99999999」不存在'],
      [5, 3, expect.stringContaining('运单号')],
    ]);
    expect((await get(`/api/express-exchanges/${a.exchangeId}`)).data).toMatchObject({
      ...{ status: 3, carrier: 1, trackingNo: 'SF7300000001' },
    });
    expect((await get(`/api/express-exchanges/${b.exchangeId}`)).data.status).toBe(2);
  });

  it('取消兑换 returns the points by a reversal and the stock, once, even sent at once', async () => {
    const [driver] = (await driversWith(1, 1_000)) as [number];
    const goodsId = await goods({ pointsPrice: 150, stock: 10 });
    const { exchangeId: id } = (await exchange(goodsId, driver, 2)).data;
    expect(await pointsOf(driver)).toBe(700);
    expect((await post(`/api/express-exchanges/${id}/cancel`, {})).code).not.toBe(0);
    const answers = await Promise.all(
      [1, 2, 3].map(() => post(`/api/express-exchanges/${id}/cancel`, { reason: '司机改兑其他商品' })),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.find((answer) => answer.code !== 0)?.msg).toBe('兑换订单当前为「已取消」，不能取消兑换');
    expect(await pointsOf(driver)).toBe(1_000);
    const [spend] = await entriesOf('express-exchange', id);
    const reversals = await entriesOf('reversal', String(spend?.id));
    expect(reversals.map((entry) => entry.points)).toEqual([300]);
    expect((await get(`/api/express-goods/${goodsId}`)).data).toMatchObject({ stock: 10, exchanged: 0 });
    expect((await get(`/api/express-exchanges/${id}`)).data).toMatchObject({
      status: 4,
      cancelReason: '司机改兑其他商品',
    });
  });

  it('deletes only goods 下架 that nobody has exchanged', async () => {
    const [driver] = (await driversWith(1, 1_000)) as [number];
    const used = await goods();
    await exchange(used, driver);
    expect((await send('DELETE', `/api/express-goods/${used}`)).msg).toBe('快递商品当前为「上架」，不能删除');
    await post(`/api/express-goods/${used}/take-off`);
    expect((await send('DELETE', `/api/express-goods/${used}`)).msg).toMatch(/已有兑换订单，不能删除，请改为下架$/);
    const unused = await goods({}, false);
    expect((await send('DELETE', `/api/express-goods/${unused}`)).msg).toBe('success');
  });

  it('keeps each branch company to its own goods, exchanges and drivers', async () => {
    const [driver] = (await driversWith(1, 1_000)) as [number];
    const goodsId = await goods();
    const { exchangeId } = (await exchange(goodsId, driver)).data;
    const other = await ctx.loginToOtherTenant();
    expect((await get(`/api/express-goods/${goodsId}`, other)).code).not.toBe(0);
    expect((await exchange(goodsId, driver, 1, other)).msg).toBe('快递商品不存在');
    expect((await get(`/api/express-exchanges/${exchangeId}`, other)).code).not.toBe(0);
    expect((await post(`/api/express-exchanges/${exchangeId}/fill-address`, address, other)).msg).toBe(
      '兑换订单不存在',
    );
    expect((await post(`/api/express-exchanges/${exchangeId}/cancel`, { reason: '越权' }, other)).code).not.toBe(0);
    // Their own item exchanged for this branch company's driver: no such driver there.
    const theirs = (await get<PageResult<Row>>('/api/express-goods?status=1&limit=50', other)).data.list;
    const onSale = theirs.find((row) => Number(row.stock) > 0) as Row;
    expect((await exchange(onSale.id, driver, 1, other)).msg).toBe('司机不存在');
  });

  it('asks for each button: the page alone lists, 兑换 exchanges, and nothing else moves', async () => {
    const [driver] = (await driversWith(1, 1_000)) as [number];
    const goodsId = await goods();
    const { exchangeId } = (await exchange(goodsId, driver)).data;
    await grantRole(ctx, admin, 'vehicleOrderOps', ['expressGoods'], []);
    const ops = await ctx.login('ops', 'ops123');
    expect((await get<PageResult<Row>>('/api/express-goods?limit=5', ops)).code).toBe(0);
    expect((await exchange(goodsId, driver, 1, ops)).code).toBe(403);
    await grantRole(ctx, admin, 'vehicleOrderOps', [], ['expressGoods:exchange']);
    const granted = await ctx.login('ops', 'ops123');
    expect((await exchange(goodsId, driver, 1, granted)).code).toBe(0);
    const url = `/api/express-exchanges/${exchangeId}`;
    expect((await post(`/api/express-goods/${goodsId}/take-off`, {}, granted)).code).toBe(403);
    expect((await post(`${url}/fill-address`, address, granted)).code).toBe(403);
    expect((await post(`${url}/cancel`, { reason: '无权' }, granted)).code).toBe(403);
    await post(`${url}/fill-address`, address);
    expect((await post(`${url}/ship`, {}, granted)).code).toBe(403);
    expect((await send('DELETE', `/api/express-goods/${goodsId}`, undefined, granted)).code).toBe(403);
    const sheet = multipart([{ name: '运单.xlsx', content: samples.xlsx }]);
    const imported = await ctx.request({
      method: 'POST',
      url: '/api/express-exchanges/import',
      token: granted,
      ...sheet,
    });
    expect(imported.code).toBe(403);
  });
});
