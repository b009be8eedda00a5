import '../orders/family';
import {
  approvalBusinessTypes,
  approvalLines,
  creditCodeCheckCharacter,
  leaseDeliveryStates,
  leaseEndDate,
  leaseOrderStates,
  type RentStage,
  receivableKind,
  rentSchedule,
} from '@cp/contracts';
import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { startApproval } from '../approvals/engine';
import type { Db, Tx } from '../db';
import { drivers } from '../drivers/tables';
import { paymentAllocations, payments } from '../finance/tables';
import { tenants, users } from '../identity/tables';
import { beijingDay } from '../leads/counts';
import { serialNumber } from '../orders/numbers';
import { computeSettlement } from '../orders/returns';
import {
  accountingUnits,
  cityOfOrder,
  driverApplications,
  leaseOrders,
  orderReceivables,
  returnSettlements,
} from '../orders/tables';
import type { WriteContext } from '../resource/family';
import { carReturns, deliveries, violations } from '../vehicles/record-tables';
import { vehicles } from '../vehicles/tables';
import { decide } from './approvals';

const day = 86_400_000;

interface Plan {
  status: number;
  deliveryState: number;
  startDate: string;
  termMonths: number;
  rent: number;
  rentalMode?: number;
  orderType?: number;
  stages?: RentStage[];
  cancelReason?: string;
}

/**
 * 租赁订单 in each branch company that has none, through every state: 待审批, 审批中 (one from the 星海
 * platform, one 以租代购 financed by 国金 — so their to-do pages have rows), 履约中 waiting for its car, 履约中
 * with the car (the leased demo vehicles, their handover now the order driver's, the schedule written),
 * 已完成 and 已取消. Orders are placed by ops, approvals decided by the seeded approvers.
 */
export async function seedDemoLeaseOrders(db: Db, now = new Date()): Promise<void> {
  const [placer] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, 'manager'));
  if (!placer) return;
  for (const tenant of await db.select().from(tenants).orderBy(asc(tenants.id))) {
    await seedAccountingUnits(db, tenant.id, tenant.name, placer.id);
    await seedDriverApplications(db, tenant.id, now);
    const [existing] = await db
      .select({ id: leaseOrders.id })
      .from(leaseOrders)
      .where(eq(leaseOrders.tenantId, tenant.id))
      .limit(1);
    if (existing) continue;
    const people = await db
      .select({ id: drivers.id, name: drivers.name, mobile: drivers.mobile })
      .from(drivers)
      .where(and(eq(drivers.tenantId, tenant.id), eq(drivers.status, 1)))
      .orderBy(asc(drivers.id))
      .limit(12);
    const leased = await db
      .select({
        id: vehicles.id,
        modelId: vehicles.modelId,
        cityId: vehicles.cityId,
        deliveryId: deliveries.id,
        at: deliveries.deliveredAt,
      })
      .from(vehicles)
      .innerJoin(deliveries, and(eq(deliveries.vehicleId, vehicles.id), isNull(deliveries.endedAt)))
      .where(and(eq(vehicles.tenantId, tenant.id), eq(vehicles.stage, 5)))
      .orderBy(desc(deliveries.deliveredAt))
      .limit(4);
    const returned = await db
      .select({ id: vehicles.id, modelId: vehicles.modelId, cityId: vehicles.cityId, at: deliveries.deliveredAt })
      .from(vehicles)
      .innerJoin(deliveries, and(eq(deliveries.vehicleId, vehicles.id), isNotNull(deliveries.endedAt)))
      .where(eq(vehicles.tenantId, tenant.id))
      .limit(1);
    const stock = await db
      .select({ id: vehicles.id, modelId: vehicles.modelId, cityId: vehicles.cityId })
      .from(vehicles)
      .where(and(eq(vehicles.tenantId, tenant.id), eq(vehicles.stage, 7)))
      .orderBy(asc(vehicles.id))
      .limit(7);
    if (people.length < 10 || stock.length < 7) continue;
    const soon = beijingDay(new Date(now.getTime() + 7 * day));
    const person = (index: number) => people[index % people.length] as (typeof people)[number];
    await db.transaction(async (tx) => {
      const ctx = { tx, auth: { tenantId: tenant.id, userId: placer.id } } as unknown as WriteContext;
      let serial = 0;
      const place = async (
        driverIndex: number,
        car: { id: number; modelId: number; cityId: number },
        plan: Plan,
        vehicleId?: number,
      ) => {
        serial += 1;
        const driver = person(driverIndex);
        const created = new Date(now.getTime() - (40 - serial) * day);
        const stages = plan.stages ?? [];
        const [order] = await tx
          .insert(leaseOrders)
          .values({
            tenantId: tenant.id,
            orderNo: `ZL${beijingDay(created).replaceAll('-', '')}${String(tenant.id).padStart(2, '0')}${String(serial).padStart(4, '0')}`,
            driverId: driver.id,
            cityId: car.cityId,
            modelId: car.modelId,
            vehicleId: vehicleId ?? null,
            rentalMode: plan.rentalMode ?? 0,
            orderType: plan.orderType ?? 0,
            rentReceipt: stages.length > 0 ? 1 : 0,
            rentTiming: 1,
            maintenancePlan: 0,
            rentSettlement: 0,
            // 商务约定事项: 阶梯租金 with stages, 车辆整备 for one order in three, 违约金 on lease-to-own.
            businessItems: [
              ...(stages.length > 0 ? [0] : []),
              ...(serial % 3 === 0 ? [1] : []),
              ...(plan.orderType === 1 ? [8] : []),
            ],
            startDate: plan.startDate,
            termMonths: plan.termMonths,
            endDate: leaseEndDate(plan.startDate, plan.termMonths),
            rent: plan.rent,
            stages,
            deposit: 500_000,
            firstPayment: plan.orderType === 1 ? 2_000_000 : 0,
            servicingFee: 80_000,
            finalPayment: plan.orderType === 1 ? 3_000_000 : 0,
            graceDays: 3,
            lateFeeRate: 5,
            status: plan.status,
            deliveryState: plan.deliveryState,
            deliveredAt:
              plan.deliveryState === leaseDeliveryStates.waiting ? null : new Date(`${plan.startDate}T10:00:00+08:00`),
            cancelReason: plan.cancelReason ?? null,
            createdBy: placer.id,
            updatedBy: placer.id,
            createdAt: created,
            updatedAt: created,
          })
          .returning();
        if (!order) throw new Error('order insert returned no row');
        return { order, driver };
      };
      const approve = async (orderId: number, title: string, line: number | null, decisions: number) => {
        const instanceId = await startApproval(ctx, {
          businessType: approvalBusinessTypes.leaseOrder,
          businessId: orderId,
          title,
          line,
        });
        for (let step = 0; step < decisions; step += 1) await decide(tx, ctx, instanceId, true, '同意');
      };
      const pendingStart = soon;
      await place(0, stock[0] as never, {
        status: leaseOrderStates.pending,
        deliveryState: 0,
        startDate: pendingStart,
        termMonths: 12,
        rent: 420_000,
      });
      await place(1, stock[1] as never, {
        status: leaseOrderStates.pending,
        deliveryState: 0,
        startDate: pendingStart,
        termMonths: 24,
        rent: 390_000,
      });
      const starSea = await place(2, stock[2] as never, {
        status: leaseOrderStates.inApproval,
        deliveryState: 0,
        startDate: soon,
        termMonths: 6,
        rent: 520_000,
        rentalMode: 2,
      });
      await approve(
        starSea.order.id,
        `租赁订单 ${starSea.order.orderNo} ${starSea.driver.name}`,
        approvalLines.starSea,
        0,
      );
      const guojin = await place(3, stock[3] as never, {
        status: leaseOrderStates.inApproval,
        deliveryState: 0,
        startDate: soon,
        termMonths: 36,
        rent: 460_000,
        orderType: 1,
      });
      await approve(guojin.order.id, `租赁订单 ${guojin.order.orderNo} ${guojin.driver.name}`, approvalLines.guojin, 0);
      const waiting = await place(4, stock[4] as never, {
        status: leaseOrderStates.inApproval,
        deliveryState: 0,
        startDate: soon,
        termMonths: 12,
        rent: 430_000,
      });
      await approve(waiting.order.id, `租赁订单 ${waiting.order.orderNo} ${waiting.driver.name}`, null, 2);
      await tx
        .update(leaseOrders)
        .set({ status: leaseOrderStates.performing })
        .where(eq(leaseOrders.id, waiting.order.id));
      await place(5, stock[5] as never, {
        status: leaseOrderStates.cancelled,
        deliveryState: 0,
        startDate: soon,
        termMonths: 12,
        rent: 400_000,
        cancelReason: '客户改租其他车型',
      });
      for (const [index, car] of leased.entries()) {
        const startDate = beijingDay(car.at);
        const stages =
          index === 1
            ? [
                { periods: 6, rent: 380_000 },
                { periods: 6, rent: 450_000 },
              ]
            : undefined;
        const plan: Plan = {
          status: leaseOrderStates.performing,
          deliveryState: leaseDeliveryStates.delivered,
          startDate,
          termMonths: 12,
          rent: 430_000,
          ...(stages ? { stages } : {}),
        };
        const { order, driver } = await place(6 + index, car, plan, car.id);
        await writeSchedule(tx, tenant.id, placer.id, order, plan);
        // The handover, and the violations of the time the car was out, are now the order driver's.
        const [handover] = await tx
          .select({ name: deliveries.driverName })
          .from(deliveries)
          .where(eq(deliveries.id, car.deliveryId));
        await tx
          .update(deliveries)
          .set({ driverId: driver.id, driverName: driver.name, driverPhone: driver.mobile })
          .where(eq(deliveries.id, car.deliveryId));
        if (handover) {
          await tx
            .update(violations)
            .set({ driverId: driver.id, driverName: driver.name })
            .where(and(eq(violations.vehicleId, car.id), eq(violations.driverName, handover.name)));
        }
      }
      const units = (
        await tx
          .select({ id: accountingUnits.id })
          .from(accountingUnits)
          .where(eq(accountingUnits.tenantId, tenant.id))
          .orderBy(asc(accountingUnits.id))
      ).map((unit) => unit.id);
      for (const car of returned) {
        const startDate = beijingDay(car.at);
        const plan: Plan = {
          status: leaseOrderStates.performing,
          deliveryState: leaseDeliveryStates.returned,
          startDate,
          termMonths: 3,
          rent: 410_000,
        };
        const { order, driver } = await place(11, car, plan, car.id);
        await writeSchedule(tx, tenant.id, placer.id, order, plan);
        // What it paid was paid before its return: its deposit is held, so the settlement offsets it.
        await payDemoReceivables(tx, tenant.id, placer.id, order.id);
        // Its return, settled and approved: the order is 已完成 through the settlement's outcome.
        const [back] = await tx
          .select({ id: carReturns.id })
          .from(carReturns)
          .where(and(eq(carReturns.vehicleId, car.id), isNotNull(carReturns.returnedAt)))
          .orderBy(desc(carReturns.returnedAt))
          .limit(1);
        if (!back || !units[0]) continue;
        await tx.update(leaseOrders).set({ returnId: back.id }).where(eq(leaseOrders.id, order.id));
        const amounts = { damageFee: 30_000, damageNote: '左后门划痕补漆', otherFee: 0 };
        const { settlement, returnDate } = await computeSettlement(ctx, { ...order, returnId: back.id }, amounts);
        const [sheet] = await tx
          .insert(returnSettlements)
          .values({
            tenantId: tenant.id,
            settlementNo: `JS${returnDate.replaceAll('-', '')}${String(tenant.id).padStart(2, '0')}0001`,
            orderId: order.id,
            orderNo: order.orderNo,
            driverId: order.driverId,
            vehicleId: car.id,
            returnId: back.id,
            accountingUnitId: units[0],
            returnDate,
            ...amounts,
            rentDue: settlement.rentDue,
            rentPaid: settlement.rentPaid,
            lateFee: settlement.lateFee,
            lateFeePaid: settlement.lateFeePaid,
            chargesDue: settlement.chargesDue,
            violationFee: settlement.violationFee,
            deposit: settlement.deposit,
            total: settlement.total,
            lines: settlement.lines,
            createdBy: placer.id,
            updatedBy: placer.id,
          })
          .returning();
        if (!sheet) continue;
        const instanceId = await startApproval(ctx, {
          businessType: approvalBusinessTypes.returnCheckout,
          businessId: sheet.id,
          title: `退车结算 ${sheet.settlementNo} ${driver.name}`,
        });
        await decide(tx, ctx, instanceId, true, '同意');
        await decide(tx, ctx, instanceId, true, '已核对');
      }
    });
  }
}

async function writeSchedule(
  tx: Tx,
  tenantId: number,
  userId: number,
  order: {
    id: number;
    driverId: number;
    endDate: string;
    deposit: number;
    firstPayment: number;
    servicingFee: number;
    finalPayment: number;
  },
  plan: Plan,
) {
  const rows = rentSchedule({
    startDate: plan.startDate,
    termMonths: plan.termMonths,
    rentReceipt: plan.stages ? 1 : 0,
    rent: plan.rent,
    stages: plan.stages ?? [],
    timing: 'advance',
  });
  const today = beijingDay(new Date());
  await tx.insert(orderReceivables).values(
    rows.map((row) => ({
      tenantId,
      orderId: order.id,
      driverId: order.driverId,
      cityId: cityOfOrder(order.id),
      period: row.period,
      stage: row.stage,
      periodStart: row.startDate,
      periodEnd: row.endDate,
      dueDate: row.dueDate,
      amount: row.amount,
      // Periods already due were paid, as a fleet's records mostly are; the rest wait.
      received: row.dueDate < today ? row.amount : 0,
      status: row.dueDate < today ? 2 : 0,
      createdBy: userId,
      updatedBy: userId,
    })),
  );
  // 押金, 首付款 and 整备费 owed at the handover (the start day), 尾款 at the end; paid when already due.
  const oneOff = [
    { kind: 2, amount: order.deposit, day: plan.startDate },
    { kind: 3, amount: order.firstPayment, day: plan.startDate },
    { kind: 4, amount: order.servicingFee, day: plan.startDate },
    { kind: 5, amount: order.finalPayment, day: order.endDate },
  ].filter((charge) => charge.amount > 0);
  if (oneOff.length === 0) return;
  await tx.insert(orderReceivables).values(
    oneOff.map((charge) => ({
      tenantId,
      orderId: order.id,
      driverId: order.driverId,
      cityId: cityOfOrder(order.id),
      kind: charge.kind,
      period: 1,
      periodStart: charge.day,
      periodEnd: charge.day,
      dueDate: charge.day,
      amount: charge.amount,
      received: charge.day < today ? charge.amount : 0,
      status: charge.day < today ? 2 : 0,
      createdBy: userId,
      updatedBy: userId,
    })),
  );
}

/** A 实收 for each receivable of the order the demo paid (on its due day), allocated to it. */
async function payDemoReceivables(tx: Tx, tenantId: number, userId: number, orderId: number) {
  const ctx = { tx, auth: { tenantId, userId } } as unknown as WriteContext;
  const paid = await tx
    .select()
    .from(orderReceivables)
    .where(and(eq(orderReceivables.orderId, orderId), eq(orderReceivables.status, 2)))
    .orderBy(asc(orderReceivables.dueDate), asc(orderReceivables.id));
  for (const row of paid) {
    const at = new Date(`${row.dueDate}T10:00:00+08:00`);
    const [payment] = await tx
      .insert(payments)
      .values({
        tenantId,
        paymentNo: await serialNumber(ctx, 'SK', 'payment_no_seq', 8, at),
        driverId: row.driverId,
        amount: row.amount,
        allocated: row.amount,
        paidOn: row.dueDate,
        channel: 2,
        reference: `YH${row.dueDate.replaceAll('-', '')}${String(row.id).padStart(6, '0')}`,
        remark: receivableKind.label(row.kind),
        createdBy: userId,
        updatedBy: userId,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: payments.id });
    await tx.insert(paymentAllocations).values({
      tenantId,
      paymentId: Number(payment?.id),
      receivableId: row.id,
      amount: row.amount,
      createdAt: at,
    });
  }
}

/** 核算主体: two legal entities of each branch company, with credit codes that pass their check. */
async function seedAccountingUnits(db: Db, tenantId: number, tenantName: string, userId: number): Promise<void> {
  const city = tenantName.replace(/分公司$/, '');
  const shanghai = city === '上海';
  const division = shanghai ? '310115' : '110105';
  const codeOf = (serial: string) => {
    const first17 = `91${division}MA0${tenantId}${serial}X`;
    return `${first17}${creditCodeCheckCharacter(first17)}`;
  };
  const street = shanghai ? '浦东新区世纪大道' : '朝阳区建国路';
  const phone = shanghai ? '021-50880001' : '010-65880001';
  const rows = [
    {
      name: `${city}畅行汽车租赁有限公司`,
      taxNo: codeOf('B2C3'),
      bankName: '招商银行股份有限公司营业部',
      bankAccount: `11090${tenantId}2345678901`,
      address: `${city}市${street}88号`,
      phone,
    },
    {
      name: `${city}畅行融资租赁有限公司`,
      taxNo: codeOf('D4E5'),
      bankName: '中国工商银行股份有限公司支行',
      bankAccount: `02000${tenantId}9876543210`,
      address: `${city}市${street}18号`,
      phone,
    },
  ];
  await db
    .insert(accountingUnits)
    .values(rows.map((row) => ({ ...row, tenantId, createdBy: userId, updatedBy: userId })))
    .onConflictDoNothing();
}

const applicationMessages = [
  '想跑网约车，周末可以来看车吗？',
  '之前在别家租过，想换一辆新能源车',
  '有出租车从业资格证，想长期租',
  null,
  '希望月租能便宜一点',
  '下个月初需要用车',
  '朋友推荐来的',
  '驾驶证照片稍后补传',
];

/** 司机申请 from the app: six waiting for review and two refused, over the branch company's drivers. */
async function seedDriverApplications(db: Db, tenantId: number, now: Date): Promise<void> {
  const [existing] = await db
    .select({ id: driverApplications.id })
    .from(driverApplications)
    .where(eq(driverApplications.tenantId, tenantId))
    .limit(1);
  if (existing) return;
  const people = await db
    .select({ id: drivers.id, cityId: drivers.cityId })
    .from(drivers)
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.status, 1)))
    .orderBy(desc(drivers.id))
    .limit(8);
  const models = await db
    .select({ modelId: vehicles.modelId })
    .from(vehicles)
    .where(eq(vehicles.tenantId, tenantId))
    .groupBy(vehicles.modelId)
    .limit(4);
  if (people.length === 0 || models.length === 0) return;
  await db.insert(driverApplications).values(
    people.map((person, index) => {
      const at = new Date(now.getTime() - (index * 26 + 5) * 3_600_000);
      const refused = index >= 6;
      return {
        tenantId,
        applicationNo: `SQ${beijingDay(at).replaceAll('-', '')}${String(tenantId).padStart(2, '0')}${String(index + 1).padStart(4, '0')}`,
        driverId: person.id,
        cityId: person.cityId,
        modelId: (models[index % models.length] as { modelId: number }).modelId,
        rentalMode: index % 3,
        wantedDate: beijingDay(new Date(at.getTime() + 10 * day)),
        termMonths: [12, 24, 36][index % 3],
        message: applicationMessages[index] ?? null,
        status: refused ? 2 : 0,
        refuseReason: refused ? '驾龄不满三年，暂不符合租赁条件' : null,
        reviewedAt: refused ? new Date(at.getTime() + 4 * 3_600_000) : null,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
}
