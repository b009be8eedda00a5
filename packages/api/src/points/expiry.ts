import { pointsEntryKinds, pointsSources } from '@cp/contracts';
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { businessToday } from '../clock';
import type { Db, Executor } from '../db';
import { rowsOf } from '../db/migrate';
import { tenants } from '../identity/tables';
import { defineJobKind } from '../jobs/kinds';
import { type Holder, lockAccount, type Moved, record } from './ledger';
import { pointsAccounts, pointsEntries } from './tables';

/** Awards (net of their reversals) expiring on or before `day`: the lots that may expire by then. */
async function expiringBy(tx: Executor, holder: Holder, day: string): Promise<number> {
  const [row] = await tx
    .select({ points: sql<number>`coalesce(sum(${pointsEntries.points}), 0)::int` })
    .from(pointsEntries)
    .where(
      and(
        eq(pointsEntries.tenantId, holder.tenantId),
        eq(pointsEntries.driverId, holder.driverId),
        isNotNull(pointsEntries.expiresOn),
        lte(pointsEntries.expiresOn, day),
      ),
    );
  return Number(row?.points ?? 0);
}

/**
 * Expires what a driver's points due by `day` still hold, oldest first without editing a row: spending is
 * taken from the lots that expire first, so what has expired by `day` is the awards expiring by then less
 * everything consumed (累计消费) and everything already expired. One row per driver and day (keyed by both),
 * so a day done twice expires once.
 */
async function expireDriverPoints(tx: Executor, holder: Holder, day: string): Promise<Moved | null> {
  const account = await lockAccount(tx, holder);
  const due = (await expiringBy(tx, holder, day)) - account.spent - account.expired;
  if (due <= 0) return null;
  return record(
    tx,
    {
      ...holder,
      kind: pointsEntryKinds.expire,
      source: pointsSources.expiry,
      title: `截至${day}到期的积分过期`,
      points: -due,
      bizType: 'expiry',
      bizId: `${holder.driverId}:${day}`,
    },
    account,
  );
}

/** The drivers of a branch company with points to expire by `day`, found in one pass. */
async function driversWithExpiry(db: Executor, tenantId: number, day: string): Promise<number[]> {
  const rows = rowsOf<{ driver_id: string }>(
    await db.execute(sql`
      select a.driver_id from ${pointsAccounts} a
      join (
        select driver_id, sum(points) as lots from ${pointsEntries}
        where tenant_id = ${tenantId} and expires_on is not null and expires_on <= ${day}::date
        group by driver_id
      ) due on due.driver_id = a.driver_id
      where a.tenant_id = ${tenantId} and due.lots - a.spent - a.expired > 0
      order by a.driver_id`),
  );
  return rows.map((row) => Number(row.driver_id));
}

/**
 * The day's expiry over every branch company, each driver in a transaction of its own. Its rows are keyed by
 * driver and day, so the job run twice (or by two processes at once) writes them once; a day missed is caught
 * up by the next, since what has expired by a day includes every day before it.
 */
export async function runPointsExpiry(db: Db, day = businessToday()): Promise<number> {
  let written = 0;
  for (const tenant of await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id))) {
    for (const driverId of await driversWithExpiry(db, tenant.id, day)) {
      const moved = await db.transaction((tx) =>
        expireDriverPoints(tx, { tenantId: tenant.id, driverId, userId: null }, day),
      );
      if (moved && 'entryId' in moved) written += 1;
    }
  }
  return written;
}

/** 积分过期, every hour: the Beijing day's expiry, once per driver and day whichever run gets there first. */
export const pointsExpiryJob = defineJobKind<Record<string, never>>({
  kind: 'points.expiry',
  everyMs: 3600_000,
  run: async ({ db }) => ({ expired: await runPointsExpiry(db) }),
});
