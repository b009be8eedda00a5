import { type CouponStage, couponUseStates, leaseOrderStates } from '@cp/contracts';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { AppSender } from '../appApi/keys';
import { atBusinessTime, businessNow } from '../clock';
import type { Db, Tx } from '../db';
import { drivers } from '../drivers/tables';
import { tenants, users } from '../identity/tables';
import { leaseOrders } from '../orders/tables';
import { seedEachBranch } from '../seed/branches';
import { assignCoupon } from './assign';
import { stageSummaryOf } from './issue';
import { type Actor, refundCoupon } from './refund';
import { couponOrders, couponTags, couponTemplates, couponTemplateTags } from './tables';
import { closeUnpaidOrders, expireCoupons } from './timers';

const day = 24 * 3_600_000;
const threeMonthsThreshold = 350_000;
const stages = (amount: number, months: number): CouponStage[] =>
  Array.from({ length: months }, (_, n) => ({ monthOffset: n + 1, amount }));

const demoTags: [string, string][] = [
  ['网约车整租', '#FF7A00'],
  ['以租代购', '#1677FF'],
  ['新能源车型', '#52C41A'],
  ['洗车保养', '#722ED1'],
];

interface DemoCoupon {
  name: string;
  kind: 1 | 2 | 3;
  price?: number;
  stages: CouponStage[];
  threshold?: number;
  totalStock: number;
  perDriverLimit: number;
  validDays?: number;
  fixed?: [number, number];
  listing: 0 | 1;
  tags: number[];
  description: string;
}

const demoCoupons: DemoCoupon[] = [
  {
    name: '新司机首月立减',
    kind: 1,
    stages: stages(30_000, 1),
    totalStock: 500,
    perDriverLimit: 1,
    validDays: 30,
    listing: 0,
    tags: [0, 2],
    description: '新注册司机签约网约车整租，首月租金立减300元，领取后30天内使用。',
  },
  {
    name: '三个月租金券',
    kind: 2,
    price: 9_900,
    stages: stages(20_000, 3),
    threshold: threeMonthsThreshold,
    totalStock: 100,
    perDriverLimit: 2,
    validDays: 90,
    listing: 0,
    tags: [0, 1],
    description: '99元购买，使用后连续三个月每月租金减200元；月租金满3500元可用。',
  },
  {
    name: '洗车券',
    kind: 1,
    stages: stages(5_000, 1),
    totalStock: 300,
    perDriverLimit: 3,
    fixed: [40, -60],
    listing: 0,
    tags: [3],
    description: '合作门店精洗一次，费用50元从当月租金中抵扣。',
  },
  {
    name: '老司机续租礼',
    kind: 3,
    stages: stages(10_000, 6),
    totalStock: 50,
    perDriverLimit: 1,
    validDays: 180,
    listing: 1,
    tags: [0],
    description: '续租满一年的司机由运营指定发放，续租后六个月每月减100元。',
  },
];

/** Tags and four coupon templates per branch company, their claims open since about two months ago. */
async function seedTemplates(db: Db) {
  await seedEachBranch(db, couponTags, (branch) =>
    demoTags.map(([name, color], n) => ({
      name,
      color,
      displayOrder: n * 10 + 10,
      status: 1,
      createdAt: branch.ago(75 - n),
    })),
  );
  await seedEachBranch(db, couponTemplates, (branch) =>
    demoCoupons.map((coupon, n) => ({
      name: coupon.name,
      kind: coupon.kind,
      price: coupon.price ?? null,
      stages: coupon.stages,
      stageSummary: stageSummaryOf(coupon.stages),
      faceValue: coupon.stages.reduce((sum, stage) => sum + stage.amount, 0),
      threshold: coupon.threshold ?? null,
      totalStock: coupon.totalStock,
      perDriverLimit: coupon.perDriverLimit,
      claimStart: branch.ago(60 - n),
      claimEnd: new Date(branch.ago(0).getTime() + 60 * day),
      validityType: coupon.fixed ? 1 : 2,
      validFrom: coupon.fixed ? branch.day(coupon.fixed[0]) : null,
      validTo: coupon.fixed ? branch.day(coupon.fixed[1]) : null,
      validDays: coupon.validDays ?? null,
      payMinutes: coupon.kind === 2 ? 30 : null,
      description: coupon.description,
      listing: coupon.listing,
      createdAt: branch.ago(62 - n),
      updatedAt: branch.ago(61 - n),
    })),
  );
  for (const tenant of await db.select({ id: tenants.id }).from(tenants)) {
    const tags = await db
      .select({ id: couponTags.id, name: sql<string>`${couponTags.name}` })
      .from(couponTags)
      .where(eq(couponTags.tenantId, tenant.id));
    const coupons = await db.select().from(couponTemplates).where(eq(couponTemplates.tenantId, tenant.id));
    const links = demoCoupons.flatMap((demo) => {
      const coupon = coupons.find((row) => row.name === demo.name);
      return demo.tags.flatMap((at) => {
        const tag = tags.find((row) => row.name === demoTags[at]?.[0]);
        return coupon && tag ? [{ couponId: coupon.id, tagId: tag.id, tenantId: tenant.id }] : [];
      });
    });
    if (links.length) await db.insert(couponTemplateTags).values(links).onConflictDoNothing();
  }
}

/** 退款 as the console's action takes it: the money and stock back, then the order 已退款 with who and why. */
async function refund(tx: Tx, by: Actor, orderId: string | undefined, reason: string) {
  const [order] = await tx
    .select()
    .from(couponOrders)
    .where(and(eq(couponOrders.tenantId, by.tenantId), eq(couponOrders.id, Number(orderId))))
    .for('update');
  if (!order) return;
  await refundCoupon(tx, by, order);
  const at = businessNow();
  await tx
    .update(couponOrders)
    .set({
      status: couponUseStates.refunded,
      refundReason: reason,
      refundedAt: at,
      refundedBy: by.userId,
      updatedAt: at,
    })
    .where(eq(couponOrders.id, order.id));
}

/** A step of the demo's story: the app's call (or a job's run) at a moment that many days (and hours) ago. */
type Step = { daysAgo: number; hours?: number; run: (at: Date) => Promise<unknown> };

/**
 * What drivers did in the app over the last seven weeks, sent through its inbound API at those moments, with
 * the jobs run when they would have: coupons claimed and used, bought and paid, a purchase left unpaid (closed
 * by the job, its stock returned), a coupon left unused past its end (expired by the job), and some held now.
 */
async function seedOrders(db: Db, app: (tenantId: number) => Promise<AppSender>) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, 'admin'));
  for (const tenant of await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id))) {
    const coupons = await db.select().from(couponTemplates).where(eq(couponTemplates.tenantId, tenant.id));
    const id = (name: string) => coupons.find((row) => row.name === name)?.id;
    const [firstMonth, threeMonths, wash, loyal] = [
      id('新司机首月立减'),
      id('三个月租金券'),
      id('洗车券'),
      id('老司机续租礼'),
    ];
    if (!firstMonth || !threeMonths || !wash || !loyal || coupons.some((row) => row.issued > 0)) continue;
    const driverIds = (
      await db
        .select({ id: drivers.id })
        .from(drivers)
        .where(eq(drivers.tenantId, tenant.id))
        .orderBy(asc(drivers.id))
        .limit(6)
    ).map((row) => row.id);
    // Six drivers' stories, on as many drivers as a small demo has (three at least keep the limits).
    if (driverIds.length < 3) continue;
    // 三个月租金券 asks 月租金 of 3,500元: its buyer is a driver whose lease in force pays that much, if any.
    const [lease] = await db
      .select({ driverId: leaseOrders.driverId, orderNo: leaseOrders.orderNo })
      .from(leaseOrders)
      .where(
        and(
          eq(leaseOrders.tenantId, tenant.id),
          eq(leaseOrders.status, leaseOrderStates.performing),
          gte(leaseOrders.rent, threeMonthsThreshold),
        ),
      )
      .orderBy(asc(leaseOrders.id))
      .limit(1);
    const [d1, d2, d3, d4, d5, d6] = [0, 1, 2, 3, 4, 5].map((n) => driverIds[n % driverIds.length] ?? 0) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const send = await app(tenant.id);
    const claim = (coupon: number, driverId: number) => async (at: Date) =>
      send<{ id: string }>({ method: 'POST', url: `/api/app/coupons/${coupon}/claim`, body: {}, driverId, at });
    const held: Record<string, string> = {};
    const keep = (key: string, call: (at: Date) => Promise<{ id: string }>) => async (at: Date) => {
      held[key] = (await call(at)).id;
    };
    const pay = (key: string, driverId: number, ref: string) => (at: Date) =>
      send({ method: 'POST', url: `/api/app/coupon-orders/${held[key]}/pay`, body: { paymentRef: ref }, driverId, at });
    const use =
      (key: string, driverId: number, body: Record<string, string> = {}) =>
      (at: Date) =>
        send({ method: 'POST', url: `/api/app/coupon-orders/${held[key]}/use`, body, driverId, at });
    const d3OnLease = lease?.driverId ?? d3;
    const job = (work: (database: Db) => Promise<number>) => (at: Date) => atBusinessTime(at, () => work(db));
    // What the administrator did on 优惠券管理 and 券订单管理, through the same services as the console's actions.
    const by = { tenantId: tenant.id, userId: admin?.id ?? null };
    const staff = (work: (tx: Tx, actor: Actor) => Promise<unknown>) => (at: Date) =>
      atBusinessTime(at, () => db.transaction((tx) => work(tx, by)));
    const ref = (n: number) => `WX${tenant.id}${String(n).padStart(10, '0')}`;
    const steps: Step[] = [
      { daysAgo: 50, run: keep('a', claim(firstMonth, d1)) },
      { daysAgo: 45, run: keep('b', claim(firstMonth, d2)) },
      { daysAgo: 44, run: use('b', d2) },
      { daysAgo: 38, run: keep('c', claim(wash, d1)) },
      { daysAgo: 36, run: use('c', d1) },
      { daysAgo: 30, run: keep('d', claim(threeMonths, d3OnLease)) },
      { daysAgo: 30, hours: -0.1, run: pay('d', d3OnLease, ref(1)) },
      ...(lease ? [{ daysAgo: 29, run: use('d', d3OnLease, { leaseOrderNo: lease.orderNo }) }] : []),
      { daysAgo: 20, run: keep('e', claim(threeMonths, d4)) },
      { daysAgo: 19, run: job(closeUnpaidOrders) },
      { daysAgo: 15, run: job(expireCoupons) },
      { daysAgo: 12, run: keep('f', claim(threeMonths, d5)) },
      { daysAgo: 12, hours: -0.2, run: pay('f', d5, ref(2)) },
      { daysAgo: 10, run: staff((tx, by) => assignCoupon(tx, by, loyal, { driverIds: [String(d1), String(d4)] })) },
      { daysAgo: 9, run: keep('j', claim(threeMonths, d1)) },
      { daysAgo: 9, hours: -0.1, run: pay('j', d1, ref(3)) },
      { daysAgo: 8, run: staff((tx, by) => refund(tx, by, held.j, '司机换车后不再需要，申请退款')) },
      { daysAgo: 6, run: keep('g', claim(firstMonth, d6)) },
      { daysAgo: 3, run: keep('h', claim(wash, d2)) },
      { daysAgo: 0, hours: 0.1, run: keep('i', claim(threeMonths, d6)) },
    ];
    const now = businessNow().getTime();
    for (const step of steps) await step.run(new Date(now - (step.daysAgo * 24 + (step.hours ?? 0)) * 3_600_000));
  }
}

/** The coupons' demo: templates and tags as staff made them, then the drivers' orders through the app. */
export async function seedCoupons(db: Db, options: { app: (tenantId: number) => Promise<AppSender> }) {
  await seedTemplates(db);
  await seedOrders(db, options.app);
}
