import { addDays } from '@cp/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { businessNowSql, businessToday } from '../clock';
import type { Db } from '../db';
import { rowsOf } from '../db/migrate';
import { catchUpDaysMax } from '../finance/billing';
import type { RoutePlugin } from '../http/schemas';
import { tenants } from '../identity/tables';
import { defineJobKind } from '../jobs/kinds';
import { fleetBillingRuns } from './tables';

/**
 * The night of `day`: every car-day of the branch company's fleet cars up to the day before not billed yet, one
 * row each — the delivery day free, the return day charged, a day the car was in the workshop (a 维修 or 事故维修
 * record) flagged and free; a charged day is the month's rent over its days, split 租金 / 服务费 by the car's
 * ratio. Done once per branch company and day (null when it was); a car-day is never billed twice (its key).
 */
export async function runFleetBillingDay(db: Db, tenantId: number, day: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(fleetBillingRuns)
      .values({ tenantId, day })
      .onConflictDoNothing()
      .returning({ day: fleetBillingRuns.day });
    if (!claimed) return null;
    const through = addDays(day, -1);
    const written = rowsOf<{ id: string }>(
      await tx.execute(sql`
        with days as (
          select c.id as car_id, c.order_id, c.customer_id, d::date as day, c.monthly_rent, c.rent_ratio,
            (d::date > c.delivered_on or d::date = c.returned_on) as due,
            exists (select 1 from vehicle_maintenance m where m.vehicle_id = c.vehicle_id and m.service_date = d::date
              and m.type in (1, 2)) as repair
          from fleet_order_cars c
          cross join generate_series(c.delivered_on, least(coalesce(c.returned_on, ${through}::date), ${through}::date),
            interval '1 day') d
          where c.tenant_id = ${tenantId} and c.delivered_on is not null and c.delivered_on <= ${through}::date
        ), priced as (
          select *, case when due and not repair then round(monthly_rent::numeric
            / extract(day from (date_trunc('month', day) + interval '1 month - 1 day')))::bigint else 0 end as daily
          from days
        )
        insert into fleet_car_days (tenant_id, car_id, order_id, customer_id, day, term, charged, repair, rent,
          service_fee, created_at, updated_at)
        select ${tenantId}, car_id, order_id, customer_id, day, to_char(day, 'YYYY-MM'), due and not repair, repair,
          round(daily * rent_ratio / 10000.0)::bigint, daily - round(daily * rent_ratio / 10000.0)::bigint,
          ${businessNowSql()}, ${businessNowSql()}
        from priced
        on conflict (car_id, day) do nothing
        returning id::text`),
    );
    await tx
      .update(fleetBillingRuns)
      .set({ carDays: written.length })
      .where(sql`${fleetBillingRuns.tenantId} = ${tenantId} and ${fleetBillingRuns.day} = ${day}`);
    return written.length;
  });
}

/** Every branch company's nights not done yet, up to today (a first run does today only; at most a year back). */
export async function catchUpFleetBilling(db: Db, today = businessToday()): Promise<number> {
  let carDays = 0;
  for (const tenant of await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id))) {
    const [last] = await db
      .select({ day: sql<string | null>`max(${fleetBillingRuns.day})::text` })
      .from(fleetBillingRuns)
      .where(eq(fleetBillingRuns.tenantId, tenant.id));
    let day = last?.day ? addDays(last.day, 1) : today;
    const earliest = addDays(today, -(catchUpDaysMax - 1));
    if (day < earliest) day = earliest;
    for (; day <= today; day = addDays(day, 1)) carDays += (await runFleetBillingDay(db, tenant.id, day)) ?? 0;
  }
  return carDays;
}

const fleetBillingJob = defineJobKind<Record<string, never>>({
  kind: 'fleetOrders.billing',
  everyMs: 3600_000,
  run: async ({ db }) => ({ carDays: await catchUpFleetBilling(db) }),
});

export const fleetBillingRoutes: RoutePlugin<{ db: Db }> = async (app) => {
  app.jobs.define(fleetBillingJob);
};
