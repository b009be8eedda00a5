import { boardingPlanResource, boardingPlanScreens, leaseOrderStates, openBoardingStates } from '@cp/contracts';
import { and, desc, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import { businessNow } from '../clock';
import type { Executor, Tx } from '../db';
import { drivers } from '../drivers/tables';
import { driveStations } from '../driveStations/tables';
import { businessError } from '../http/errors';
import { defineLookupScope, defineServerLookup } from '../lookups/registry';
import { leaseOrders } from '../orders/tables';
import { defineServerResource } from '../resource/family';
import { contains } from '../resource/query';
import { vehicles } from '../vehicles/tables';
import { boardingPlans } from './tables';

const open = [...openBoardingStates];
const lock = (tx: Tx, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);

/**
 * One open plan per person and one per reserved car: a second plan for the same mobile, or a car another open
 * plan holds, is refused — each under its lock, so two saves at once cannot both pass.
 */
async function refuseDouble(tx: Tx, tenantId: number, plan: Record<string, unknown>, id?: number) {
  const others = and(
    eq(boardingPlans.tenantId, tenantId),
    inArray(boardingPlans.status, open),
    id ? ne(boardingPlans.id, id) : undefined,
  );
  await lock(tx, `boarding_plans:${tenantId}:mobile:${plan.mobile}`);
  const [same] = await tx
    .select({ date: boardingPlans.plannedDate })
    .from(boardingPlans)
    .where(and(others, eq(boardingPlans.mobile, String(plan.mobile))))
    .limit(1);
  if (same) throw businessError(`该手机号已有进行中的上车计划（计划${same.date}上车），请延期或取消原计划`);
  if (plan.vehicleId == null) return;
  await lock(tx, `boarding_plans:${tenantId}:vehicle:${plan.vehicleId}`);
  const [held] = await tx
    .select({ name: boardingPlans.customerName, plate: vehicles.plateNo })
    .from(boardingPlans)
    .innerJoin(vehicles, eq(vehicles.id, boardingPlans.vehicleId))
    .where(and(others, eq(boardingPlans.vehicleId, Number(plan.vehicleId))))
    .limit(1);
  if (held) throw businessError(`车辆${held.plate ?? ''}已为${held.name}的上车计划预留，请选择其他车辆`);
}

/** An order that may fulfil the plan: its driver's (or, for a lead, the driver with its mobile's), handed over. */
function fulfils(plan: { driverId: unknown; mobile: unknown }): SQL {
  return and(
    plan.driverId == null ? eq(drivers.mobile, String(plan.mobile)) : eq(leaseOrders.driverId, Number(plan.driverId)),
    inArray(leaseOrders.status, [leaseOrderStates.performing, leaseOrderStates.completed]),
    isNotNull(leaseOrders.deliveredAt),
  ) as SQL;
}

const taken = sql`exists (select 1 from ${boardingPlans} where ${boardingPlans.leaseOrderId} = ${leaseOrders.id})`;

async function fulfillingOrder(tx: Executor, tenantId: number, plan: Record<string, unknown>, orderId: number) {
  const [order] = await tx
    .select({
      orderNo: leaseOrders.orderNo,
      driverId: leaseOrders.driverId,
      deliveredAt: leaseOrders.deliveredAt,
      fits: sql<boolean>`${fulfils({ driverId: plan.driverId, mobile: plan.mobile })}`,
      linked: sql<
        string | null
      >`(select ${boardingPlans.customerName} from ${boardingPlans} where ${boardingPlans.leaseOrderId} = ${leaseOrders.id} limit 1)`,
    })
    .from(leaseOrders)
    .innerJoin(drivers, eq(drivers.id, leaseOrders.driverId))
    .where(and(eq(leaseOrders.tenantId, tenantId), eq(leaseOrders.id, orderId)));
  if (!order) throw businessError('租赁订单：不存在');
  if (!order.fits) {
    throw businessError(`租赁订单${order.orderNo}：应为该计划司机已交车的订单（履约中或已完成）`);
  }
  if (order.linked) throw businessError(`租赁订单${order.orderNo}：已关联${order.linked}的上车计划`);
  return order;
}

/** 上车计划: one open plan per mobile and per reserved car, an enabled pickup station, 上车 through a fitting order. */
export const boardingPlanFamily = defineServerResource({
  resource: boardingPlanResource,
  table: boardingPlans,
  screens: boardingPlanScreens,
  async prepare(values, ctx, before) {
    const plan = { ...before, ...values };
    if (values.stationId != null && Number(values.stationId) !== Number(before?.stationId)) {
      const [station] = await ctx.tx
        .select({ name: driveStations.name, status: driveStations.status })
        .from(driveStations)
        .where(and(eq(driveStations.tenantId, ctx.auth.tenantId), eq(driveStations.id, Number(values.stationId))));
      if (station?.status !== 1) throw businessError(`提车地点：驿站「${station?.name ?? ''}」已停用，请选择其他驿站`);
    }
    await refuseDouble(ctx.tx, ctx.auth.tenantId, plan, before ? Number(before.id) : undefined);
    return values;
  },
  actions: {
    board: {
      async run(ctx, row, body) {
        const order = await fulfillingOrder(ctx.tx, ctx.auth.tenantId, row, Number(body.leaseOrderId));
        return { driverId: order.driverId, boardedAt: order.deliveredAt ?? businessNow() };
      },
      patch: (body, _row, _ctx, result) => ({
        ...(result as { driverId: number; boardedAt: Date }),
        leaseOrderId: Number(body.leaseOrderId),
        reason: null,
      }),
    },
    postpone: {
      async run(_ctx, row, body) {
        if (body.plannedDate <= String(row.plannedDate)) {
          throw businessError(`新的计划日期：应晚于原计划日期${String(row.plannedDate)}`);
        }
        return null;
      },
      patch: (body) => ({ plannedDate: body.plannedDate, reason: body.reason }),
    },
    cancel: { patch: (body) => ({ reason: body.reason }) },
  },
});

/** The orders a plan's 上车 may link (`boardingFor`): searched by order number. */
defineServerLookup('boardingOrder', {
  async search(db, tenantId, { text, ids, scopes, limit }) {
    const rows = await db
      .select({ id: leaseOrders.id, orderNo: leaseOrders.orderNo, name: drivers.name })
      .from(leaseOrders)
      .innerJoin(drivers, eq(drivers.id, leaseOrders.driverId))
      .where(
        and(
          eq(leaseOrders.tenantId, tenantId),
          ids ? inArray(leaseOrders.id, [...ids]) : undefined,
          text ? contains(leaseOrders.orderNo, text) : undefined,
          ...(scopes ?? []),
        ),
      )
      .orderBy(desc(leaseOrders.id))
      .limit(limit);
    return rows.map((row) => ({ id: row.id, name: `${row.orderNo}（${row.name}）` }));
  },
});

defineLookupScope('boardingOrder', 'boardingFor', async (db, tenantId, id) => {
  const [plan] = await db
    .select({ driverId: boardingPlans.driverId, mobile: boardingPlans.mobile })
    .from(boardingPlans)
    .where(and(eq(boardingPlans.tenantId, tenantId), eq(boardingPlans.id, id)));
  return plan ? sql`(${fulfils(plan)} and not ${taken})` : sql`false`;
});
