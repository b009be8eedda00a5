import { addDays, approvalBusinessTypes } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import type { TestContext } from './harness';
import { pngOf, uploadFile } from './qr-support';
import { type Car, decide } from './task-support';

export type FleetOrder = Record<string, unknown> & {
  id: string;
  orderNo: string;
  status: number;
  version: number;
  carCount: number;
  monthlyRent: number;
  deliveredCars: number;
};
export type FleetCar = Record<string, unknown> & {
  id: string;
  carNo: string;
  status: number;
  vehicleId: string | null;
  deliveredOn: string | null;
  returnedOn: string | null;
};

export const beijingToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A line of the order for `car`'s model (and the car picked ahead when `pick`). */
export const lineFor = (car: Car, own: Record<string, unknown> = {}) => ({
  modelId: car.modelId,
  leaseType: 1,
  monthlyRent: 450_000,
  rentRatio: 8_000,
  depositDue: 500_000,
  startDate: addDays(beijingToday(), -20),
  endDate: addDays(beijingToday(), 345),
  renewal: 0,
  ...own,
});

/** A 政企客户 of the branch company, and its cars in stock. */
export async function fleetFixture(ctx: TestContext, code = 'BJ') {
  const [row] = rowsOf<{ tenant: number; customer: string }>(
    await ctx.database.db.execute(sql`select t.id as tenant, min(c.id)::text as customer
      from tenants t join customers c on c.tenant_id = t.id and c.kind = 1 where t.code = ${code} group by t.id`),
  );
  // Cars a handover may take: in stock (已出库, 在库), plated, passed inspection, with no lease order's driver.
  const cars = rowsOf<Car>(
    await ctx.database.db.execute(sql`select id::text, model_id::text as "modelId", city_id::text as "cityId"
      from vehicles v where tenant_id = ${row?.tenant} and stage in (4, 7) and coalesce(plate_no, '') <> ''
        and exists (select 1 from vehicle_inspections i where i.vehicle_id = v.id and i.result = 1)
        and not exists (select 1 from lease_orders o where o.vehicle_id = v.id and o.status = 3
          and o.delivery_state in (1, 2))
      order by v.id desc`),
  );
  return { tenantId: Number(row?.tenant), customerId: String(row?.customer), cars };
}

export const orderTerms = (customerId: string, cityId: string, lines: object[]) => ({
  customerId,
  cityId,
  contractNo: 'HT-2026-0088',
  signedOn: addDays(beijingToday(), -25),
  settlementMode: 1,
  billingDay: 5,
  paymentDays: 10,
  lines,
  businessTerms: '车辆保险由出租方购买；违章由承租方处理',
});

/** Submitted by `token`, approved by the 运营经理 then 财务: the order in force. */
export async function approveOrder(
  ctx: TestContext,
  id: string,
  tokens: { by: string; manager: string; finance: string },
) {
  const submitted = await ctx.request({
    method: 'POST',
    url: `/api/fleet-orders/${id}/submit`,
    token: tokens.by,
    payload: {},
  });
  expect(submitted.msg).toBe('success');
  expect((await decide(ctx, tokens.manager, approvalBusinessTypes.fleetOrder, id)).msg).toBe('success');
  expect((await decide(ctx, tokens.finance, approvalBusinessTypes.fleetOrder, id)).msg).toBe('success');
}

/** A handover's checklist with real photos and a signature uploaded by `token`. */
export async function checklist(ctx: TestContext, token: string, own: Record<string, unknown> = {}) {
  const photo = async (name: string) => [await uploadFile(ctx, token, `${name}.png`, pngOf(8, 8))];
  return {
    mileage: 2_000_000,
    energyLevel: 80,
    frontPhotos: await photo('车头'),
    rearPhotos: await photo('车尾'),
    leftPhotos: await photo('左侧'),
    rightPhotos: await photo('右侧'),
    dashboardPhotos: await photo('仪表盘'),
    keysCount: 2,
    accessories: [1, 2, 3],
    documents: [1, 2],
    receiverName: '王建国',
    receiverIdNo: '110105198506123411',
    signature: await photo('签名'),
    ...own,
  };
}
