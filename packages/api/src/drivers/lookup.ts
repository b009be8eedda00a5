import { driverStatus } from '@cp/contracts';
import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { mobileSuffix } from '../db/columns';
import { defineServerLookup } from '../lookups/registry';
import { contains } from '../resource/query';
import { drivers } from './tables';

/**
 * Drivers are too many to load whole: a handover's picker searches the 正常 drivers of the branch company
 * by name, mobile (its last digits) or ID number; `ids` names any driver (a delivery's, in its history).
 * Opened by the pages whose forms, filters or actions pick a driver (`grants.ts`).
 */
defineServerLookup('driver', {
  async search(db, tenantId, { text, ids, limit }) {
    const conditions: (SQL | undefined)[] = [eq(drivers.tenantId, tenantId)];
    if (ids) conditions.push(inArray(drivers.id, [...ids]));
    else conditions.push(eq(drivers.status, driverStatus.active));
    const typed = text?.trim();
    if (typed) {
      const digits = /^\d+$/.test(typed);
      conditions.push(
        or(
          contains(drivers.name, typed),
          digits ? mobileSuffix(drivers.mobile, typed) : undefined,
          eq(drivers.nationalId, typed.toUpperCase()),
        ),
      );
    }
    const rows = await db
      .select({ id: drivers.id, name: drivers.name, mobile: drivers.mobile })
      .from(drivers)
      .where(and(...conditions))
      .orderBy(desc(drivers.updatedAt), desc(drivers.id))
      .limit(limit);
    return rows.map((row) => ({ id: row.id, name: `${row.name}（${row.mobile}）` }));
  },
  async resolve(db, tenantId, mobiles) {
    const rows = await db
      .select({ id: drivers.id, mobile: drivers.mobile })
      .from(drivers)
      .where(and(eq(drivers.tenantId, tenantId), inArray(drivers.mobile, [...mobiles])));
    return new Map(rows.map((row) => [row.mobile, row.id]));
  },
});
