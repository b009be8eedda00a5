import { marketplaceOrderStates as states } from '@cp/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { PNG } from 'pngjs';
import type { AppSender } from '../appApi/keys';
import { atBusinessTime, businessNow } from '../clock';
import type { Db } from '../db';
import { drivers } from '../drivers/tables';
import { tenants, users } from '../identity/tables';
import { seedEachBranch } from '../seed/branches';
import { storeSeedFile } from '../seed/files';
import { autoReceiveAfter, cancelOrder, placeOrder } from './orders';
import { marketplaceOrders, marketplaceProducts, marketplaceProductTags, marketplaceTags } from './tables';
import { autoReceiveOrders, closeUnpaidOrders } from './timers';

const tagRows = [
  ['热销', '#F5222D', 1],
  ['新品', '#1677FF', 1],
  ['司机专享', '#FF7A00', 1],
  ['保养必备', '#52C41A', 1],
  ['限时特惠', '#722ED1', 0],
] as const;

/** name, category, delivery, price, list price (fen), stock, limit, on sale, tags, hue. */
const products = [
  ['精洗车卡（10次）', 3, 3, 19_900, 30_000, 200, 3, true, ['热销'], 180],
  ['车载快充充电器', 1, 1, 5_900, 7_900, 80, 2, true, ['热销', '司机专享'], 24],
  ['四季通用座套（五座）', 1, 1, 39_900, 49_900, 20, 1, true, ['新品'], 200],
  ['小保养套餐（机油+机滤）', 4, 2, 29_900, 39_900, 50, 2, true, ['保养必备', '司机专享'], 140],
  ['车载香薰', 1, 1, 2_900, null, 150, 0, true, [], 320],
  ['玻璃水（2L×4）', 2, 1, 3_600, 4_800, 100, 4, true, ['保养必备'], 220],
  ['冬季加热座垫', 5, 1, 12_900, 15_900, 0, 1, false, ['限时特惠'], 30],
] as const;

/** A picture for a product: a diagonal band of its hue on white, the photo's stand-in. */
function picture(hue: number): Buffer {
  const size = 200;
  const png = new PNG({ width: size, height: size });
  const [r, g, b] = [0, 8, 4].map((n) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (0.55 - 0.45 * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  });
  for (let at = 0; at < size * size; at += 1) {
    const x = at % size;
    const y = Math.floor(at / size);
    const band = Math.abs(x - y) < 50;
    png.data.set(band ? [r ?? 0, g ?? 0, b ?? 0, 255] : [255, 255, 255, 255], at * 4);
  }
  return PNG.sync.write(png);
}

const seedCatalogue = async (db: Db, dataDir: string | undefined) => {
  await seedEachBranch(db, marketplaceTags, (branch) =>
    tagRows.map(([name, color, status], n) => ({
      name,
      color,
      status,
      displayOrder: (n + 1) * 10,
      createdAt: branch.ago(60 - n * 3),
    })),
  );
  await seedEachBranch(db, marketplaceProducts, async (branch) => {
    const rows = [];
    for (const [
      n,
      [name, category, deliveryKind, price, listPrice, stock, limit, onSale, , hue],
    ] of products.entries()) {
      const images = dataDir
        ? [await storeSeedFile(branch.tx, dataDir, branch.tenantId, `${name}.png`, picture(hue))]
        : [];
      const createdAt = branch.ago(55 - n * 2);
      rows.push({
        ...{ name, category, deliveryKind, price, listPrice, stock, limitPerDriver: limit, status: onSale ? 1 : 0 },
        images,
        sort: (n + 1) * 10,
        detail: `<p>${name}：司机专属价，${deliveryKind === 1 ? '下单后48小时内发货，快递包邮' : deliveryKind === 2 ? '凭订单号到合作门店核销使用' : '支付后即发放到账户'}。</p>`,
        createdAt,
        updatedAt: createdAt,
      });
    }
    return rows;
  });
  const made = await db
    .select({ id: marketplaceProducts.id, name: marketplaceProducts.name, tenantId: marketplaceProducts.tenantId })
    .from(marketplaceProducts);
  const tags = await db
    .select({ id: marketplaceTags.id, name: marketplaceTags.name, tenantId: marketplaceTags.tenantId })
    .from(marketplaceTags);
  const [existing] = await db.select({ one: marketplaceProductTags.tagId }).from(marketplaceProductTags).limit(1);
  if (existing) return;
  const links = made.flatMap((product) =>
    (products.find(([name]) => name === product.name)?.[8] ?? []).flatMap((tagName) => {
      const tag = tags.find((row) => row.tenantId === product.tenantId && row.name === tagName);
      return tag ? [{ ownId: product.id, tagId: tag.id, tenantId: product.tenantId }] : [];
    }),
  );
  if (links.length) await db.insert(marketplaceProductTags).values(links);
};

const hour = 3_600_000;
const address = { consignee: '', phone: '', address: '' };

/**
 * The orders of one branch company, as they happened: the app's placed, paid and received through the inbound
 * API at their past moments, shipped and cancelled by staff, closed and auto-received by the timers' own
 * functions run at past business times. Every state shows.
 */
async function seedOrders(db: Db, tenantId: number, send: AppSender) {
  const [seen] = await db
    .select({ id: marketplaceOrders.id })
    .from(marketplaceOrders)
    .where(eq(marketplaceOrders.tenantId, tenantId))
    .limit(1);
  if (seen) return;
  const catalogue = await db
    .select()
    .from(marketplaceProducts)
    .where(and(eq(marketplaceProducts.tenantId, tenantId), eq(marketplaceProducts.status, 1)))
    .orderBy(asc(marketplaceProducts.sort));
  const people = await db
    .select({ id: drivers.id, name: drivers.name, mobile: drivers.mobile })
    .from(drivers)
    .where(eq(drivers.tenantId, tenantId))
    .orderBy(asc(drivers.id))
    .limit(8);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, 'admin'));
  if (catalogue.length < 4 || people.length < 8 || !admin) return;
  const [wash, charger, seat, service] = catalogue;
  const now = businessNow().getTime();
  const ago = (hours: number) => new Date(now - hours * hour);
  const to = (n: number) => {
    const driver = people[n];
    if (!driver) throw new Error('demo driver missing');
    return {
      ...address,
      consignee: driver.name,
      phone: driver.mobile ?? '13800000000',
      address: '朝阳区建国路88号SOHO现代城A座',
    };
  };
  type Placed = { orderNo: string; amount: number };
  const place = (n: number, lines: [typeof charger, number][], at: Date) =>
    send<Placed>({
      method: 'POST',
      url: '/api/app/marketplace/orders',
      driverId: people[n]?.id ?? null,
      body: { lines: lines.map(([product, quantity]) => ({ productId: String(product?.id), quantity })), ...to(n) },
      at,
    });
  const pay = (n: number, order: Placed, at: Date, method = 1) =>
    send({
      method: 'POST',
      url: `/api/app/marketplace/orders/${order.orderNo}/pay`,
      driverId: people[n]?.id ?? null,
      body: {
        method,
        amount: order.amount,
        transactionNo: `4200${tenantId}${order.orderNo.slice(2)}${at.getTime() % 100000}`,
      },
      at,
    });
  const ship = (order: Placed, at: Date, trackingNo: string | null) =>
    db
      .update(marketplaceOrders)
      .set({
        status: states.shipped,
        carrier: trackingNo ? 1 : null,
        trackingNo,
        shippedAt: at,
        autoReceiveAt: autoReceiveAfter(at),
        updatedBy: admin.id,
        updatedAt: at,
      })
      .where(and(eq(marketplaceOrders.tenantId, tenantId), eq(marketplaceOrders.orderNo, order.orderNo)));

  // Received automatically: shipped 19 days ago, the timer completes it 7 days later.
  const auto = await place(
    0,
    [
      [charger, 2],
      [wash, 1],
    ],
    ago(20 * 24),
  );
  await pay(0, auto, ago(20 * 24 - 0.2));
  await ship(auto, ago(19 * 24), `SF${tenantId}1400${auto.orderNo.slice(-6)}`);
  await atBusinessTime(ago(12 * 24 - 1), () => autoReceiveOrders(db));
  // Received by the driver in the app.
  const kept = await place(1, [[seat, 1]], ago(10 * 24));
  await pay(1, kept, ago(10 * 24 - 0.1), 2);
  await ship(kept, ago(9 * 24), `SF${tenantId}2200${kept.orderNo.slice(-6)}`);
  await send({
    method: 'POST',
    url: `/api/app/marketplace/orders/${kept.orderNo}/receive`,
    driverId: people[1]?.id ?? null,
    at: ago(7 * 24),
  });
  // On its way.
  const sent = await place(2, [[charger, 1]], ago(3 * 24));
  await pay(2, sent, ago(3 * 24 - 0.3));
  await ship(sent, ago(2 * 24), `SF${tenantId}3300${sent.orderNo.slice(-6)}`);
  // Paid, waiting for shipment (a service used in store).
  const waiting = await place(3, [[service, 1]], ago(20));
  await pay(3, waiting, ago(19.8));
  // Never paid: closed by the timer 30 minutes later.
  await place(4, [[wash, 2]], ago(5 * 24));
  await atBusinessTime(ago(5 * 24 - 0.6), () => closeUnpaidOrders(db));
  // Placed a moment ago, not yet paid.
  await place(
    5,
    [
      [charger, 1],
      [service, 1],
    ],
    ago(0.1),
  );
  // Staff orders (后台下单), paid at the counter: one waiting, one cancelled the next day with its refund.
  const actor = { tenantId, userId: admin.id };
  await atBusinessTime(ago(4 * 24), () =>
    db.transaction((tx) =>
      placeOrder(tx, actor, {
        driverId: people[6]?.id ?? 0,
        lines: [{ productId: String(wash?.id), quantity: 1 }],
        channel: 2,
        remark: '门店现金收款',
      }),
    ),
  );
  const cancelled = await atBusinessTime(ago(2 * 24), () =>
    db.transaction((tx) =>
      placeOrder(tx, actor, {
        driverId: people[7]?.id ?? 0,
        lines: [{ productId: String(service?.id), quantity: 1 }],
        channel: 2,
      }),
    ),
  );
  await atBusinessTime(ago(24), () =>
    db.transaction(async (tx) => {
      await cancelOrder(tx, actor, {
        id: cancelled.id,
        orderNo: cancelled.orderNo,
        status: states.paid,
        amount: cancelled.amount,
        discount: 0,
        payMethod: 3,
      });
      await tx
        .update(marketplaceOrders)
        .set({
          status: states.cancelled,
          cancelReason: '司机改约其他门店，退回现金',
          updatedBy: admin.id,
          updatedAt: ago(24),
        })
        .where(inArray(marketplaceOrders.id, [cancelled.id]));
    }),
  );
}

/** Tags and products per branch company, then each branch company's orders through its app. */
export async function seedMarketplace(
  db: Db,
  dataDir: string | undefined,
  app: (tenantId: number) => Promise<AppSender>,
) {
  await seedCatalogue(db, dataDir);
  for (const tenant of await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id))) {
    await seedOrders(db, tenant.id, await app(tenant.id));
  }
}
