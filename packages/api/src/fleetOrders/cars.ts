import {
  fleetCarResource,
  fleetCarScreens,
  fleetCarStates,
  fleetHandoverResource,
  fleetHandoverScreens,
  fleetOrderStates,
  fleetOrderStatus,
  handoverAccessory,
  handoverDocument,
} from '@cp/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { businessNow, businessToday } from '../clock';
import { writtenBy } from '../db/columns';
import { businessError } from '../http/errors';
import { defineLookupScope } from '../lookups/registry';
import { allowed, refuseIneligibleCar } from '../orders/eligibility';
import { type ActionImpl, defineServerResource, type Row, type WriteContext } from '../resource/family';
import { takeAction } from '../resource/lifecycle';
import { vehicleFamily } from '../vehicles/family';
import { returnFamily } from '../vehicles/record-families';
import { fleetCars, fleetHandovers, fleetOrders } from './tables';

const process = { delivery: 0, giveBack: 1 } as const;
const photoFields = ['frontPhotos', 'rearPhotos', 'leftPhotos', 'rightPhotos', 'dashboardPhotos'] as const;

/** The car's order, locked (taken before the car's own lock: an order's 取消 locks it before its cars). */
async function lockedOrder(ctx: WriteContext, car: Row) {
  const [order] = await ctx.tx
    .select({ id: fleetOrders.id, orderNo: fleetOrders.orderNo, status: fleetOrders.status })
    .from(fleetOrders)
    .where(and(eq(fleetOrders.id, Number(car.orderId)), eq(fleetOrders.tenantId, ctx.auth.tenantId)))
    .for('update');
  if (!order) throw businessError('B端订单不存在');
  return order;
}

/** The day a handover is recorded for: today unless told, never later, never before `earliest`. */
function handoverDay(body: Row, earliest: string | null, what: string) {
  const today = businessToday();
  const day = (body.handedOn as string | undefined) ?? today;
  if (day > today) throw businessError('交接日期：不能晚于今天');
  if (earliest && day < earliest) throw businessError(`交接日期：不能早于${what}${earliest}`);
  return { day, at: day === today ? businessNow() : new Date(`${day}T09:00:00+08:00`) };
}

/** The vehicle's checklist as its delivery record keeps it: each accessory and document there or not, the keys. */
const checklistOf = (body: Row) => [
  ...handoverAccessory.options.map(({ value, label }) => ({
    item: label,
    ok: (body.accessories as number[]).includes(value),
  })),
  ...handoverDocument.options.map(({ value, label }) => ({
    item: label,
    ok: (body.documents as number[]).includes(value),
  })),
  { item: '钥匙', ok: Number(body.keysCount) > 0, note: `${Number(body.keysCount)}把` },
];

async function recordHandover(ctx: WriteContext, car: Row, vehicleId: number, kind: number, body: Row, at: Date) {
  await ctx.tx.insert(fleetHandovers).values({
    carId: Number(car.id),
    processType: kind,
    handedAt: at,
    vehicleId,
    mileage: Number(body.mileage),
    energyLevel: Number(body.energyLevel),
    keysCount: Number(body.keysCount),
    accessories: body.accessories as number[],
    documents: body.documents as number[],
    ...Object.fromEntries(photoFields.map((field) => [field, body[field] as string[]])),
    receiverName: String(body.receiverName),
    receiverIdNo: String(body.receiverIdNo),
    signature: body.signature as string[],
    remark: (body.remark as string | undefined) ?? null,
    ...writtenBy(ctx.auth),
  });
}

const notInForce = (order: { orderNo: string; status: number }, verb: string) =>
  businessError(`B端订单 ${order.orderNo} 当前为「${fleetOrderStatus.label(order.status)}」，不能${verb}`);

/** 交车: the vehicle's own 交车 to the customer's receiver, the 交接单, and the car's days start (billed from the next). */
const deliver: ActionImpl = {
  async run(ctx, car, body) {
    const order = await lockedOrder(ctx, car);
    if (order.status !== fleetOrderStates.performing) throw notInForce(order, '交车');
    const vehicleId = Number(body.vehicleId ?? car.vehicleId);
    if (!vehicleId) throw businessError('交付车辆：请选择');
    const terms = { id: 0, cityId: Number(car.cityId), modelId: Number(car.modelId), vehicleId: null };
    await refuseIneligibleCar(ctx, terms, vehicleId, 'handover', '交付车辆');
    const { day, at } = handoverDay(body, null, '');
    const photos = photoFields.flatMap((field) => body[field] as string[]);
    await takeAction(
      ctx.db,
      vehicleFamily,
      ctx.request,
      vehicleId,
      'deliver',
      {
        fleetCarId: String(car.id),
        receiverName: body.receiverName,
        mileage: body.mileage,
        energyLevel: body.energyLevel,
        checklist: checklistOf(body),
        photos,
        remark: body.remark ?? `B端订单 ${order.orderNo} 交车`,
        deliveredAt: at,
      },
      ctx,
    );
    await recordHandover(ctx, car, vehicleId, process.delivery, body, at);
    await ctx.tx
      .update(fleetOrders)
      .set({ deliveredCars: sql`${fleetOrders.deliveredCars} + 1`, updatedAt: businessNow() })
      .where(eq(fleetOrders.id, order.id));
    return { vehicleId, day };
  },
  patch: (_body, _car, _ctx, result) => {
    const { vehicleId, day } = result as { vehicleId: number; day: string };
    return { vehicleId, deliveredOn: day, processType: process.delivery };
  },
};

/**
 * 还车: the vehicle's return asked for and accepted at once (还车记录 keeps it, the car back in stock), the 交接单,
 * and the car's days end (the return day charged); the order is 已完成 when its last car is back.
 */
const giveBack: ActionImpl = {
  async run(ctx, car, body) {
    const order = await lockedOrder(ctx, car);
    if (order.status !== fleetOrderStates.performing) throw notInForce(order, '还车');
    const { day, at } = handoverDay(body, String(car.deliveredOn), '交车日期');
    const vehicleId = Number(car.vehicleId);
    const remark = (body.remark as string | undefined) ?? `B端订单 ${order.orderNo} 还车`;
    const asked = await takeAction(ctx.db, vehicleFamily, ctx.request, vehicleId, 'requestReturn', { remark }, ctx);
    const photos = photoFields.flatMap((field) => body[field] as string[]);
    const accepted = { mileage: body.mileage, energyLevel: body.energyLevel, photos, remark };
    await takeAction(ctx.db, returnFamily, ctx.request, Number(asked?.returnId), 'accept', accepted, ctx);
    await recordHandover(ctx, car, vehicleId, process.giveBack, body, at);
    // This car counts as back already: the order is done when no other car waits or is out.
    const [others] = await ctx.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(fleetCars)
      .where(
        and(
          eq(fleetCars.orderId, order.id),
          inArray(fleetCars.status, [fleetCarStates.waiting, fleetCarStates.leased]),
          sql`${fleetCars.id} <> ${Number(car.id)}`,
        ),
      );
    await ctx.tx
      .update(fleetOrders)
      .set({
        deliveredCars: sql`${fleetOrders.deliveredCars} - 1`,
        ...(Number(others?.n) === 0 ? { status: fleetOrderStates.completed } : {}),
        updatedAt: businessNow(),
      })
      .where(eq(fleetOrders.id, order.id));
    return { day };
  },
  patch: (_body, _car, _ctx, result) => ({
    returnedOn: (result as { day: string }).day,
    processType: process.giveBack,
  }),
};

/** 交接管理: the cars of approved B端 orders, handed over and back by 交接 (交车, 还车). */
export const fleetCarFamily = defineServerResource({
  resource: fleetCarResource,
  table: fleetCars,
  screens: Object.values(fleetCarScreens),
  async lockFirst(ctx, id) {
    const [car] = await ctx.tx
      .select({ orderId: fleetCars.orderId })
      .from(fleetCars)
      .where(and(eq(fleetCars.id, id), eq(fleetCars.tenantId, ctx.auth.tenantId)));
    if (car) await lockedOrder(ctx, car);
  },
  actions: { deliver, giveBack },
});

/** 交接记录 of a car, on its 交接详情. */
export const fleetHandoverFamily = defineServerResource({
  resource: fleetHandoverResource,
  table: fleetHandovers,
  screens: Object.values(fleetHandoverScreens),
});

/** 交车's picker: the cars this order's car may be handed over as (its order's city, its model, free to lease). */
defineLookupScope('vehicle', 'fleetCarFor', async (db, tenantId, id) => {
  const [car] = await db
    .select({ cityId: fleetCars.cityId, modelId: fleetCars.modelId })
    .from(fleetCars)
    .where(and(eq(fleetCars.id, id), eq(fleetCars.tenantId, tenantId)));
  return car ? allowed({ id: 0, cityId: car.cityId, modelId: car.modelId, vehicleId: null }, 'handover') : sql`false`;
});
