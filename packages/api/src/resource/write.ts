import { checkProblem, type FieldDef } from '@cp/contracts';
import { and, eq, getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { diff, recordAudit } from '../audit/service';
import { businessNow } from '../clock';
import type { Db } from '../db';
import { writtenBy } from '../db/columns';
import { forgetLargeCounts } from '../db/paging';
import { assertOwnFiles } from '../files/names';
import { sessionOf } from '../http/access';
import { badRequest, businessError, conflict, notFound, RequestValidationError } from '../http/errors';
import { existingIds } from '../lookups/registry';
import { translateDbError } from './db-errors';
import { distinctNumbers, fromInput } from './dto';
import type { Row, ServerResource, WriteContext } from './family';
import { getRow, readRow } from './read';
import { withSanitizedRichText } from './rich-text';
import { withStoredSensitive } from './sensitive';

/** Runs `work` in a transaction with a write context; database refusals become messages naming the field. */
export async function inTransaction<T>(
  db: Db,
  request: FastifyRequest,
  family: ServerResource | null,
  work: (ctx: WriteContext) => Promise<T>,
  values?: Readonly<Row>,
  outer?: WriteContext,
): Promise<T> {
  if (outer) return work(outer);
  const tasks: (() => void | Promise<void>)[] = [];
  const ending: (() => Promise<void>)[] = [];
  const answer: Row = {};
  try {
    const result = await db.transaction(async (tx) => {
      const memos = new Map<string, Promise<unknown>>();
      const ctx: WriteContext = {
        db,
        tx,
        request,
        auth: sessionOf(request),
        afterCommit: (task) => tasks.push(task),
        beforeCommit: (task) => ending.push(task),
        answer,
        memo: <V>(key: string, compute: () => Promise<V>) => {
          if (!memos.has(key)) memos.set(key, compute());
          return memos.get(key) as Promise<V>;
        },
      };
      const result = await work(ctx);
      for (let i = 0; i < ending.length; i++) await ending[i]?.();
      return result;
    });
    for (const task of tasks) await task();
    forgetLargeCounts();
    return result;
  } catch (error) {
    throw family ? translateDbError(error, family, values) : error;
  }
}

/**
 * An optional field left empty whose column cannot be empty takes the column's default — 扣分 0, 处理状态
 * 未处理 — when it is created and when an edit empties it alike, so the form's "optional" holds for both and
 * the audit records the value kept. (A required field never gets here empty: its schema refuses it.)
 */
function emptiedToDefaults(family: ServerResource, input: Readonly<Row>): Row {
  const values: Row = { ...input };
  for (const [name, value] of Object.entries(input)) {
    const column = family.own[name];
    if (value !== null || !column?.notNull || !column.hasDefault || is(column.default, SQL)) continue;
    values[name] = column.default;
  }
  return values;
}

/** Values of the row's own columns a write sets; an empty column with a default expression keeps it. */
function ownValues(family: ServerResource, values: Readonly<Row>, creating: boolean): Row {
  const set: Row = {};
  for (const [name, value] of Object.entries(values)) {
    const column = family.own[name];
    if (!column || family.links?.[name]) continue;
    if (value === null && column.notNull) {
      if (column.hasDefault) {
        if (!creating) set[name] = sql`default`;
        continue;
      }
      throw badRequest(`${family.resource.fields[name]?.title ?? name}：不能为空`);
    }
    // Timestamps arrive as ISO text; the driver takes dates.
    set[name] = column.columnType === 'PgTimestamp' && typeof value === 'string' ? new Date(value) : value;
  }
  return set;
}

/**
 * Checks what input refers to before it is saved: a sensitive field's masked value stands for the stored one
 * (`withStoredSensitive`), the resource's declared checks hold — an edit's values over the stored row's, so a
 * field the edit leaves out is compared as saved —, each reference names a row the branch company may
 * choose (not another tenant's, not a deleted one), each file was uploaded in it. Then the family's own
 * preparation (normalised text, derived columns).
 */
export async function prepareValues(family: ServerResource, ctx: WriteContext, given: Row, before?: Row) {
  const unmasked = withStoredSensitive(family.resource, given, before, 'omit');
  const problem = checkProblem(family.resource, before ? { ...before, ...unmasked } : unmasked);
  if (problem) throw new RequestValidationError(problem);
  const input = emptiedToDefaults(family, unmasked);
  for (const [name, def] of family.resource.entries) {
    const value = input[name];
    if ((def.kind === 'ref' || def.kind === 'refs') && value != null && def.lookup) {
      const ids = Array.isArray(value) ? (value as number[]) : [value as number];
      const found = await existingIds(ctx.db, ctx.auth.tenantId, def.lookup, ids, ctx.tx);
      if (ids.some((id) => !found.has(id))) throw businessError(`${def.title}不存在`);
    }
    if (def.kind === 'files') {
      await assertOwnFiles(ctx.tx, ctx.auth.tenantId, value, { title: def.title, accept: def.upload?.accept ?? [] });
    }
  }
  const values = await withSanitizedRichText(family, ctx, family.normalize?.(input) ?? input);
  return (await family.prepare?.(values, ctx, before)) ?? values;
}

/** The property name of a table's column, as inserts take it. */
function propertyOf(table: PgTable, column: PgColumn): string {
  const found = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column);
  if (!found) throw new Error(`column ${column.name} is not in the table`);
  return found[0];
}

/** Replaces a row's links (its roles) with the ids of the field. */
async function writeLinks(family: ServerResource, ctx: WriteContext, id: number, values: Readonly<Row>) {
  for (const [name, link] of Object.entries(family.links ?? {})) {
    if (!(name in values)) continue;
    const ids = [...new Set((values[name] as number[] | null) ?? [])];
    await ctx.tx.delete(link.table).where(eq(link.own, id));
    if (ids.length === 0) continue;
    const [own, other] = [propertyOf(link.table, link.own), propertyOf(link.table, link.other)];
    const extra = link.values?.(ctx) ?? {};
    await ctx.tx.insert(link.table).values(ids.map((ref) => ({ [own]: id, [other]: ref, ...extra })));
  }
}

/**
 * A value as the audit compares it, saved or as typed: a moment as UTC text whatever offset it was typed in,
 * ids of a `refs` field as the set the links keep. Otherwise an edit that re-sends them would record a change.
 */
function auditValue(def: FieldDef, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (def.kind === 'datetime') return new Date(value as string | Date).toISOString();
  if (def.kind === 'refs' || def.kind === 'enums') return distinctNumbers(value);
  return value;
}

/** What the audit keeps of a row: its fields, not the bookkeeping columns. */
function auditable(family: ServerResource, row: Readonly<Row>, keys: readonly string[] = Object.keys(row)): Row {
  const { fields } = family.resource;
  return Object.fromEntries(
    keys.flatMap((key) => {
      const def = fields[key];
      return def ? [[key, auditValue(def, row[key])]] : [];
    }),
  );
}

/** Tells the family what a write did to a row (`onChange`): as it was, and as the database now holds it. */
export async function rowChanged(family: ServerResource, ctx: WriteContext, id: number, before: Row | null) {
  if (!family.onChange) return;
  const after = await readRow(ctx.tx, family, ctx.auth.tenantId, id);
  await family.onChange(ctx, before, after ?? null);
}

/** Inserts a checked, prepared row (and its links) and audits it; answers the new id. */
export async function insertPrepared(family: ServerResource, ctx: WriteContext, values: Row): Promise<number> {
  const { auth } = ctx;
  let id: number;
  if (family.insert) {
    id = await family.insert(values, ctx);
  } else {
    const [inserted] = await ctx.tx
      .insert(family.table)
      .values({
        ...ownValues(family, values, true),
        ...family.sliceValues,
        ...writtenBy(auth),
      })
      .returning({ id: family.table.id });
    if (!inserted) throw new Error('insert returned no row');
    id = inserted.id as number;
    await rowChanged(family, ctx, id, null);
  }
  await writeLinks(family, ctx, id, values);
  return id;
}

/**
 * Inserts many checked, prepared new rows (an import's chunk) with one statement, and their links with one per
 * link table; answers the new ids in the rows' order. A family that replaces the insert gets one call per row.
 */
export async function insertManyPrepared(family: ServerResource, ctx: WriteContext, rows: readonly Row[]) {
  if (rows.length === 0) return [];
  if (family.insert) {
    const ids: number[] = [];
    for (const values of rows) ids.push(await insertPrepared(family, ctx, values));
    return ids;
  }
  const { auth } = ctx;
  const inserted = await ctx.tx
    .insert(family.table)
    .values(
      rows.map((values) => ({
        ...ownValues(family, values, true),
        ...family.sliceValues,
        ...writtenBy(auth),
      })),
    )
    .returning({ id: family.table.id });
  // PostgreSQL answers a multi-row insert's RETURNING in the order of its VALUES.
  const ids = inserted.map((row) => row.id as number);
  for (const id of ids) await rowChanged(family, ctx, id, null);
  for (const [name, link] of Object.entries(family.links ?? {})) {
    const [own, other] = [propertyOf(link.table, link.own), propertyOf(link.table, link.other)];
    const extra = link.values?.(ctx) ?? {};
    const values = rows.flatMap((row, index) =>
      [...new Set((row[name] as number[] | null | undefined) ?? [])].map((ref) => ({
        [own]: ids[index],
        [other]: ref,
        ...extra,
      })),
    );
    if (values.length > 0) await ctx.tx.insert(link.table).values(values);
  }
  return ids;
}

export async function createRow(db: Db, family: ServerResource, request: FastifyRequest, input: Row) {
  const { id, answer } = await inTransaction(
    db,
    request,
    family,
    async (ctx) => {
      const values = await prepareValues(family, ctx, fromInput(family.resource, input));
      const id = await insertPrepared(family, ctx, values);
      await recordAudit(ctx.tx, request, {
        action: 'create',
        entity: family.resource.key,
        entityId: id,
        changes: diff(null, auditable(family, values)),
      });
      await family.afterCreate?.(ctx, id, values);
      return { id, answer: ctx.answer };
    },
    input,
  );
  if (family.createsElsewhere) return { id: String(id), ...answer };
  return { ...(await getRow(db, family, sessionOf(request).tenantId, id)), ...answer };
}

/** Saves an edit made on `version`: a row changed since (or another tenant's) is refused, nothing is lost. */
export async function updateRow(db: Db, family: ServerResource, request: FastifyRequest, id: number, input: Row) {
  const { version, ...fields } = input as Row & { version: number };
  await inTransaction(
    db,
    request,
    family,
    async (ctx) => {
      const before = await readRow(ctx.tx, family, ctx.auth.tenantId, id, true);
      if (!before) throw notFound(family.resource.title);
      if (family.hasVersion && before.version !== version) throw conflict();
      const lifecycle = family.resource.lifecycle;
      const refusal = lifecycle?.editRefusal(Number(before[lifecycle.field]), family.resource.title);
      if (refusal) throw businessError(refusal);
      const values = await prepareValues(family, ctx, fromInput(family.resource, fields), before);
      if (family.update) {
        await family.update(id, values, ctx, before);
      } else {
        const set = ownValues(family, values, false);
        const [row] = await ctx.tx
          .update(family.table)
          .set({
            ...set,
            updatedBy: ctx.auth.userId,
            updatedAt: businessNow(),
            ...(family.hasVersion ? { version: version + 1 } : {}),
          })
          .where(and(eq(family.table.id, id), eq(family.table.tenantId, ctx.auth.tenantId), family.sliceWhere))
          .returning({ id: family.table.id });
        if (!row) throw conflict();
      }
      await writeLinks(family, ctx, id, values);
      await rowChanged(family, ctx, id, before);
      const keys = Object.keys(values);
      await recordAudit(ctx.tx, request, {
        action: 'update',
        entity: family.resource.key,
        entityId: id,
        changes: diff(auditable(family, before, keys), auditable(family, values)),
      });
    },
    input,
  );
  return getRow(db, family, sessionOf(request).tenantId, id);
}

/**
 * Deletes a row of the tenant, in a state its lifecycle lets rows be deleted in: soft when the family keeps
 * a deleted flag, for good otherwise; audited either way.
 */
export async function removeRow(db: Db, family: ServerResource, request: FastifyRequest, id: number) {
  await inTransaction(db, request, family, async (ctx) => {
    const row = await readRow(ctx.tx, family, ctx.auth.tenantId, id, true);
    if (!row) throw notFound(family.resource.title);
    const lifecycle = family.resource.lifecycle;
    const refusal = lifecycle?.removalRefusal(Number(row[lifecycle.field]), family.resource.title);
    if (refusal) throw businessError(refusal);
    await family.beforeRemove?.(row, ctx);
    const where = and(eq(family.table.id, id), eq(family.table.tenantId, ctx.auth.tenantId), family.sliceWhere);
    if (family.deleted) {
      const flag = Object.entries(family.own).find(([, column]) => column === family.deleted)?.[0] ?? 'deleted';
      await ctx.tx
        .update(family.table)
        .set({ [flag]: true, updatedBy: ctx.auth.userId, updatedAt: businessNow() })
        .where(where);
    } else {
      for (const link of Object.values(family.links ?? {})) await ctx.tx.delete(link.table).where(eq(link.own, id));
      await ctx.tx.delete(family.table).where(where);
    }
    await rowChanged(family, ctx, id, row);
    await recordAudit(ctx.tx, request, {
      action: 'delete',
      entity: family.resource.key,
      entityId: id,
      changes: diff(auditable(family, row), null),
    });
  });
}
