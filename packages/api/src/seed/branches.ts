import { beijingDay } from '@cp/contracts';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { businessNow } from '../clock';
import type { Db, Executor } from '../db';
import { writtenBy } from '../db/columns';
import { tenants, users } from '../identity/tables';
import { cities, companies } from '../lookups/tables';

const hour = 3_600_000;

/** A branch company as a feature's demo sees it: who writes its rows, where it works, and when is "ago". */
export interface Branch {
  tenantId: number;
  /** 0 for the first branch company (the largest), 1 for the next… */
  index: number;
  name: string;
  /** The administrator: the demo rows' creator and last editor. */
  adminId: number;
  /** The cities of its companies, by id (at least one). */
  cityIds: readonly number[];
  /** A moment `days` days (and `hours` hours) before the seed ran: demo rows are dated in the past. */
  ago(days: number, hours?: number): Date;
  /** The Beijing day `days` days before today (`YYYY-MM-DD`); a negative number is a day to come. */
  day(days: number): string;
  /** The transaction the branch's rows are written in (for rows of a second table). */
  tx: Executor;
}

/** A row of `table` as a feature writes it: the stamps the helper adds may be left out. */
type DemoRow<T extends PgTable> = Omit<T['$inferInsert'], 'tenantId' | 'createdBy' | 'updatedBy'> &
  Partial<Pick<T['$inferInsert'], Extract<keyof T['$inferInsert'], 'createdBy' | 'updatedBy'>>>;

/**
 * Writes a feature's demo rows into `table` for each branch company that has none there yet (so a second run
 * writes nothing), each branch in one transaction: `rows` gives the rows of one branch, and each is stamped
 * with the branch, created and last edited by its administrator, and dated `createdAt` = `updatedAt` = now
 * unless it says otherwise. A row dated in the future — `createdAt` or `updatedAt` after now, or edited before
 * it was created — is a mistake of the demo and stops the seed. Answers the rows written.
 */
export async function seedEachBranch<T extends PgTable>(
  db: Db,
  table: T,
  rows: (branch: Branch) => readonly DemoRow<T>[] | Promise<readonly DemoRow<T>[]>,
): Promise<number> {
  const columns = getTableColumns(table) as Record<string, unknown>;
  if (!('tenantId' in columns)) throw new Error('seedEachBranch: the table has no tenant_id column');
  const tenantColumn = columns.tenantId as Parameters<typeof eq>[0];
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, 'admin'));
  if (!admin) return 0;
  const now = businessNow();
  let written = 0;
  for (const [index, tenant] of (await db.select().from(tenants).orderBy(asc(tenants.id))).entries()) {
    const [existing] = await db
      .select({ one: sql`1` })
      .from(table as PgTable)
      .where(eq(tenantColumn, tenant.id))
      .limit(1);
    if (existing) continue;
    const cityIds = (
      await db
        .selectDistinct({ id: companies.cityId })
        .from(companies)
        .innerJoin(cities, eq(cities.id, companies.cityId))
        .where(eq(companies.tenantId, tenant.id))
        .orderBy(asc(companies.cityId))
    ).flatMap((city) => (city.id === null ? [] : [city.id]));
    if (cityIds.length === 0) continue;
    await db.transaction(async (tx) => {
      const branch: Branch = {
        tenantId: tenant.id,
        index,
        name: tenant.name,
        adminId: admin.id,
        cityIds,
        ago: (days, hours = 0) => new Date(now.getTime() - (days * 24 + hours) * hour),
        day: (days) => beijingDay(new Date(now.getTime() - days * 24 * hour)),
        tx,
      };
      const given = await rows(branch);
      if (given.length === 0) return;
      const stamped = given.map((row) => stampDemoRow(row as Record<string, unknown>, branch, columns, now));
      await tx.insert(table).values(stamped as T['$inferInsert'][]);
      written += stamped.length;
    });
  }
  return written;
}

function stampDemoRow(
  row: Record<string, unknown>,
  branch: Branch,
  columns: Record<string, unknown>,
  now: Date,
): Record<string, unknown> {
  const author = { tenantId: branch.tenantId, userId: branch.adminId };
  const stamps: Record<string, unknown> = 'createdBy' in columns ? writtenBy(author) : { tenantId: author.tenantId };
  const createdAt = (row.createdAt as Date | undefined) ?? now;
  if ('createdAt' in columns) stamps.createdAt = createdAt;
  if ('updatedAt' in columns) stamps.updatedAt = (row.updatedAt as Date | undefined) ?? createdAt;
  const stampedRow: Record<string, unknown> = { ...stamps, ...row, tenantId: branch.tenantId };
  const created = stampedRow.createdAt as Date | undefined;
  const updated = stampedRow.updatedAt as Date | undefined;
  if ((created && created > now) || (updated && updated > now) || (created && updated && updated < created)) {
    throw new Error(`demo row of ${branch.name} dated in the future or edited before it was created`);
  }
  return stampedRow;
}
