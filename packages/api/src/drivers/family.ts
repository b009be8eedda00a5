import {
  birthDateOfId,
  driverScreens,
  expiryWarningDays,
  genderOfId,
  leadLifecycle,
  type Resource,
  rideHailingDriverResource,
  type Screen,
  taxiDriverResource,
} from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { mobileSuffix } from '../db/columns';
import { hasPermission } from '../http/access';
import { ApiError } from '../http/errors';
import { leadFamily } from '../leads/family';
import { defineServerResource, type Row, type WriteContext } from '../resource/family';
import { takeAction } from '../resource/lifecycle';
import { drivers } from './tables';

/** 0 有效, 1 即将到期 (within 30 days), 2 已过期: of the earlier of the licence and the permit. */
const expiry = sql<number>`(case when ${drivers.papersExpiry} is null then 0
  when ${drivers.papersExpiry} < current_date then 2
  when ${drivers.papersExpiry} <= current_date + ${sql.raw(String(expiryWarningDays))} then 1 else 0 end)`;

/** A driver's papers by how soon they run out: a range of `papers_expiry` each, so the index serves it. */
const expiryFilter = (given: unknown) => {
  // A list statement gives a placeholder; a count of the home page's queues the values themselves.
  const value = Array.isArray(given) ? sql`${sql.param(given)}::int[]` : sql`${given}::int[]`;
  return sql`(
  (0 = any(${value}) and (${drivers.papersExpiry} is null or ${drivers.papersExpiry} > current_date + ${sql.raw(String(expiryWarningDays))}))
  or (1 = any(${value}) and ${drivers.papersExpiry} between current_date and current_date + ${sql.raw(String(expiryWarningDays))})
  or (2 = any(${value}) and ${drivers.papersExpiry} < current_date))`;
};

/** A mobile by its last digits (or whole): a range of the reversed number, which its index serves. */
const mobileFilter = (value: unknown) => mobileSuffix(drivers.mobile, value);

const earlier = (a: unknown, b: unknown): string | null => {
  const dates = [a, b].filter((value): value is string => typeof value === 'string' && value !== '');
  return dates.length ? (dates.sort()[0] as string) : null;
};

/** The hooks both kinds share: the ID in capitals, gender and birth date from it, the earlier expiry. */
const driverHooks = {
  computed: { expiry },
  filters: {
    expiry: expiryFilter,
    mobile: mobileFilter,
    nationalId: (value: unknown) => sql`${drivers.nationalId} = upper(${value}::text)`,
  },
  normalize(values: Row): Row {
    const normal: Row = { ...values };
    if (typeof normal.nationalId === 'string') normal.nationalId = normal.nationalId.toUpperCase();
    if (typeof normal.licenseNo === 'string') normal.licenseNo = normal.licenseNo.toUpperCase() || null;
    return normal;
  },
  prepare(values: Row, _ctx: unknown, before?: Row): Row {
    const prepared: Row = { ...values };
    const id = values.nationalId;
    if (typeof id === 'string') {
      prepared.gender = genderOfId(id);
      prepared.birthDate = birthDateOfId(id);
      // A mainland driving licence is numbered by its holder's ID.
      if (!values.licenseNo && !before?.licenseNo) prepared.licenseNo = id;
    }
    const licenseExpiry = 'licenseExpiry' in values ? values.licenseExpiry : before?.licenseExpiry;
    const permitExpiry = 'permitExpiry' in values ? values.permitExpiry : before?.permitExpiry;
    prepared.papersExpiry = earlier(dateText(licenseExpiry), dateText(permitExpiry));
    return prepared;
  },
  actions: {
    reject: { patch: (body: Row) => ({ statusReason: body.reason }) },
    resubmit: { patch: () => ({ statusReason: null }) },
    freeze: { patch: (body: Row) => ({ statusReason: body.reason }) },
    unfreeze: { patch: (body: Row) => ({ statusReason: body.reason }) },
    blacklist: { patch: (body: Row) => ({ statusReason: body.reason }) },
    churn: { patch: (body: Row) => ({ statusReason: body.reason ?? null }) },
  },
};

function dateText(value: unknown): string | null {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The lead's 客户类型 each kind of driver is (网约车司机 0, 出租车司机 1). */
const customerKindOf: Readonly<Record<number, number>> = { 1: 0, 2: 1 };

/**
 * A driver saved from a lead (激活 → 去新增) activates that lead in the same transaction, through its
 * lifecycle: the lead locked, the user's 激活 button and the lead's state checked — a lead already activated
 * refuses, and the driver is not saved either.
 */
const activateLead = (kind: number) => async (ctx: WriteContext, id: number, values: Row) => {
  if (values.leadId == null) return;
  const { button } = leadLifecycle.transition('activate');
  if (!hasPermission(ctx.auth, [button]))
    throw ApiError.of('forbidden', '无权限：从线索新增司机需要线索的「激活」权限');
  const body = { customerKind: customerKindOf[kind], customerId: String(id) };
  await takeAction(ctx.db, leadFamily, ctx.request, Number(values.leadId), 'activate', body, ctx);
};

const driverFamily = (resource: Resource, screen: Screen, kind: number) =>
  defineServerResource({
    resource,
    table: drivers,
    screens: [screen],
    slice: { kind },
    ...driverHooks,
    afterCreate: activateLead(kind),
  });

/** 网约车司机 and 出租车司机: two slices of `drivers`. */
const rideHailingDriverFamily = driverFamily(rideHailingDriverResource, driverScreens.ridehailingDrivers, 1);
const taxiDriverFamily = driverFamily(taxiDriverResource, driverScreens.taxiDriver, 2);

export const driverFamilies = [rideHailingDriverFamily, taxiDriverFamily];
