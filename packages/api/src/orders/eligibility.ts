import { exchangeStates, leaseDeliveryStates, leaseOrderStates, stage as stages, vehicleEnums } from '@cp/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { rowsOf } from '../db/migrate';
import { businessError } from '../http/errors';
import { defineLookupScope } from '../lookups/registry';
import type { WriteContext } from '../resource/family';
import { vehicleInspections, vehicles } from '../vehicles/tables';
import { exchangeOrders, leaseOrders } from './tables';

/**
 * Which cars an order may be given — by 填写交车信息 (`handover`: of its city and model) or by 换车 (`exchange`:
 * another car than its own) — as one list of rules: the picker offers the cars that pass them all (the
 * vehicle lookup's `handoverFor` / `exchangeFor`), and the action refuses a car by the first it fails, saying
 * why (`交付车辆：京A12345 未验车`).
 */
export type Purpose = 'handover' | 'exchange';

/** What an order's rules read of it. */
export interface OrderTerms {
  id: number;
  cityId: number;
  modelId: number;
  vehicleId: number | null;
}

/** What a refusal names of the car: its plate (or VIN), stage, and who holds it. */
interface Facts {
  plate: string;
  stage: number;
  heldByOrder: string | null;
  heldByExchange: string | null;
}

interface Rule {
  holds: SQL;
  /** Why a car failing the rule is refused, after the field's title (`交付车辆：`). */
  why: (car: Facts) => string;
}

/** The order in force that has the car (handed over, or on its way back): it is the driver's until accepted back. */
const holdingOrder = (order: OrderTerms) => sql`select ${leaseOrders.orderNo} from ${leaseOrders}
  where ${leaseOrders.vehicleId} = ${vehicles.id} and ${leaseOrders.tenantId} = ${vehicles.tenantId}
    and ${leaseOrders.status} = ${leaseOrderStates.performing}
    and ${leaseOrders.deliveryState} in (${leaseDeliveryStates.delivered}, ${leaseDeliveryStates.returning})
    and ${leaseOrders.id} <> ${order.id}`;

/** An exchange under way (审批中, 待交接) of another order holds its new car until handed over or cancelled. */
const holdingExchange = (order: OrderTerms) => sql`select ${exchangeOrders.exchangeNo} from ${exchangeOrders}
  where ${exchangeOrders.newVehicleId} = ${vehicles.id} and ${exchangeOrders.tenantId} = ${vehicles.tenantId}
    and ${exchangeOrders.status} in (${exchangeStates.inApproval}, ${exchangeStates.approved})
    and ${exchangeOrders.orderId} <> ${order.id}`;

function rules(order: OrderTerms, purpose: Purpose): Rule[] {
  const verb = purpose === 'handover' ? '不能交车' : '不能换给司机';
  const own: Rule[] =
    purpose === 'handover'
      ? [
          { holds: sql`${vehicles.cityId} = ${order.cityId}`, why: (car) => `${car.plate} 不在订单所在城市` },
          { holds: sql`${vehicles.modelId} = ${order.modelId}`, why: (car) => `${car.plate} 的车型与订单车型不一致` },
        ]
      : [{ holds: sql`${vehicles.id} <> ${order.vehicleId ?? 0}`, why: () => '不能是订单当前的车辆' }];
  return [
    ...own,
    {
      holds: sql`${vehicles.stage} in (${stages.outbound}, ${stages.inStock})`,
      why: (car) => `${car.plate} 当前为「${vehicleEnums.stage.label(car.stage)}」，${verb}`,
    },
    { holds: sql`coalesce(${vehicles.plateNo}, '') <> ''`, why: (car) => `${car.plate} 未上牌` },
    {
      holds: sql`exists (select 1 from ${vehicleInspections} where ${vehicleInspections.vehicleId} = ${vehicles.id}
        and ${vehicleInspections.result} = 1)`,
      why: (car) => `${car.plate} 未验车`,
    },
    {
      holds: sql`not exists (${holdingOrder(order)})`,
      why: (car) => `${car.plate} 仍在租赁订单 ${car.heldByOrder} 中（履约中），该订单还车验收后才能交出`,
    },
    {
      holds: sql`not exists (${holdingExchange(order)})`,
      why: (car) => `${car.plate} 已被换车单 ${car.heldByExchange} 预留`,
    },
  ];
}

/** The cars the rules allow, as a condition on `vehicles`. */
const allowed = (order: OrderTerms, purpose: Purpose): SQL =>
  sql.join(
    rules(order, purpose).map((rule) => sql`(${rule.holds})`),
    sql` and `,
  );

/** The terms of an order row as the kit reads it. */
export const termsOf = (order: Record<string, unknown>): OrderTerms => ({
  id: Number(order.id),
  cityId: Number(order.cityId),
  modelId: Number(order.modelId),
  vehicleId: order.vehicleId == null ? null : Number(order.vehicleId),
});

async function orderTerms(db: Executor, tenantId: number, id: number) {
  const [order] = await db
    .select({
      id: leaseOrders.id,
      cityId: leaseOrders.cityId,
      modelId: leaseOrders.modelId,
      vehicleId: leaseOrders.vehicleId,
      renewedFromId: leaseOrders.renewedFromId,
    })
    .from(leaseOrders)
    .where(and(eq(leaseOrders.id, id), eq(leaseOrders.tenantId, tenantId)));
  return order;
}

/**
 * Refuses a car the rules do not allow for this order, by the first rule it fails (`交付车辆：京A12345 未验车`);
 * the vehicle's own action still checks its state under its lock (two orders racing for one car).
 */
export async function refuseIneligibleCar(
  ctx: WriteContext,
  order: OrderTerms,
  vehicleId: number,
  purpose: Purpose,
  title: string,
): Promise<void> {
  const checks = rules(order, purpose);
  const [car] = rowsOf<Facts & Record<string, unknown>>(
    await ctx.tx.execute(sql`select coalesce(nullif(${vehicles.plateNo}, ''), ${vehicles.vin}) as plate,
      ${vehicles.stage} as stage,
      (${holdingOrder(order)} limit 1) as "heldByOrder",
      (${holdingExchange(order)} limit 1) as "heldByExchange",
      ${sql.join(
        checks.map((rule, index) => sql`(${rule.holds}) as ${sql.identifier(`rule${index}`)}`),
        sql`, `,
      )}
      from ${vehicles}
      where ${vehicles.id} = ${vehicleId} and ${vehicles.tenantId} = ${ctx.auth.tenantId} and not ${vehicles.deleted}`),
  );
  if (!car) throw businessError(`${title}：不存在`);
  const failed = checks.find((_rule, index) => car[`rule${index}`] !== true);
  if (failed) throw businessError(`${title}：${failed.why({ ...car, stage: Number(car.stage) })}`);
}

/** 填写交车信息's picker: the cars this order may hand over; a renewal's is the car of the order it renews. */
defineLookupScope('vehicle', 'handoverFor', async (db, tenantId, id) => {
  const order = await orderTerms(db, tenantId, id);
  if (!order) return sql`false`;
  if (order.renewedFromId !== null) {
    const renewed = await orderTerms(db, tenantId, order.renewedFromId);
    return sql`${vehicles.id} = ${renewed?.vehicleId ?? 0}`;
  }
  return allowed(order, 'handover');
});

/** 换车's picker: the cars the order may ask for in place of its own. */
defineLookupScope('vehicle', 'exchangeFor', async (db, tenantId, id) => {
  const order = await orderTerms(db, tenantId, id);
  return order ? allowed(order, 'exchange') : sql`false`;
});
