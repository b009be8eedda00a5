import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { businessError } from '../http/errors';
import { cities } from '../lookups/tables';
import type { WriteContext } from '../resource/family';

/** A table of competitors known by name in a city: 公司信息's companies, 维保竞品's shops. */
type NamedInCity = PgTable & { id: PgColumn; tenantId: PgColumn; name: PgColumn; cityId: PgColumn };

/** Holds the branch company's lock on one competitor table (or one competitor's offers) until the write commits. */
export async function lockCompetitors(ctx: WriteContext, what: string) {
  await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`competitors:${what}:${ctx.auth.tenantId}`}))`);
}

/**
 * The same competitor entered twice — its name in the same city — is refused; the check runs under the
 * table's lock, so two saves sent at once keep one. The city is fixed once saved (`createOnly`).
 */
export async function refuseSameNameInCity(
  ctx: WriteContext,
  table: NamedInCity,
  values: { name?: string | null; cityId?: number | null },
  before: { id?: unknown; name?: unknown; cityId?: unknown } | undefined,
  title: string,
) {
  const name = String(values.name ?? before?.name ?? '');
  const cityId = Number(values.cityId ?? before?.cityId);
  await lockCompetitors(ctx, title);
  const [twin] = await ctx.tx
    .select({ city: cities.name })
    .from(table)
    .innerJoin(cities, eq(cities.id, table.cityId))
    .where(
      and(
        eq(table.tenantId, ctx.auth.tenantId),
        eq(table.name, name),
        eq(table.cityId, cityId),
        before ? ne(table.id, Number(before.id)) : undefined,
      ),
    )
    .limit(1);
  if (twin) throw businessError(`${title}「${name}」在${twin.city}已登记，请勿重复录入`);
}

/** What still refers to a competitor, with the words for it: 业务方案 by `companyId`. */
export interface Dependants {
  table: PgTable & { tenantId: PgColumn };
  column: PgColumn;
  title: string;
}

/** A competitor others' rows refer to (a company's offers, a shop's prices) is not deleted: say what holds it. */
export async function refuseWhileReferred(ctx: WriteContext, id: number, name: string, dependants: Dependants[]) {
  const held: string[] = [];
  for (const { table, column, title } of dependants) {
    const where: SQL | undefined = and(eq(table.tenantId, ctx.auth.tenantId), eq(column, id));
    const [row] = await ctx.tx.select({ n: count() }).from(table).where(where);
    if (row && row.n > 0) held.push(`${row.n}条${title}`);
  }
  if (held.length > 0) throw businessError(`「${name}」还有${held.join('、')}，请先删除后再删除`);
}
