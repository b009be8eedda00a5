import { addDays, approvalBusinessTypes, beijingDay } from '@cp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { startApproval } from '../approvals/engine';
import { customers } from '../customers/tables';
import type { Db } from '../db';
import { tenants, users } from '../identity/tables';
import { cities, vehicleCatalog } from '../lookups/tables';
import { serialNumber } from '../orders/numbers';
import { quoteTitle } from '../quotes/family';
import { productQuotes } from '../quotes/tables';
import type { WriteContext } from '../resource/family';
import { dateApproval, decide } from './approvals';

const day = 86_400_000;

type Outcome = 'pending' | 'approved' | 'rejected';
const demoQuotes: [quantity: number, months: number, rent: number, daysAgo: number, why: string, outcome: Outcome][] = [
  [30, 36, 360_000, 1, '客户新开网约车业务，首批30台，对标竞品报价3800元/月', 'pending'],
  [8, 12, 420_000, 3, '公务用车短期补充，含保险与保养', 'pending'],
  [50, 24, 345_000, 10, '年度框架协议，批量折扣5%', 'approved'],
  [12, 24, 298_000, 14, '客户要求低于指导价15%', 'rejected'],
];

/**
 * 产品报价 in each branch company that has none: started by the administrator for its 政企客户, each through
 * 产品报价审批 — two waiting for the 运营经理, one approved, one turned down.
 */
export async function seedDemoQuotes(db: Db, now = new Date()): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, 'admin'));
  const [city] = await db.select({ id: cities.id }).from(cities).orderBy(asc(cities.id)).limit(1);
  const models = await db
    .select({ id: vehicleCatalog.id })
    .from(vehicleCatalog)
    .where(eq(vehicleCatalog.level, 3))
    .orderBy(asc(vehicleCatalog.id))
    .limit(demoQuotes.length);
  if (!admin || !city || models.length === 0) return;
  for (const tenant of await db.select().from(tenants).orderBy(asc(tenants.id))) {
    const [existing] = await db
      .select({ id: productQuotes.id })
      .from(productQuotes)
      .where(eq(productQuotes.tenantId, tenant.id))
      .limit(1);
    if (existing) continue;
    const clients = await db
      .select({ id: customers.id, name: customers.name, cityId: customers.cityId })
      .from(customers)
      .where(and(eq(customers.tenantId, tenant.id), eq(customers.kind, 1)))
      .orderBy(asc(customers.id));
    if (clients.length === 0) continue;
    await db.transaction(async (tx) => {
      const ctx = { tx, auth: { tenantId: tenant.id, userId: admin.id } } as unknown as WriteContext;
      for (const [index, [quantity, termMonths, rent, daysAgo, explanation, outcome]] of demoQuotes.entries()) {
        const client = clients[index % clients.length] as (typeof clients)[number];
        const createdAt = new Date(now.getTime() - daysAgo * day);
        const quoteNo = await serialNumber(ctx, 'BJ', 'product_quote_no_seq', 6, createdAt);
        const [quote] = await tx
          .insert(productQuotes)
          .values({
            tenantId: tenant.id,
            quoteNo,
            customerId: client.id,
            cityId: client.cityId ?? city.id,
            modelId: (models[index % models.length] as (typeof models)[number]).id,
            quantity,
            termMonths,
            rent,
            deposit: 500_000,
            maintenancePlan: index % 2,
            validUntil: addDays(beijingDay(createdAt), 30),
            totalRent: rent * quantity * termMonths,
            explanation,
            createdBy: admin.id,
            updatedBy: admin.id,
            createdAt,
            updatedAt: createdAt,
          })
          .returning({ id: productQuotes.id });
        if (!quote) return;
        const instanceId = await startApproval(ctx, {
          businessType: approvalBusinessTypes.productQuote,
          businessId: quote.id,
          title: quoteTitle(quoteNo, client.name, quantity),
        });
        if (outcome === 'approved') await decide(tx, ctx, instanceId, true, '量大价优，同意');
        if (outcome === 'rejected') await decide(tx, ctx, instanceId, false, '低于成本价，请重新测算');
        await dateApproval(tx, instanceId, createdAt);
      }
    });
  }
}
