import { expressExchangeStates as states } from '@cp/contracts';
import { and, desc, eq, gte } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { atBusinessTime, businessNow } from '../clock';
import type { Db, Executor } from '../db';
import { drivers } from '../drivers/tables';
import { ApiError } from '../http/errors';
import { users } from '../identity/tables';
import { cities } from '../lookups/tables';
import { seedDemoPoints } from '../points/demo';
import { pointsAccounts } from '../points/tables';
import { importBatches, importBatchRows } from '../resource/import-tables';
import { seedEachBranch } from '../seed/branches';
import { storeSeedFile } from '../seed/files';
import { cancelExchange, exchangeGoods } from './exchange';
import { expressExchanges, expressGoods } from './tables';

type Rgb = readonly [number, number, number];

/** name, category, points, reference price (fen), stock, limit per driver, on sale, colour of its cover. */
const catalogue: readonly (readonly [string, number, number, number, number, number, boolean, Rgb])[] = [
  ['车载手机支架', 1, 300, 3_900, 120, 2, true, [234, 88, 12]],
  ['行车记录仪', 4, 2_000, 29_900, 15, 1, true, [30, 64, 175]],
  ['全包围汽车脚垫', 1, 1_200, 15_800, 30, 1, true, [22, 101, 52]],
  ['精洗车券', 3, 150, 3_000, 500, 5, true, [14, 116, 144]],
  ['车载香薰', 1, 200, 2_900, 200, 3, true, [190, 24, 93]],
  ['玻璃水（2L×4）', 2, 180, 3_600, 80, 2, true, [37, 99, 235]],
  ['车载充电器', 4, 400, 5_900, 0, 2, true, [71, 85, 105]],
  ['冬季座椅垫', 5, 600, 8_900, 40, 1, false, [146, 64, 14]],
];

/** A plain cover: the item's colour with a light panel, as a product photo's placeholder. */
function cover([r, g, b]: Rgb): Buffer {
  const size = 240;
  const png = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const at = (y * size + x) * 4;
      const panel = x > 40 && x < 200 && y > 40 && y < 200;
      png.data[at] = panel ? 250 : r;
      png.data[at + 1] = panel ? 248 : g;
      png.data[at + 2] = panel ? 245 : b;
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

const seedGoods = (db: Db, dataDir: string | undefined) =>
  seedEachBranch(db, expressGoods, async (branch) => {
    const rows = [];
    for (const [n, [name, category, pointsPrice, cashPrice, stock, limit, onSale, colour]] of catalogue.entries()) {
      const image = dataDir
        ? [await storeSeedFile(branch.tx, dataDir, branch.tenantId, `${name}.png`, cover(colour))]
        : [];
      rows.push({
        ...{ name, category, pointsPrice, cashPrice, stock, limitPerDriver: limit, status: onSale ? 1 : 0 },
        cover: image,
        sort: (n + 1) * 10,
        brief: `${name}，积分兑换，快递包邮到家`,
        detail: `${name}：兑换后请在7天内填写收货地址，我们在3个工作日内发货；快递单号可在兑换订单中查看。`,
        createdAt: branch.ago(60 - n, 3),
      });
    }
    return rows;
  });

/** What happens to each demo exchange after it is made. */
const stories = [
  { goods: 0, to: states.shipped },
  { goods: 3, to: states.shipped },
  { goods: 4, to: states.cancelled },
  { goods: 5, to: states.shipping },
  { goods: 0, to: states.shipping },
  { goods: 3, to: states.addressed },
  { goods: 4, to: states.addressed },
  { goods: 3, to: states.noAddress },
  { goods: 5, to: states.noAddress },
] as const;

const carriers = [1, 2, 6] as const;

/** Takes a demo exchange along its courier flow as staff would have, a day at a time. */
async function follow(tx: Executor, tenantId: number, adminId: number, exchange: Exchange, story: Story) {
  await advance(tx, tenantId, adminId, exchange, story);
  if (story.to === states.shipped) await recordImport(tx, tenantId, adminId, exchange);
}

/** The tracking number came in an upload of the courier's sheet, as staff import them: its batch of one row. */
async function recordImport(tx: Executor, tenantId: number, adminId: number, { id, made }: Exchange) {
  const at = new Date(made.getTime() + 3 * 60_000);
  const stamps = { tenantId, createdBy: adminId, updatedBy: adminId, createdAt: at, updatedAt: at };
  const [batch] = await tx
    .insert(importBatches)
    .values({ ...stamps, resourceKey: 'expressExchange', fileName: '顺丰运单回传.xlsx', rows: 1, imported: 1 })
    .returning({ id: importBatches.id });
  if (!batch) return;
  await tx.update(importBatches).set({ status: 1, finishedAt: at }).where(eq(importBatches.id, batch.id));
  await tx
    .insert(importBatchRows)
    .values({ ...stamps, batchId: batch.id, rowNumber: 2, outcome: 1, message: '已发货', recordId: id });
}

async function advance(tx: Executor, tenantId: number, adminId: number, exchange: Exchange, story: Story) {
  const { id, made, driver } = exchange;
  const at = (minutes: number) => new Date(made.getTime() + minutes * 60_000);
  const where = and(eq(expressExchanges.id, id), eq(expressExchanges.tenantId, tenantId));
  if (story.to === states.cancelled) {
    await atBusinessTime(at(1), () =>
      cancelExchange(tx, { tenantId, userId: adminId }, exchange, '司机来电取消，改兑其他商品'),
    );
    const cancelled = { status: states.cancelled, cancelReason: '司机来电取消，改兑其他商品', updatedAt: at(1) };
    await tx.update(expressExchanges).set(cancelled).where(where);
    return;
  }
  if (story.to === states.noAddress) return;
  const address = `${driver.city}${['朝阳路88号', '人民大道168号', '建设路21号院3单元'][id % 3]}`;
  const contact = { consignee: driver.name, phone: driver.mobile, address };
  await tx
    .update(expressExchanges)
    .set({ ...contact, status: states.addressed, updatedAt: at(1) })
    .where(where);
  if (story.to === states.addressed) return;
  await tx
    .update(expressExchanges)
    .set({ status: states.shipping, updatedAt: at(2) })
    .where(where);
  if (story.to === states.shipping) return;
  const carrier = carriers[id % carriers.length];
  const trackingNo = `${carrier === 1 ? 'SF' : carrier === 6 ? 'JD' : 'ZT'}${String(7_300_000_000 + id * 7919)}`;
  const shipped = { status: states.shipped, carrier, trackingNo, shippedAt: at(3), updatedAt: at(3) };
  await tx.update(expressExchanges).set(shipped).where(where);
}

type Story = (typeof stories)[number];
interface Exchange {
  id: number;
  goodsId: number;
  quantity: number;
  made: Date;
  driver: { name: string; mobile: string; city: string };
}

/**
 * Exchanges of the demo drivers who have points, made through `exchangeGoods` (the ledger shows each spend),
 * then taken along the courier flow; one is cancelled through `cancelExchange` (a reversal row). The drivers'
 * points history is written first (the points demo, which then finds it written).
 */
async function seedExchanges(db: Db) {
  await seedDemoPoints(db);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, 'admin'));
  if (!admin) return;
  const branches = await db.selectDistinct({ tenantId: expressGoods.tenantId }).from(expressGoods);
  for (const { tenantId } of branches) {
    const [done] = await db
      .select({ id: expressExchanges.id })
      .from(expressExchanges)
      .where(eq(expressExchanges.tenantId, tenantId))
      .limit(1);
    if (done) continue;
    const goods = await db
      .select()
      .from(expressGoods)
      .where(eq(expressGoods.tenantId, tenantId))
      .orderBy(expressGoods.sort);
    const holders = await db
      .select({ id: drivers.id, name: drivers.name, mobile: drivers.mobile, city: cities.name })
      .from(pointsAccounts)
      .innerJoin(drivers, eq(drivers.id, pointsAccounts.driverId))
      .innerJoin(cities, eq(cities.id, drivers.cityId))
      .where(and(eq(pointsAccounts.tenantId, tenantId), gte(pointsAccounts.balance, 300)))
      .orderBy(desc(pointsAccounts.balance))
      .limit(stories.length);
    for (const [n, story] of stories.entries()) {
      const driver = holders[n % Math.max(1, holders.length)];
      const item = goods[story.goods];
      if (!driver || !item) continue;
      // This morning's work, after the last of the drivers' points history: the ledger stays in time order.
      const made = new Date(businessNow().getTime() - (stories.length - n) * 8 * 60_000);
      await atBusinessTime(made, () =>
        db.transaction(async (tx) => {
          const order = { goodsId: item.id, driverId: driver.id, quantity: 1, channel: 1 };
          const { exchangeId } = await exchangeGoods(tx, { tenantId, userId: admin.id }, order);
          const exchange = { id: Number(exchangeId), goodsId: item.id, quantity: 1, made, driver };
          await follow(tx, tenantId, admin.id, exchange, story);
        }),
      ).catch((error: unknown) => {
        // A driver who cannot afford it is simply not given it (the exchange would have been refused).
        if (!(error instanceof ApiError)) throw error;
      });
    }
  }
}

/** Eight goods per branch company (one 下架, one out of stock), then exchanges in every courier state. */
export async function seedDemoExpress(db: Db, dataDir: string | undefined) {
  await seedGoods(db, dataDir);
  await seedExchanges(db);
}
