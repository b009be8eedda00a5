import {
  approvalBusinessTypes,
  creditCodeProblem,
  nationalIdProblem,
  retailOrderResource,
  retailOrderScreens,
  retailOrderStates,
  retailPaymentMethods,
  retailWorkOrderResource,
  retailWorkOrderStates,
  yuanText,
} from '@cp/contracts';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { approvalBusiness } from '../approvals/business';
import { cancelApproval, insertForApproval } from '../approvals/engine';
import { onApprovalOutcome } from '../approvals/outcomes';
import { businessNow } from '../clock';
import { businessError } from '../http/errors';
import { defineServerLookup } from '../lookups/registry';
import { defineServerResource, type Row, type WriteContext } from '../resource/family';
import { takeAction } from '../resource/lifecycle';
import { contains } from '../resource/query';
import { vehicleFamily } from '../vehicles/family';
import { checkedVehicleOfOrder } from './handover';
import { serialNumber } from './numbers';
import { retailOrders, retailWorkOrders } from './tables';

const { draft, inApproval, rejected, approved } = retailOrderStates;

/**
 * The terms of an order as saved, checked together: the buyer's papers by their type, and an instalment sale's
 * down payment, partner and terms (a sale in full keeps none of them); the loan is what the down payment
 * leaves.
 */
function checkedTerms(values: Row, before?: Row): Row {
  const merged = { ...before, ...values };
  const idNo = String(merged.buyerIdNo ?? '');
  if (Number(merged.buyerType) === 1 && nationalIdProblem(idNo)) throw businessError('证件号码：个人购车应填身份证号');
  if (Number(merged.buyerType) === 2 && creditCodeProblem(idNo)) {
    throw businessError('证件号码：企业购车应填统一社会信用代码');
  }
  const price = Number(merged.price);
  if (!(price > 0)) throw businessError('成交价：应大于0');
  if (Number(merged.paymentMethod) !== retailPaymentMethods.instalments) {
    return { ...values, downPayment: 0, financingPartner: null, loanTerms: null, loanAmount: 0 };
  }
  // The resource's checks have held the terms together (a down payment, below the price, a partner, 1–60 terms).
  return { ...values, loanAmount: price - Number(merged.downPayment) };
}

/**
 * 提交工单: the order's terms copied into a new 零售工单 with the discount asked for, sent to approval in the
 * same transaction; one work order of an order in approval at a time (the table's unique key decides a race).
 */
export async function submitWorkOrder(ctx: WriteContext, order: Row, body: Row) {
  const price = Number(order.price);
  const discount = Number(body.discount ?? 0);
  if (discount > price) throw businessError(`优惠金额：不能超过成交价${yuanText(price)}元`);
  const workOrderNo = await serialNumber(ctx, 'GD', 'retail_work_order_no_seq', 6);
  const workOrderId = await insertForApproval(
    ctx,
    retailWorkOrders,
    {
      workOrderNo,
      retailOrderId: Number(order.id),
      orderNo: String(order.orderNo),
      buyerName: String(order.buyerName),
      modelId: Number(order.modelId),
      price,
      discount,
      finalPrice: price - discount,
      paymentMethod: Number(order.paymentMethod),
      downPayment: Number(order.downPayment ?? 0),
      financingPartner: (order.financingPartner as number | null) ?? null,
      loanTerms: (order.loanTerms as number | null) ?? null,
      explanation: String(body.explanation),
      attachments: (body.attachments as string[] | undefined) ?? [],
    },
    {
      businessType: approvalBusinessTypes.retailWorkOrder,
      title: `零售工单 ${workOrderNo} ${String(order.buyerName)} ${yuanText(price - discount)}元`,
    },
  );
  return { workOrderId: String(workOrderId), workOrderNo, discount };
}

/**
 * 零售订单: saved 待提交 with its terms checked together; 提交工单 sends a 零售工单 to approval, whose outcome
 * moves the order (通过 → 待交车; 驳回 → 已驳回; 撤回 → 待提交). 交车 hands a car of its model over — the car
 * leaves the fleet (已售出) in the same transaction — and 过户 ends it.
 */
const retailOrderFamily = defineServerResource({
  resource: retailOrderResource,
  table: retailOrders,
  screens: Object.values(retailOrderScreens),
  expose: ['workOrderId'],
  constraints: { retail_orders_vehicle_key: '交付车辆：该车已售出' },
  async prepare(values, ctx, before) {
    const checked = checkedTerms(values, before);
    return before ? checked : { ...checked, orderNo: await serialNumber(ctx, 'LS', 'retail_order_no_seq', 8) };
  },
  actions: {
    submit: {
      run: (ctx, order, body) => submitWorkOrder(ctx, order, body),
      patch: (_body, _order, _ctx, result) => {
        const { workOrderId, workOrderNo, discount } = result as Awaited<ReturnType<typeof submitWorkOrder>>;
        return { workOrderId: Number(workOrderId), workOrderNo, discount };
      },
    },
    deliver: {
      async run(ctx, order, body) {
        const vehicleId = Number(body.vehicleId);
        await checkedVehicleOfOrder(ctx, order, vehicleId);
        await takeAction(
          ctx.db,
          vehicleFamily,
          ctx.request,
          vehicleId,
          'sell',
          { mileage: body.mileage, remark: body.remark ?? `零售订单 ${String(order.orderNo)} 交车` },
          ctx,
        );
        return null;
      },
      patch: (body) => ({ vehicleId: Number(body.vehicleId), deliveredAt: businessNow() }),
    },
    transfer: {
      patch: (body) => ({ transferredOn: body.transferredOn, newPlateNo: body.newPlateNo ?? null }),
    },
    cancel: {
      async run(ctx, order) {
        if (Number(order.status) === inApproval && order.workOrderId) {
          await cancelApproval(ctx, approvalBusinessTypes.retailWorkOrder, Number(order.workOrderId));
          await ctx.tx
            .update(retailWorkOrders)
            .set({ status: retailWorkOrderStates.cancelled, updatedAt: businessNow(), updatedBy: ctx.auth.userId })
            .where(eq(retailWorkOrders.id, Number(order.workOrderId)));
        }
        return null;
      },
      patch: (body) => ({ cancelReason: body.reason }),
    },
  },
});

/**
 * 零售工单 of 新建零售工单: the chosen order's 提交工单 — the same action, its state checked and its row locked —
 * so a work order is started one way whichever page starts it.
 */
const retailWorkOrderFamily = defineServerResource({
  resource: retailWorkOrderResource,
  table: retailWorkOrders,
  screens: [],
  expose: ['retailOrderId'],
  async insert(values, ctx) {
    const result = await takeAction(
      ctx.db,
      retailOrderFamily,
      ctx.request,
      Number(values.retailOrderId),
      'submit',
      { discount: values.discount, explanation: values.explanation, attachments: values.attachments },
      ctx,
    );
    return Number((result as { workOrderId: string }).workOrderId);
  },
});

approvalBusiness(approvalBusinessTypes.retailWorkOrder, retailWorkOrderFamily);

/** A work order's approval decides it and its order: 通过 → 待交车; 驳回 → 已驳回; 撤回 → 待提交. */
onApprovalOutcome(approvalBusinessTypes.retailWorkOrder, async ({ tx, tenantId, businessId, outcome, userId }) => {
  const states = {
    approved: [retailWorkOrderStates.approved, approved],
    rejected: [retailWorkOrderStates.rejected, rejected],
    withdrawn: [retailWorkOrderStates.withdrawn, draft],
  } as const;
  const [workOrderState, orderState] = states[outcome];
  const [workOrder] = await tx
    .update(retailWorkOrders)
    .set({ status: workOrderState, updatedAt: businessNow(), updatedBy: userId })
    .where(
      and(
        eq(retailWorkOrders.id, businessId),
        eq(retailWorkOrders.tenantId, tenantId),
        eq(retailWorkOrders.status, retailWorkOrderStates.inApproval),
      ),
    )
    .returning({ orderId: retailWorkOrders.retailOrderId });
  if (!workOrder) return;
  await tx
    .update(retailOrders)
    .set({
      status: orderState,
      updatedAt: businessNow(),
      updatedBy: userId,
      version: sql`${retailOrders.version} + 1`,
    })
    .where(
      and(
        eq(retailOrders.id, workOrder.orderId),
        eq(retailOrders.workOrderId, businessId),
        eq(retailOrders.status, inApproval),
      ),
    );
});

/** The orders a search offers: those a 零售工单 may be started for (待提交, 已驳回); `ids` names any. */
defineServerLookup('retailOrder', {
  // 提交工单 opens the work order's form with the order chosen; the form's own grant is 我发起的's 新增.
  access: ['retailOrder:submit'],
  async search(db, tenantId, { text, ids, limit }) {
    const conditions: (SQL | undefined)[] = [eq(retailOrders.tenantId, tenantId)];
    if (ids) conditions.push(inArray(retailOrders.id, [...ids]));
    else conditions.push(inArray(retailOrders.status, [draft, rejected]));
    const typed = text?.trim();
    if (typed) conditions.push(or(contains(retailOrders.orderNo, typed), contains(retailOrders.buyerName, typed)));
    const rows = await db
      .select({ id: retailOrders.id, no: retailOrders.orderNo, buyer: retailOrders.buyerName })
      .from(retailOrders)
      .where(and(...conditions))
      .orderBy(desc(retailOrders.createdAt), desc(retailOrders.id))
      .limit(limit);
    return rows.map((row) => ({ id: Number(row.id), name: `${row.no}（${row.buyer}）` }));
  },
});

export const retailFamilies = [retailOrderFamily, retailWorkOrderFamily];
