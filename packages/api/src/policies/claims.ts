import { claimStates, leaseOrderStates, policyClaimResource, policyClaimScreens, policyType } from '@cp/contracts';
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { businessNow, businessToday } from '../clock';
import type { Tx } from '../db';
import { writtenBy } from '../db/columns';
import { drivers } from '../drivers/tables';
import { recordPayment } from '../finance/books';
import { payments } from '../finance/tables';
import { businessError, notFound } from '../http/errors';
import { defineServerLookup } from '../lookups/registry';
import { cities, vehicleCatalog } from '../lookups/tables';
import { serialNumber } from '../orders/numbers';
import { leaseOrders } from '../orders/tables';
import { defineServerResource } from '../resource/family';
import { policies, policyCities, policyClaims, policyModels } from './tables';

/** Who writes: a request's session, or the demo's administrator. */
export interface ClaimWriter {
  tx: Tx;
  auth: { tenantId: number; userId: number };
}

const yuan = (fen: number) => (fen / 100).toFixed(2);
/** 营销政策核销 pays through the finance ledger as this 收款渠道. */
const policyChannel = 7;

/** The policy locked for this transaction (bindings and 确认核销 of one policy queue on it), or 404. */
async function lockPolicy(w: ClaimWriter, policyId: number) {
  const [policy] = await w.tx
    .select()
    .from(policies)
    .where(and(eq(policies.id, policyId), eq(policies.tenantId, w.auth.tenantId)))
    .for('update');
  if (!policy) throw notFound('政策');
  return policy;
}

/** The policy's scope in words as it is now (适用范围 of the snapshot): 城市：… ；车型：… . */
async function scopeOf(w: ClaimWriter, policyId: number) {
  const cityNames = await w.tx
    .select({ name: cities.name })
    .from(policyCities)
    .innerJoin(cities, eq(cities.id, policyCities.cityId))
    .where(eq(policyCities.policyId, policyId))
    .orderBy(cities.id);
  const modelNames = await w.tx
    .select({ name: vehicleCatalog.name })
    .from(policyModels)
    .innerJoin(vehicleCatalog, eq(vehicleCatalog.id, policyModels.modelId))
    .where(eq(policyModels.policyId, policyId))
    .orderBy(vehicleCatalog.id);
  const words = (names: { name: string }[]) => (names.length ? names.map((row) => row.name).join('、') : '全部');
  return {
    cityIds: (
      await w.tx.select({ id: policyCities.cityId }).from(policyCities).where(eq(policyCities.policyId, policyId))
    ).map((row) => row.id),
    modelIds: (
      await w.tx.select({ id: policyModels.modelId }).from(policyModels).where(eq(policyModels.policyId, policyId))
    ).map((row) => row.id),
    text: `城市：${words(cityNames)}；车型：${words(modelNames)}`,
  };
}

/**
 * Binds a policy to a lease order at signing: the order in force or on its way (not 已取消 / 已完成), the policy
 * 有效 and 执行中 on the order's 起租日期, the order's city and model in its scope, no live claim of the policy's
 * type on the order. Keeps the terms as they are now on the claim (待核销, 核单 否). Answers the claim's id.
 */
export async function bindPolicy(w: ClaimWriter, orderId: number, policyId: number, remark?: string | null) {
  const policy = await lockPolicy(w, policyId);
  const [order] = await w.tx
    .select()
    .from(leaseOrders)
    .where(and(eq(leaseOrders.id, orderId), eq(leaseOrders.tenantId, w.auth.tenantId)));
  if (!order) throw notFound('租赁订单');
  const { cancelled, completed } = leaseOrderStates;
  if (order.status === cancelled || order.status === completed) {
    throw businessError(`订单${order.orderNo}已${order.status === cancelled ? '取消' : '完成'}，不能绑定政策`);
  }
  if (policy.validity !== 1) throw businessError(`政策「${policy.name}」已作废，不能绑定`);
  if (order.startDate < policy.startDate || order.startDate > policy.endDate) {
    throw businessError(
      `订单起租日期${order.startDate}不在政策「${policy.name}」的执行期（${policy.startDate}至${policy.endDate}）内`,
    );
  }
  const scope = await scopeOf(w, policyId);
  if (scope.cityIds.length > 0 && !scope.cityIds.includes(order.cityId)) {
    throw businessError(`订单所在城市不在政策「${policy.name}」的适用城市内`);
  }
  if (scope.modelIds.length > 0 && !scope.modelIds.includes(order.modelId)) {
    throw businessError(`订单车型不在政策「${policy.name}」的适用车型内`);
  }
  const [stacked] = await w.tx
    .select({ name: policyClaims.policyName, policyId: policyClaims.policyId })
    .from(policyClaims)
    .where(
      and(
        eq(policyClaims.tenantId, w.auth.tenantId),
        eq(policyClaims.orderId, orderId),
        eq(policyClaims.policyType, policy.type),
        ne(policyClaims.status, claimStates.voided),
      ),
    );
  if (stacked) {
    throw businessError(
      stacked.policyId === policyId
        ? `订单${order.orderNo}已绑定政策「${stacked.name}」`
        : `订单${order.orderNo}已绑定同类型（${policyType.label(policy.type)}）政策「${stacked.name}」，同类型政策不能叠加`,
    );
  }
  const [row] = await w.tx
    .insert(policyClaims)
    .values({
      ...writtenBy(w.auth),
      claimNo: await serialNumber(w, 'HX', 'policy_claim_no_seq', 6),
      orderId,
      policyId,
      driverId: order.driverId,
      cityId: order.cityId,
      policyName: policy.name,
      policyType: policy.type,
      amount: policy.benefit,
      policyStart: policy.startDate,
      policyEnd: policy.endDate,
      scope: scope.text,
      signedOn: order.startDate,
      remark: remark ?? null,
    })
    .returning({ id: policyClaims.id });
  return Number(row?.id);
}

type Claim = typeof policyClaims.$inferSelect;

/**
 * 确认核销's money: within the policy's budget (its 已核销 claims and this one; the policy is locked, so two
 * confirmations at once add up), the amount recorded as a 实收 of the driver through the ledger's own
 * `recordPayment`, allocated oldest due first over the order's open receivables (what nothing is open for
 * stays on the driver's account). Answers the payment's id and number.
 */
export async function creditClaim(
  w: ClaimWriter,
  claim: Pick<Claim, 'policyId' | 'amount' | 'driverId' | 'orderId' | 'claimNo' | 'policyName'>,
) {
  const policy = await lockPolicy(w, claim.policyId);
  if (policy.budget !== null) {
    const [spent] = await w.tx
      .select({ sum: sql<number>`coalesce(sum(${policyClaims.amount}), 0)`.mapWith(Number) })
      .from(policyClaims)
      .where(
        and(
          eq(policyClaims.tenantId, w.auth.tenantId),
          eq(policyClaims.policyId, claim.policyId),
          eq(policyClaims.status, claimStates.verified),
        ),
      );
    const used = spent?.sum ?? 0;
    if (used + claim.amount > policy.budget) {
      throw businessError(
        `政策「${policy.name}」预算不足：预算${yuan(policy.budget)}元，已核销${yuan(used)}元，本单${yuan(claim.amount)}元`,
      );
    }
  }
  const paymentId = await recordPayment(
    w,
    {
      driverId: claim.driverId,
      amount: claim.amount,
      paidOn: businessToday(),
      channel: policyChannel,
      reference: claim.claimNo,
      remark: `营销政策「${claim.policyName}」核销`,
    },
    { orderId: claim.orderId },
  );
  const [payment] = await w.tx.select({ no: payments.paymentNo }).from(payments).where(eq(payments.id, paymentId));
  return { paymentId, paymentNo: payment?.no ?? null, verifiedAt: businessNow() };
}

/** 核单 通过 needs the order still in force; 失败 needs why. */
async function checkColumns(w: ClaimWriter, claim: Pick<Claim, 'orderId'>, result: number, reason?: string) {
  if (result === 2 && !reason) throw businessError('核单说明：核单失败时请填写原因');
  if (result === 1) {
    const [order] = await w.tx
      .select({ status: leaseOrders.status, orderNo: leaseOrders.orderNo })
      .from(leaseOrders)
      .where(and(eq(leaseOrders.id, claim.orderId), eq(leaseOrders.tenantId, w.auth.tenantId)));
    if (order?.status === leaseOrderStates.cancelled) throw businessError(`订单${order.orderNo}已取消，核单不能通过`);
  }
  return { checkOrder: result, checkNote: reason ?? null };
}

/** The orders a policy may be bound to: in force or on their way (not 已取消 / 已完成); `ids` names any. */
defineServerLookup('policyOrder', {
  async search(db, tenantId, { text, ids, limit }) {
    const { pending, inApproval, performing } = leaseOrderStates;
    const rows = await db
      .select({ id: leaseOrders.id, orderNo: leaseOrders.orderNo, name: drivers.name })
      .from(leaseOrders)
      .innerJoin(drivers, eq(drivers.id, leaseOrders.driverId))
      .where(
        and(
          eq(leaseOrders.tenantId, tenantId),
          ids ? inArray(leaseOrders.id, [...ids]) : inArray(leaseOrders.status, [pending, inApproval, performing]),
          text
            ? or(sql`strpos(${leaseOrders.orderNo}, ${text}) > 0`, sql`strpos(${drivers.name}, ${text}) > 0`)
            : undefined,
        ),
      )
      .orderBy(desc(leaseOrders.id))
      .limit(limit);
    return rows.map((row) => ({ id: row.id, name: `${row.orderNo}（${row.name}）` }));
  },
});

export const claimFamily = defineServerResource({
  resource: policyClaimResource,
  table: policyClaims,
  screens: policyClaimScreens,
  insert: (values, ctx) => bindPolicy(ctx, Number(values.orderId), Number(values.policyId), values.remark),
  /** 确认核销 of one policy's claims queue on the policy, taken before the claim's own lock (as bindings take it). */
  async lockFirst(ctx, id) {
    const [claim] = await ctx.tx
      .select({ policyId: policyClaims.policyId })
      .from(policyClaims)
      .where(and(eq(policyClaims.id, id), eq(policyClaims.tenantId, ctx.auth.tenantId)));
    if (claim) await lockPolicy(ctx, claim.policyId);
  },
  actions: {
    check: {
      run: async (ctx, claim, body) => checkColumns(ctx, { orderId: Number(claim.orderId) }, body.result, body.reason),
      patch: (_body, _claim, _ctx, result) => result as Record<string, unknown>,
    },
    verify: {
      run: async (ctx, claim) =>
        creditClaim(ctx, {
          policyId: Number(claim.policyId),
          amount: Number(claim.amount),
          driverId: Number(claim.driverId),
          orderId: Number(claim.orderId),
          claimNo: String(claim.claimNo),
          policyName: String(claim.policyName),
        }),
      patch: (_body, _claim, _ctx, result) => result as Record<string, unknown>,
    },
    cancel: { patch: (body) => ({ cancelReason: body.reason }) },
  },
});
