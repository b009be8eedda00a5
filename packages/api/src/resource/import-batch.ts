import type { ImportBatchResult } from '@cp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/service';
import type { Db } from '../db';
import { writtenBy } from '../db/columns';
import { sessionOf } from '../http/access';
import { ApiError } from '../http/errors';
import type { SheetRow } from '../xlsx/reader';
import type { ImportRowVerdict, Row, ServerResource, WriteContext } from './family';
import {
  type Column,
  checkRow,
  columnsOf,
  kept,
  keyText,
  normalized,
  refsToNumbers,
  resolveSheetNames,
} from './import';
import { importBatches, importBatchRows } from './import-tables';
import { withSanitizedRichText } from './rich-text';
import { insertManyPrepared, inTransaction } from './write';

/** Rows saved per transaction: between two chunks the process answers other requests. */
const chunkSize = 500;

const outcome = { imported: 1, duplicate: 2, refused: 3 } as const;

interface Result {
  row: number;
  outcome: number;
  message: string;
  recordId?: number;
}

interface Candidate {
  row: number;
  values: Row;
}

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A row's problems in one line: `数量应为1到999的整数；所属公司不能为空`. */
const problemText = (problems: readonly { field: string; message: string }[]) =>
  problems.map((problem) => `${problem.field}${problem.message}`).join('；');

/** The first rows of the file for each import key; later rows repeating one are duplicates of it. */
function withinFile(candidates: readonly Candidate[], key: readonly string[], results: Result[]): Candidate[] {
  if (key.length === 0) return [...candidates];
  const first = new Map<string, number>();
  return candidates.filter(({ row, values }) => {
    const identity = key.map((name) => keyText(values[name])).join('|');
    const earlier = first.get(identity);
    if (earlier === undefined) {
      first.set(identity, row);
      return true;
    }
    results.push({ row, outcome: outcome.duplicate, message: `与第${earlier}行重复` });
    return false;
  });
}

/**
 * The unique fields (besides the import key) of the rows saved so far from the file, by value, with the row
 * that holds each: a later row with the same value is refused (`序列号与第5行重复`).
 */
class FileUniques {
  private readonly firsts = new Map<string, number>();
  /** Values of the chunk being saved: kept once its transaction commits, forgotten if it rolls back. */
  private pending = new Map<string, number>();
  constructor(
    readonly names: readonly string[],
    private readonly headerOf: (name: string) => string,
  ) {}
  private *keys(values: Row) {
    for (const name of this.names) {
      const value = values[name];
      if (value != null && value !== '') yield { name, key: `${name}|${keyText(value)}` };
    }
  }
  clash(values: Row): string | null {
    for (const { name, key } of this.keys(values)) {
      const earlier = this.firsts.get(key) ?? this.pending.get(key);
      if (earlier !== undefined) return `${this.headerOf(name)}与第${earlier}行重复`;
    }
    return null;
  }
  keep(row: number, values: Row) {
    for (const { key } of this.keys(values)) this.pending.set(key, row);
  }
  /** A row kept for the chunk that was not saved after all: its values are free again. */
  release(row: number, values: Row) {
    for (const { key } of this.keys(values)) if (this.pending.get(key) === row) this.pending.delete(key);
  }
  settle(committed: boolean) {
    if (committed) for (const [key, row] of this.pending) this.firsts.set(key, row);
    this.pending = new Map();
  }
}

/**
 * Saves one chunk in a transaction, under the import lock of the resource and branch company: rows whose key
 * is already kept are duplicates, rows whose unique field is taken are refused, the family's `importRows` has
 * its say on the rest at once, the rest are inserted together. Answers each row's result.
 */
async function saveChunk(
  family: ServerResource,
  ctx: WriteContext,
  chunk: readonly Candidate[],
  columns: readonly Column[],
  uniques: FileUniques,
  batchId: number,
) {
  const { resource } = family;
  const tenantId = ctx.auth.tenantId;
  await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import:${resource.key}:${tenantId}`}))`);
  const results: Result[] = [];
  const key = resource.import?.key ?? [];
  const identity = (row: Row) => key.map((name) => keyText(row[name])).join('|');
  const values = chunk.map((candidate) => candidate.values);
  const seen = new Set(key.length ? (await kept(ctx.tx, family, tenantId, key, values)).map(identity) : []);
  const taken = new Map<string, Set<string>>();
  for (const name of uniques.names) {
    taken.set(name, new Set((await kept(ctx.tx, family, tenantId, [name], values)).map((row) => keyText(row[name]))));
  }
  const passed: { row: number; values: Row; raw: Row }[] = [];
  for (const candidate of chunk) {
    if (key.length && seen.has(identity(candidate.values))) {
      results.push({ row: candidate.row, outcome: outcome.duplicate, message: '与已有数据重复' });
      continue;
    }
    const clash = [...taken].find(([name, set]) => {
      const value = candidate.values[name];
      return value != null && value !== '' && set.has(keyText(value));
    });
    if (clash) {
      const header = columns.find((column) => column.name === clash[0])?.header ?? clash[0];
      const message = `${header}「${keyText(candidate.values[clash[0]])}」已存在`;
      results.push({ row: candidate.row, outcome: outcome.refused, message });
      continue;
    }
    const repeated = uniques.clash(candidate.values);
    if (repeated) {
      results.push({ row: candidate.row, outcome: outcome.refused, message: repeated });
      continue;
    }
    // Held for this row until the family's verdict: a later row of the chunk repeating it is refused.
    uniques.keep(candidate.row, candidate.values);
    const clean = await withSanitizedRichText(family, ctx, candidate.values);
    const prepared = (await family.prepare?.(clean, ctx)) ?? clean;
    passed.push({ row: candidate.row, values: prepared, raw: candidate.values });
  }
  const verdicts: readonly ImportRowVerdict[] = family.importRows
    ? await family.importRows(passed, ctx, batchId)
    : passed.map(({ values }) => ({ values }));
  const fresh: { row: number; values: Row; note?: string }[] = [];
  for (const [index, { row, raw }] of passed.entries()) {
    const verdict = verdicts[index];
    if (!verdict) throw new Error(`importRows answered no verdict for row ${row}`);
    if ('refused' in verdict || 'duplicate' in verdict) uniques.release(row, raw);
    if ('refused' in verdict) results.push({ row, outcome: outcome.refused, message: verdict.refused });
    else if ('duplicate' in verdict) results.push({ row, outcome: outcome.duplicate, message: verdict.duplicate });
    else if ('saved' in verdict) {
      results.push({ row, outcome: outcome.imported, message: verdict.note ?? '', recordId: verdict.saved });
    } else fresh.push({ row, values: verdict.values, ...(verdict.note ? { note: verdict.note } : {}) });
  }
  const ids = await insertManyPrepared(
    family,
    ctx,
    fresh.map((entry) => entry.values),
  );
  for (const [index, entry] of fresh.entries()) {
    results.push({ row: entry.row, outcome: outcome.imported, message: entry.note ?? '', recordId: ids[index] });
  }
  return results;
}

/** Writes results into the batch: its rows, and its counts so far. */
async function record(ctx: WriteContext, batchId: number, results: readonly Result[]) {
  if (results.length === 0) return;
  const auth = ctx.auth;
  const by = (which: number) => results.filter((result) => result.outcome === which).length;
  for (let start = 0; start < results.length; start += 1000) {
    await ctx.tx.insert(importBatchRows).values(
      results.slice(start, start + 1000).map((result) => ({
        batchId,
        rowNumber: result.row,
        outcome: result.outcome,
        message: result.message,
        recordId: result.recordId ?? null,
        ...writtenBy(auth),
      })),
    );
  }
  await ctx.tx
    .update(importBatches)
    .set({
      imported: sql`${importBatches.imported} + ${by(outcome.imported)}`,
      duplicates: sql`${importBatches.duplicates} + ${by(outcome.duplicate)}`,
      refused: sql`${importBatches.refused} + ${by(outcome.refused)}`,
      updatedAt: new Date(),
    })
    .where(and(eq(importBatches.id, batchId), eq(importBatches.tenantId, auth.tenantId)));
}

/**
 * Imports a filled-in template row by row and keeps the upload as a batch: each row is checked as the form
 * checks it; good rows are saved, rows repeating a kept one (or an earlier one of the file, by the import
 * key) are duplicates, bad rows are refused with why. Rows are saved in chunks of 500, each its own
 * transaction, yielding between chunks so a 10,000-row file does not hold up other requests; the batch's
 * counts grow chunk by chunk. A chunk a parallel write collided with is retried row by row.
 */
export async function importBatch(
  db: Db,
  family: ServerResource,
  request: FastifyRequest,
  sheetRows: readonly SheetRow[],
  fileName: string,
): Promise<ImportBatchResult> {
  const { resource } = family;
  const auth = sessionOf(request);
  const columns = columnsOf(resource);
  const [batch] = await db
    .insert(importBatches)
    .values({
      resourceKey: resource.key,
      fileName,
      rows: sheetRows.length,
      ...writtenBy(auth),
    })
    .returning({ id: importBatches.id });
  const batchId = batch?.id as number;
  try {
    const names = await resolveSheetNames(db, auth.tenantId, columns, sheetRows);
    const refusals: Result[] = [];
    let candidates: Candidate[] = [];
    for (const [index, sheetRow] of sheetRows.entries()) {
      // Checking a cell costs about a millisecond a row: let other requests in between.
      if (index % chunkSize === chunkSize - 1) await yieldToOthers();
      const { problems, input } = checkRow(columns, sheetRow, names, resource);
      if (problems.length > 0) {
        refusals.push({ row: sheetRow.row, outcome: outcome.refused, message: problemText(problems) });
        continue;
      }
      candidates.push({
        row: sheetRow.row,
        values: normalized(family, { ...input, ...refsToNumbers(resource, input) }),
      });
    }
    candidates = withinFile(candidates, resource.import?.key ?? [], refusals);
    const keyFields = new Set(resource.import?.key ?? []);
    const uniques = new FileUniques(
      resource.uniqueFields.filter((field) => !keyFields.has(field) && family.own[field]),
      (name) => columns.find((column) => column.name === name)?.header ?? name,
    );
    await inTransaction(db, request, family, (ctx) => record(ctx, batchId, refusals));
    for (let start = 0; start < candidates.length; start += chunkSize) {
      await yieldToOthers();
      const chunk = candidates.slice(start, start + chunkSize);
      const save = (rows: readonly Candidate[]) =>
        inTransaction(db, request, family, async (ctx) =>
          record(ctx, batchId, await saveChunk(family, ctx, rows, columns, uniques, batchId)),
        ).then(
          () => uniques.settle(true),
          (error: unknown) => {
            uniques.settle(false);
            throw error;
          },
        );
      await save(chunk).catch((error: unknown) =>
        error instanceof ApiError ? saveRowByRow(db, family, request, batchId, chunk, save) : Promise.reject(error),
      );
    }
    return await inTransaction(db, request, family, async (ctx) => {
      const [done] = await ctx.tx
        .update(importBatches)
        .set({ status: 1, finishedAt: new Date(), updatedAt: new Date() })
        .where(eq(importBatches.id, batchId))
        .returning();
      if (!done) throw new Error('import batch vanished');
      const counts = { rows: done.rows, imported: done.imported, duplicates: done.duplicates, refused: done.refused };
      await recordAudit(ctx.tx, request, {
        action: 'import',
        entity: resource.key,
        changes: Object.fromEntries(
          Object.entries({ fileName, batchId: String(batchId), ...counts }).map(([name, to]) => [
            name,
            { from: null, to },
          ]),
        ),
      });
      return { batchId: String(batchId), ...counts };
    });
  } catch (error) {
    await db
      .update(importBatches)
      .set({ status: 2, finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(importBatches.id, batchId));
    throw error;
  }
}

/** A chunk that collided with a parallel write, row by row: the row that collides is refused with why. */
async function saveRowByRow(
  db: Db,
  family: ServerResource,
  request: FastifyRequest,
  batchId: number,
  chunk: readonly Candidate[],
  save: (rows: readonly Candidate[]) => Promise<void>,
) {
  for (const candidate of chunk) {
    await save([candidate]).catch(async (error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      await inTransaction(db, request, family, (ctx) =>
        record(ctx, batchId, [{ row: candidate.row, outcome: outcome.refused, message: error.message }]),
      );
    });
  }
}
