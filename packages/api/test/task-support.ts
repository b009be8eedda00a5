import type { PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import type { TestContext } from './harness';

/** A to-do task as 待办事项 lists it. */
export interface Task {
  id: string;
  businessType: number;
  businessId: string;
  title: string;
  nodeName?: string;
  status?: number;
}

/** A car of the branch company that can be handed over (in stock), with what an order of it names. */
export interface Car {
  id: string;
  modelId: string;
  cityId: string;
}

/** The task of a business record waiting for `token` in 待办事项, if any. */
export async function taskOf(ctx: TestContext, token: string, businessType: number, businessId: string) {
  const todo = await ctx.request<PageResult<Task>>({ method: 'GET', url: '/api/approval-tasks?limit=500', token });
  return todo.data.list.find((row) => row.businessType === businessType && row.businessId === businessId);
}

/**
 * Decides the task of a business record waiting for `token` (通过 by default), as its approver would, and answers
 * what the server said (a refusal is the caller's to expect); the task must be there.
 */
export async function decide(
  ctx: TestContext,
  token: string,
  businessType: number,
  businessId: string,
  action = 'approve',
  body: object = {},
) {
  const task = await taskOf(ctx, token, businessType, businessId);
  expect(task, `${action} task of type ${businessType} for #${businessId}`).toBeDefined();
  return ctx.request({ method: 'POST', url: `/api/approval-tasks/${task?.id}/${action}`, token, payload: body });
}

/**
 * The branch company's cars in stock (已整备 / 待出库) that no lease order has had, newest first (or oldest
 * first): a test may record its handover after the fact, and the demo's lease book's cars were out on those
 * days (the server does not yet refuse a handover dated while the car was with another order's driver).
 */
export async function stockCars(
  ctx: TestContext,
  tenantId: number,
  order: 'newest' | 'oldest' = 'newest',
): Promise<Car[]> {
  const rows = rowsOf<{ id: string; model_id: string; city_id: string }>(
    await ctx.database.db.execute(sql`select id::text, model_id::text, city_id::text from vehicles
      where tenant_id = ${tenantId} and stage in (4, 7)
        and not exists (select 1 from lease_orders o where o.vehicle_id = vehicles.id)
        and not exists (select 1 from exchange_orders e where e.old_vehicle_id = vehicles.id or e.new_vehicle_id = vehicles.id)
      order by vehicles.id ${sql.raw(order === 'newest' ? 'desc' : 'asc')}`),
  );
  return rows.map((row) => ({ id: row.id, modelId: row.model_id, cityId: row.city_id }));
}

/**
 * A lease order's terms as the 新增 form sends them for a plain order — 经营性租赁, 月付, rent before the period,
 * no maintenance plan, 按月结算, twelve months — with the order's own driver, city, model, start and rent, and
 * whatever else a test sets (its grace days, deposit, term).
 */
export function leaseOrderTerms(own: {
  driverId: unknown;
  cityId: unknown;
  modelId: unknown;
  startDate: string;
  rent: number;
  [other: string]: unknown;
}) {
  return {
    rentalMode: 0,
    orderType: 0,
    rentReceipt: 0,
    rentTiming: 1,
    maintenancePlan: 0,
    rentSettlement: 0,
    termMonths: 12,
    ...own,
  };
}
