import {
  driverEnums,
  driverStatus,
  exchangeStates,
  leaseDeliveryStates,
  leaseOrderStates,
  vehicleEnums,
} from '@cp/contracts';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { businessNow } from '../clock';
import type { Tx } from '../db';
import { writtenBy } from '../db/columns';
import { drivers } from '../drivers/tables';
import { businessError } from '../http/errors';
import { cities } from '../lookups/tables';
import { exchangeOrders, leaseOrders } from '../orders/tables';
import type { ActionImpl, Row, WriteContext } from '../resource/family';
import { carReturns, deliveries, outboundRecords, shuntingRecords } from './record-tables';
import { vehicleInspections, vehiclePreparations } from './tables';

/** A reading of the odometer can only go up. */
function notBelow(vehicle: Row, body: Row, what: string) {
  if (Number(body.mileage) < Number(vehicle.mileage)) {
    throw businessError(`${what}里程不能小于车辆当前里程${vehicle.mileage}公里`);
  }
}

const mileage = (body: Row) => ({ mileage: body.mileage });

/** The handover still open: the latest delivery of the vehicle that has not ended. */
async function openDelivery(tx: Tx, vehicleId: number) {
  const [delivery] = await tx
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.vehicleId, vehicleId), isNull(deliveries.endedAt)))
    .orderBy(desc(deliveries.deliveredAt))
    .limit(1);
  return delivery;
}

/**
 * 还车登记 of a car on a lease order in force is refused: the return starts from the order (退租, or 换车's
 * handover), which moves the order and its settlement with the car — a bare return left the order in force
 * with the car in stock, offered to others. The order's return is still accepted (验收) on 还车记录.
 */
async function refuseCarOfOrder(ctx: WriteContext, vehicle: Row) {
  const [order] = await ctx.tx
    .select({ orderNo: leaseOrders.orderNo })
    .from(leaseOrders)
    .where(
      and(
        eq(leaseOrders.tenantId, ctx.auth.tenantId),
        eq(leaseOrders.vehicleId, Number(vehicle.id)),
        eq(leaseOrders.status, leaseOrderStates.performing),
        inArray(leaseOrders.deliveryState, [leaseDeliveryStates.delivered, leaseDeliveryStates.returning]),
      ),
    )
    .limit(1);
  if (order) {
    throw businessError(
      `车辆 ${String(vehicle.plateNo ?? vehicle.vin)} 在租赁订单 ${order.orderNo} 中：请在「租赁订单」对该订单办理退租，退租后在还车记录验收`,
    );
  }
}

/** The driver a handover goes to: a 正常 driver of the branch company, locked until the handover is saved. */
async function handoverDriver(ctx: WriteContext, driverId: number) {
  const [driver] = await ctx.tx
    .select({ id: drivers.id, name: drivers.name, mobile: drivers.mobile, status: drivers.status })
    .from(drivers)
    .where(and(eq(drivers.id, driverId), eq(drivers.tenantId, ctx.auth.tenantId)))
    .for('share');
  if (!driver) throw businessError('司机不存在');
  if (driver.status !== driverStatus.active) {
    throw businessError(`司机${driver.name}当前为「${driverEnums.status.label(driver.status)}」，不能交车`);
  }
  return driver;
}

/**
 * The lease order a 交车 hands the car to: the branch company's order in force of the driver, waiting for its
 * handover (填写交车信息) or handing this car over in place of another (an approved exchange's 换车交接). The
 * order names itself in the body (`orderId`), which only the order's own actions put there: the action has no
 * route of its own (internal in the lifecycle), and a body without an order is refused all the same.
 */
async function checkedLeaseOrder(ctx: WriteContext, vehicle: Row, body: Row) {
  if (body.orderId === undefined || body.orderId === null) {
    throw businessError('车辆只能通过租赁订单交给司机：请在租赁订单中「填写交车信息」');
  }
  const orderId = Number(body.orderId);
  const [order] = await ctx.tx
    .select({
      status: leaseOrders.status,
      driverId: leaseOrders.driverId,
      deliveryState: leaseOrders.deliveryState,
      orderNo: leaseOrders.orderNo,
    })
    .from(leaseOrders)
    .where(and(eq(leaseOrders.id, orderId), eq(leaseOrders.tenantId, ctx.auth.tenantId)));
  if (!order || order.status !== leaseOrderStates.performing || order.driverId !== Number(body.driverId)) {
    throw businessError('车辆只能通过履约中的租赁订单交给该订单的司机');
  }
  if (order.deliveryState === leaseDeliveryStates.waiting) return;
  const [exchange] = await ctx.tx
    .select({ id: exchangeOrders.id })
    .from(exchangeOrders)
    .where(
      and(
        eq(exchangeOrders.tenantId, ctx.auth.tenantId),
        eq(exchangeOrders.orderId, orderId),
        eq(exchangeOrders.newVehicleId, Number(vehicle.id)),
        eq(exchangeOrders.status, exchangeStates.approved),
      ),
    );
  if (!exchange) throw businessError(`租赁订单 ${order.orderNo} 已交车，不能再交出车辆`);
}

/** 交车 (kind 0) or 临时交车 (kind 1): the vehicle goes to a driver, with its handover record. */
const handOver = (kind: 0 | 1): ActionImpl => ({
  async run(ctx, vehicle, body) {
    notBelow(vehicle, body, '交车');
    if (kind === 0) await checkedLeaseOrder(ctx, vehicle, body);
    const driver = await handoverDriver(ctx, Number(body.driverId));
    const {
      driverId: _driverId,
      orderId: _orderId,
      deliveredAt: _deliveredAt,
      ...handover
    } = body as { driverId: string; orderId?: string; deliveredAt?: Date; mileage: number; energyLevel: number };
    const [record] = await ctx.tx
      .insert(deliveries)
      .values({
        ...handover,
        driverId: driver.id,
        driverName: driver.name,
        driverPhone: driver.mobile,
        checklist: body.checklist as { item: string; ok: boolean }[],
        kind,
        vehicleId: Number(vehicle.id),
        // A lease order's handover recorded after the fact keeps its day (填写交车信息's 交车日期).
        deliveredAt: kind === 0 && body.deliveredAt instanceof Date ? body.deliveredAt : businessNow(),
        handler: ctx.auth.userName,
        ...writtenBy(ctx.auth),
      })
      .returning({ id: deliveries.id });
    return { deliveryId: String(record?.id) };
  },
  patch: mileage,
});

/** Completes one preparation item; the vehicle moves to 待出库 when it was the last one open. */
const prepare = (item: number): ActionImpl => ({
  async run(ctx, vehicle, body) {
    const vehicleId = Number(vehicle.id);
    const items = await ctx.tx.select().from(vehiclePreparations).where(eq(vehiclePreparations.vehicleId, vehicleId));
    const current = items.find((entry) => entry.item === item);
    if (!current) throw businessError('该车辆没有此整备项目');
    if (current.done) throw businessError(`${vehicleEnums.preparationItem.label(item)}已完成`);
    await ctx.tx
      .update(vehiclePreparations)
      .set({
        done: true,
        doneAt: businessNow(),
        doneBy: ctx.auth.userName,
        note: (body.note as string | undefined) ?? null,
        attachments: (body.attachments as string[] | undefined) ?? [],
        updatedBy: ctx.auth.userId,
        updatedAt: businessNow(),
      })
      .where(eq(vehiclePreparations.id, current.id));
    return { allDone: items.length === 4 && items.every((entry) => entry.done || entry.item === item) };
  },
  // What the item records on the vehicle: its plate, its GPS device, its certificate…
  patch: ({ note: _note, attachments: _attachments, ...vehicleFields }) => vehicleFields,
  moveWhen: (result) => (result as { allDone: boolean }).allDone,
});

/** What each vehicle action writes besides moving the stage (the lifecycle in contracts says which move where). */
export const vehicleActions: Record<string, ActionImpl> = {
  inspect: {
    async run(ctx, vehicle, body) {
      const [record] = await ctx.tx
        .insert(vehicleInspections)
        .values({
          ...(body as { mileage: number; result: number; checklist: { item: string; ok: boolean }[] }),
          vehicleId: Number(vehicle.id),
          inspectedAt: businessNow(),
          inspector: ctx.auth.userName,
          ...writtenBy(ctx.auth),
        })
        .returning({ id: vehicleInspections.id });
      return { inspectionId: String(record?.id), passed: body.result === 1 };
    },
    patch: mileage,
    // A failed inspection is recorded; the vehicle waits for the next one.
    moveWhen: (result) => (result as { passed: boolean }).passed,
  },
  startPreparation: {
    async run(ctx, vehicle) {
      await ctx.tx
        .insert(vehiclePreparations)
        .values([0, 1, 2, 3].map((item) => ({ vehicleId: Number(vehicle.id), item, ...writtenBy(ctx.auth) })))
        .onConflictDoNothing();
      return null;
    },
  },
  prepareNetwork: prepare(0),
  prepareLicense: prepare(1),
  prepareGps: prepare(2),
  prepareCertificate: prepare(3),
  outbound: {
    async run(ctx, vehicle, body) {
      const [record] = await ctx.tx
        .insert(outboundRecords)
        .values({
          ...(body as { location: string; mileage: number }),
          vehicleId: Number(vehicle.id),
          outboundAt: businessNow(),
          handler: ctx.auth.userName,
          ...writtenBy(ctx.auth),
        })
        .returning({ id: outboundRecords.id });
      return { outboundId: String(record?.id) };
    },
    patch: mileage,
  },
  deliver: handOver(0),
  temporaryDeliver: handOver(1),
  recall: {
    async run(ctx, vehicle, body) {
      notBelow(vehicle, body, '收回');
      const delivery = await openDelivery(ctx.tx, Number(vehicle.id));
      if (delivery) {
        await ctx.tx
          .update(deliveries)
          .set({ endedAt: businessNow(), remark: (body.remark as string | undefined) ?? delivery.remark })
          .where(eq(deliveries.id, delivery.id));
      }
      return null;
    },
    patch: mileage,
  },
  requestReturn: {
    async run(ctx, vehicle, body) {
      // 还车登记 (whose body never names an order): a car on a lease order comes back by the order's 退租.
      if (body.orderId === undefined) await refuseCarOfOrder(ctx, vehicle);
      const delivery = await openDelivery(ctx.tx, Number(vehicle.id));
      const [record] = await ctx.tx
        .insert(carReturns)
        .values({
          vehicleId: Number(vehicle.id),
          deliveryId: delivery?.id,
          driverId: delivery?.driverId,
          requestedAt: businessNow(),
          handler: ctx.auth.userName,
          remark: body.remark as string | undefined,
          ...writtenBy(ctx.auth),
        })
        .returning({ id: carReturns.id });
      return { returnId: String(record?.id) };
    },
  },
  // Taken by 还车验收 of the return record, with its body.
  completeReturn: {
    async run(_ctx, vehicle, body) {
      notBelow(vehicle, body, '还车');
      return null;
    },
    patch: mileage,
  },
  // Taken by 交车 of a 零售订单, with its body.
  sell: {
    async run(_ctx, vehicle, body) {
      notBelow(vehicle, body, '交车');
      return null;
    },
    patch: mileage,
  },
  shunt: {
    async run(ctx, vehicle, body) {
      const [city] = await ctx.tx
        .select({ id: cities.id })
        .from(cities)
        .where(eq(cities.id, Number(body.toCityId)));
      if (!city) throw businessError('调入城市不存在');
      const [record] = await ctx.tx
        .insert(shuntingRecords)
        .values({
          vehicleId: Number(vehicle.id),
          fromCityId: Number(vehicle.cityId),
          fromLocation: String(body.fromLocation),
          toCityId: city.id,
          toLocation: String(body.toLocation),
          driver: String(body.driver),
          reason: body.reason as string | undefined,
          shuntedAt: businessNow(),
          ...writtenBy(ctx.auth),
        })
        .returning({ id: shuntingRecords.id });
      return { shuntingId: String(record?.id) };
    },
    patch: (body) => ({ cityId: Number(body.toCityId) }),
  },
};
