import { randomBytes } from 'node:crypto';
import { companyResource, companyScreens, leaseOrderStates, permitWarningDays, retailOrderStates } from '@cp/contracts';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/service';
import { businessError } from '../http/errors';
import { tenants } from '../identity/tables';
import { retailOrders } from '../orders/retail-tables';
import { leaseOrders } from '../orders/tables';
import { defineServerResource } from '../resource/family';
import { seedTenantApprovalProcesses } from '../seed/approvals';
import { setUpBranchCompany } from '../seed/platform';
import { branchCompanies, branchCompanyCities } from './tables';

/** Today in Beijing, read when the statement runs (a list's statement is prepared once). */
const today = sql`(now() at time zone 'Asia/Shanghai')::date`;
const permitStatusSql = sql<number>`(case when ${branchCompanies.permitExpiry} is null then 0 when ${branchCompanies.permitExpiry} < ${today} then 3 when ${branchCompanies.permitExpiry} <= ${today} + ${sql.raw(String(permitWarningDays))} then 2 else 1 end)`;

/** How many orders of the branch company are not over yet: lease orders before 已完成, retail ones under way. */
async function openOrders(tx: Parameters<typeof seedTenantApprovalProcesses>[0], tenantId: number) {
  const lease = [leaseOrderStates.pending, leaseOrderStates.inApproval, leaseOrderStates.performing];
  const retail = [retailOrderStates.inApproval, retailOrderStates.approved, retailOrderStates.delivered];
  const [leased] = await tx
    .select({ n: count() })
    .from(leaseOrders)
    .where(and(eq(leaseOrders.tenantId, tenantId), inArray(leaseOrders.status, lease)));
  const [sold] = await tx
    .select({ n: count() })
    .from(retailOrders)
    .where(and(eq(retailOrders.tenantId, tenantId), inArray(retailOrders.status, retail)));
  return Number(leased?.n ?? 0) + Number(sold?.n ?? 0);
}

/**
 * 公司运营配置: each branch company's own row, in its own scope (a user reaches another company's by switching
 * to it). 新增公司 makes a new branch company: its tenant, this row, the roles and default approval processes,
 * and the creator's account there holding 超级管理员. The short name is the tenant's name (the switcher's).
 */
export const companyFamily = defineServerResource({
  resource: companyResource,
  table: branchCompanies,
  screens: [companyScreens['company-operation']],
  createsElsewhere: true,
  computed: { permitStatus: permitStatusSql },
  filters: {
    permitStatus: (value) => sql`${permitStatusSql} = ${value}`,
    businessLines: (value) => sql`${value}::smallint = any(${branchCompanies.businessLines})`,
  },
  links: {
    cityIds: {
      table: branchCompanyCities,
      own: branchCompanyCities.companyId,
      other: branchCompanyCities.cityId,
      values: (ctx) => ({ tenantId: ctx.auth.tenantId }),
    },
  },
  async prepare(values, ctx, before) {
    if (before && Number(before.status) === 1 && values.status === 0) {
      // Under the company's lock, so an order placed meanwhile is either counted or refused by no one.
      await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`company:${ctx.auth.tenantId}`}))`);
      const open = await openOrders(ctx.tx, ctx.auth.tenantId);
      if (open > 0) throw businessError(`公司还有${open}笔未结束的订单，不能停用`);
    }
    return values;
  },
  async insert(values, ctx) {
    const shortName = String(values.shortName);
    const [taken] = await ctx.tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, shortName));
    if (taken) throw businessError(`公司简称：「${shortName}」已被其他公司使用`);
    const [tenant] = await ctx.tx
      .insert(tenants)
      .values({ code: `C${randomBytes(5).toString('hex').toUpperCase()}`, name: shortName })
      .returning({ id: tenants.id });
    if (!tenant) throw new Error('tenant not inserted');
    const { cityIds: _cities, ...own } = values;
    const [row] = await ctx.tx
      .insert(branchCompanies)
      .values({
        ...(own as typeof branchCompanies.$inferInsert),
        tenantId: tenant.id,
        createdBy: ctx.auth.userId,
        updatedBy: ctx.auth.userId,
      })
      .returning({ id: branchCompanies.id });
    if (!row) throw new Error('company not inserted');
    await setUpBranchCompany(ctx.tx, tenant.id, ctx.auth.userId);
    await seedTenantApprovalProcesses(ctx.tx, tenant.id);
    ctx.answer.tenantName = shortName;
    return row.id;
  },
  async afterCreate(ctx, id) {
    // The kit links the cities in the session's scope: they belong to the new company's.
    const [made] = await ctx.tx
      .select({ tenantId: branchCompanies.tenantId })
      .from(branchCompanies)
      .where(eq(branchCompanies.id, id));
    if (!made) return;
    await ctx.tx
      .update(branchCompanyCities)
      .set({ tenantId: made.tenantId })
      .where(eq(branchCompanyCities.companyId, id));
    // The new company's own history starts with its creation.
    await recordAudit(
      ctx.tx,
      ctx.request,
      { action: 'create', entity: companyResource.key, entityId: id },
      {
        ...ctx.auth,
        tenantId: made.tenantId,
      },
    );
  },
  /** The short name is the branch company's name wherever it is shown (the switcher, the watermark). */
  async onChange(ctx, before, after) {
    if (!before || !after || before.shortName === after.shortName) return;
    const name = String(after.shortName);
    const [taken] = await ctx.tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(eq(tenants.name, name), ne(tenants.id, ctx.auth.tenantId)));
    if (taken) throw businessError(`公司简称：「${name}」已被其他公司使用`);
    await ctx.tx.update(tenants).set({ name }).where(eq(tenants.id, ctx.auth.tenantId));
  },
});
