import {
  approvalBusinessTypes,
  type FleetCarLine,
  fleetCarStates,
  fleetOrderResource,
  fleetOrderScreens,
  fleetOrderStates,
} from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import { approvalBusiness } from '../approvals/business';
import { startApproval } from '../approvals/engine';
import { onApprovalOutcome } from '../approvals/outcomes';
import { businessNow } from '../clock';
import { customers } from '../customers/tables';
import { writtenBy } from '../db/columns';
import { businessError } from '../http/errors';
import { existingIds } from '../lookups/registry';
import { refuseIneligibleCar } from '../orders/eligibility';
import { serialNumber } from '../orders/numbers';
import { defineServerResource, type WriteContext } from '../resource/family';
import { fleetCars, fleetOrders } from './tables';

const { draft, inApproval, rejected, performing } = fleetOrderStates;

/**
 * The cars as agreed, checked together: each line's days in order, its model known, a car picked ahead at most
 * once and one this order may take (its city and model, free to lease); answers the order's totals.
 */
async function checkedLines(ctx: WriteContext, cityId: number, lines: readonly FleetCarLine[]) {
  const at = (index: number) => `车辆明细第${index + 1}行`;
  const models = await existingIds(
    ctx.db,
    ctx.auth.tenantId,
    'model',
    [...new Set(lines.map((line) => Number(line.modelId)))],
    ctx.tx,
  );
  const picked = new Map<string, number>();
  for (const [index, line] of lines.entries()) {
    if (line.endDate < line.startDate) throw businessError(`${at(index)}：到期日期不能早于起租日期`);
    if (!models.has(Number(line.modelId))) throw businessError(`${at(index)}：车型不存在`);
    if (line.vehicleId === undefined) continue;
    const earlier = picked.get(line.vehicleId);
    if (earlier !== undefined) throw businessError(`${at(index)}：预选车辆与第${earlier + 1}行重复`);
    picked.set(line.vehicleId, index);
    const terms = { id: 0, cityId, modelId: Number(line.modelId), vehicleId: null };
    await refuseIneligibleCar(ctx, terms, Number(line.vehicleId), 'handover', `${at(index)}预选车辆`);
  }
  const sum = (pick: (line: FleetCarLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    carCount: lines.length,
    monthlyRent: sum((line) => line.monthlyRent),
    depositDue: sum((line) => line.depositDue),
    startDate: lines.map((line) => line.startDate).sort()[0],
    endDate: lines
      .map((line) => line.endDate)
      .sort()
      .at(-1),
  };
}

async function customerName(ctx: WriteContext, id: number): Promise<string> {
  const [customer] = await ctx.tx
    .select({ name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.tenantId, ctx.auth.tenantId)));
  return customer?.name ?? '';
}

/**
 * B端租赁订单: numbered BZ + Beijing day + sequence, its lines checked and totalled when saved (待提交, or 已驳回
 * to be corrected); 提交 starts B端订单审批, whose outcome moves it — 通过: 履约中, each line a car of 交接管理.
 */
export const fleetOrderFamily = defineServerResource({
  resource: fleetOrderResource,
  table: fleetOrders,
  screens: Object.values(fleetOrderScreens),
  async prepare(values, ctx, before) {
    const merged = { ...before, ...values };
    const totals = await checkedLines(ctx, Number(merged.cityId), merged.lines as FleetCarLine[]);
    const created = before ? {} : { orderNo: await serialNumber(ctx, 'BZ', 'fleet_order_no_seq', 8) };
    return { ...values, ...totals, ...created };
  },
  actions: {
    submit: {
      async run(ctx, order) {
        // Cars picked ahead may have gone to others since the order was saved.
        await checkedLines(ctx, Number(order.cityId), order.lines as FleetCarLine[]);
        const name = await customerName(ctx, Number(order.customerId));
        await startApproval(ctx, {
          businessType: approvalBusinessTypes.fleetOrder,
          businessId: Number(order.id),
          title: `B端订单 ${String(order.orderNo)} ${name} ${Number(order.carCount)}台`,
        });
        return null;
      },
    },
    cancel: {
      async run(ctx, order) {
        await ctx.tx
          .update(fleetCars)
          .set({ status: fleetCarStates.cancelled, updatedAt: businessNow(), updatedBy: ctx.auth.userId })
          .where(and(eq(fleetCars.orderId, Number(order.id)), eq(fleetCars.status, fleetCarStates.waiting)));
        return null;
      },
      patch: (body) => ({ cancelReason: body.reason }),
    },
  },
});

approvalBusiness(approvalBusinessTypes.fleetOrder, fleetOrderFamily);

/**
 * An order's approval decides it: 通过 → 履约中 with its cars made from its lines (待交车, a car picked ahead
 * kept); 驳回 → 已驳回; 撤回 → 待提交. An order no longer 审批中 is left as it is.
 */
onApprovalOutcome(approvalBusinessTypes.fleetOrder, async ({ tx, tenantId, businessId, outcome, userId }) => {
  const status = outcome === 'approved' ? performing : outcome === 'rejected' ? rejected : draft;
  const [order] = await tx
    .update(fleetOrders)
    .set({ status, updatedAt: businessNow(), updatedBy: userId })
    .where(and(eq(fleetOrders.id, businessId), eq(fleetOrders.tenantId, tenantId), eq(fleetOrders.status, inApproval)))
    .returning();
  if (!order || outcome !== 'approved') return;
  await tx.insert(fleetCars).values(
    order.lines.map((line, index) => ({
      carNo: `${order.orderNo}-${String(index + 1).padStart(3, '0')}`,
      orderId: order.id,
      orderNo: order.orderNo,
      customerId: order.customerId,
      cityId: order.cityId,
      modelId: Number(line.modelId),
      vehicleId: line.vehicleId === undefined ? null : Number(line.vehicleId),
      leaseType: line.leaseType,
      monthlyRent: line.monthlyRent,
      rentRatio: line.rentRatio,
      depositDue: line.depositDue,
      startDate: line.startDate,
      endDate: line.endDate,
      renewal: line.renewal,
      ...writtenBy({ tenantId, userId }),
    })),
  );
});
