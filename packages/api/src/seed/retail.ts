import {
  approvalBusinessTypes,
  beijingDay,
  creditCodeCheckCharacter,
  nationalIdCheckCharacter,
  retailOrderStates,
  stage,
} from '@cp/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import { approvalInstances } from '../approvals/tables';
import { auditLog } from '../audit/tables';
import type { Db } from '../db';
import { tenants, users } from '../identity/tables';
import { serialNumber } from '../orders/numbers';
import { submitWorkOrder } from '../orders/retail';
import { retailOrders } from '../orders/tables';
import type { WriteContext } from '../resource/family';
import { vehicles } from '../vehicles/tables';
import { decide } from './approvals';

const day = 86_400_000;

type Outcome = 'draft' | 'inApproval' | 'rejected' | 'approved' | 'delivered' | 'done' | 'cancelled';

interface Sale {
  buyer: [type: 1 | 2, name: string, mobile: string, first17: string];
  price: number;
  /** Down payment, partner and terms of an instalment sale. */
  loan?: [downPayment: number, partner: number, terms: number];
  discount: number;
  daysAgo: number;
  outcome: Outcome;
}

const sales: Sale[] = [
  {
    buyer: [1, '陈志强', '13911230456', '11010519850612341'],
    price: 9_880_000,
    discount: 0,
    daysAgo: 2,
    outcome: 'draft',
  },
  {
    buyer: [1, '刘晓燕', '13522018877', '11010819900304262'],
    price: 12_580_000,
    loan: [3_800_000, 1, 36],
    discount: 200_000,
    daysAgo: 4,
    outcome: 'inApproval',
  },
  {
    buyer: [2, '北京顺达汽车服务有限公司', '13601087723', '91110105MA01B2C3D'],
    price: 10_350_000,
    discount: 1_500_000,
    daysAgo: 9,
    outcome: 'rejected',
  },
  {
    buyer: [1, '赵立军', '15810236645', '13010219880921153'],
    price: 11_600_000,
    loan: [3_500_000, 2, 24],
    discount: 100_000,
    daysAgo: 12,
    outcome: 'approved',
  },
  {
    buyer: [1, '孙海波', '18611453390', '11022119870715301'],
    price: 8_960_000,
    discount: 0,
    daysAgo: 20,
    outcome: 'delivered',
  },
  {
    buyer: [1, '周雪梅', '13701124578', '11010119920118282'],
    price: 9_450_000,
    loan: [2_900_000, 3, 12],
    discount: 150_000,
    daysAgo: 35,
    outcome: 'done',
  },
  {
    buyer: [1, '吴建新', '13810297731', '11011119830407211'],
    price: 10_100_000,
    discount: 0,
    daysAgo: 15,
    outcome: 'cancelled',
  },
];

const checkCharacter = (type: 1 | 2, first17: string) =>
  first17 + (type === 1 ? nationalIdCheckCharacter(first17) : creditCodeCheckCharacter(first17));

/**
 * 零售订单 in each branch company that has none, through every state: 待提交, 审批中, 已驳回 (优惠 too large),
 * 待交车, 待过户 and 已完成 (their cars sold out of the stock, 已售出 in the vehicle's 变更记录), 已取消. Work orders
 * go through the seeded 零售工单审批 and are decided by its approvers.
 */
export async function seedDemoRetailOrders(db: Db, now = new Date()): Promise<void> {
  const [seller] = await db
    .select({ id: users.id, name: users.userName })
    .from(users)
    .where(eq(users.loginId, 'manager'));
  if (!seller) return;
  for (const tenant of await db.select().from(tenants).orderBy(asc(tenants.id))) {
    const [existing] = await db
      .select({ id: retailOrders.id })
      .from(retailOrders)
      .where(eq(retailOrders.tenantId, tenant.id))
      .limit(1);
    if (existing) continue;
    // The newest cars in stock (the lease orders take the oldest): two are sold, the others give models.
    const stock = await db
      .select({
        id: vehicles.id,
        modelId: vehicles.modelId,
        cityId: vehicles.cityId,
        mileage: vehicles.mileage,
        updatedAt: vehicles.updatedAt,
      })
      .from(vehicles)
      .where(and(eq(vehicles.tenantId, tenant.id), eq(vehicles.stage, stage.inStock), eq(vehicles.deleted, false)))
      .orderBy(desc(vehicles.id))
      .limit(sales.length);
    if (stock.length < sales.length) continue;
    await db.transaction(async (tx) => {
      const ctx = { tx, auth: { tenantId: tenant.id, userId: seller.id } } as unknown as WriteContext;
      for (const [index, sale] of sales.entries()) {
        const car = stock[index] as (typeof stock)[number];
        const created = new Date(now.getTime() - sale.daysAgo * day);
        const [type, name, mobile, first17] = sale.buyer;
        const [downPayment, partner, terms] = sale.loan ?? [0, null, null];
        const sold = sale.outcome === 'delivered' || sale.outcome === 'done';
        // Handed over a few days after the order, after the car's last step, never after now.
        const handover = Math.max(
          car.updatedAt.getTime() + 60_000,
          Math.min(now.getTime() - day / 2, created.getTime() + 3 * day),
        );
        const deliveredAt = sold ? new Date(Math.min(now.getTime(), handover)) : null;
        const [order] = await tx
          .insert(retailOrders)
          .values({
            tenantId: tenant.id,
            orderNo: await serialNumber(ctx, 'LS', 'retail_order_no_seq', 8, created),
            buyerType: type,
            buyerName: name,
            buyerMobile: mobile,
            buyerIdNo: checkCharacter(type, first17),
            cityId: car.cityId,
            modelId: car.modelId,
            price: sale.price,
            paymentMethod: sale.loan ? 2 : 1,
            downPayment,
            financingPartner: partner,
            loanTerms: terms,
            loanAmount: sale.loan ? sale.price - downPayment : 0,
            plannedDeliveryDate: beijingDay(new Date(created.getTime() + 10 * day)),
            salespersonId: seller.id,
            status: sale.outcome === 'cancelled' ? retailOrderStates.cancelled : retailOrderStates.draft,
            cancelReason: sale.outcome === 'cancelled' ? '客户改为租赁，取消购车' : null,
            createdBy: seller.id,
            updatedBy: seller.id,
            createdAt: created,
            updatedAt: created,
          })
          .returning();
        if (!order || sale.outcome === 'draft' || sale.outcome === 'cancelled') continue;
        const explanation = sale.discount > 0 ? '客户为老司机转购，申请优惠' : '按指导价成交';
        const submitted = await submitWorkOrder(ctx, order, { discount: sale.discount, explanation });
        const workOrderId = Number(submitted.workOrderId);
        await tx
          .update(retailOrders)
          .set({
            status: retailOrderStates.inApproval,
            workOrderId,
            workOrderNo: submitted.workOrderNo,
            discount: sale.discount,
          })
          .where(eq(retailOrders.id, order.id));
        if (sale.outcome === 'inApproval') continue;
        const [instance] = await tx
          .select({ id: approvalInstances.id })
          .from(approvalInstances)
          .where(
            and(
              eq(approvalInstances.businessType, approvalBusinessTypes.retailWorkOrder),
              eq(approvalInstances.businessId, workOrderId),
            ),
          );
        if (!instance) continue;
        if (sale.outcome === 'rejected') {
          await decide(tx, ctx, instance.id, false, '优惠幅度过大，请重新核价后提交');
          continue;
        }
        await decide(tx, ctx, instance.id, true, '同意');
        await decide(tx, ctx, instance.id, true, '价格合规，同意');
        if (!deliveredAt) continue;
        await tx
          .update(vehicles)
          .set({ stage: stage.sold, mileage: car.mileage + 12, updatedAt: deliveredAt })
          .where(eq(vehicles.id, car.id));
        await tx.insert(auditLog).values({
          tenantId: tenant.id,
          userName: seller.name,
          action: 'sell',
          entity: 'vehicle',
          entityId: String(car.id),
          changes: {
            stage: { from: stage.inStock, to: stage.sold },
            mileage: { from: car.mileage, to: car.mileage + 12 },
          },
          at: deliveredAt,
        });
        await tx
          .update(retailOrders)
          .set({
            vehicleId: car.id,
            deliveredAt,
            status: sale.outcome === 'done' ? retailOrderStates.done : retailOrderStates.delivered,
            ...(sale.outcome === 'done'
              ? { transferredOn: beijingDay(new Date(Math.min(now.getTime(), deliveredAt.getTime() + 7 * day))) }
              : {}),
          })
          .where(eq(retailOrders.id, order.id));
      }
    });
  }
}
