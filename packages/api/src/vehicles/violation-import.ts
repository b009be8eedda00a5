import { vehicleEnums, violationResource } from '@cp/contracts';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { recordAudit } from '../audit/service';
import type { Db } from '../db';
import { violationTemplate } from '../files/templates';
import { sessionOf } from '../http/access';
import { businessError } from '../http/errors';
import { sheetDateTime } from '../xlsx/cells';
import type { SheetRow } from '../xlsx/reader';
import { recordStamp } from './lifecycle';
import { driverAt, handledAtOf } from './record-service';
import { violations } from './record-tables';
import { vehicles } from './tables';

/** Most data rows one import takes; a larger sheet is refused before any check. */
export const maxImportRows = 2000;
/** Problems listed in `data.problems`; the message names the first few. */
const maxProblems = 200;
const problemsInMessage = 5;

type Column = (typeof violationTemplate.columns)[number]['header'];
const columnIndex = new Map<string, number>(violationTemplate.columns.map((column, index) => [column.header, index]));

export interface ImportProblem {
  /** The row number Excel shows (the header is row 1). */
  row: number;
  field: Column;
  message: string;
}

/** A row that passed every check, as the table stores it. */
interface CheckedViolation {
  vehicleId: number;
  plateNo: string;
  occurredAt: Date;
  place: string;
  item: string;
  points: number;
  /** In fen. */
  fine: number;
  status: number;
  remark: string | null;
}

const { fields } = violationResource;
const statusByLabel = new Map(vehicleEnums.violationStatus.options.map((option) => [option.label, option.value]));
const statusLabels = vehicleEnums.violationStatus.options.map((option) => option.label);
const statusHint = `应为${statusLabels.slice(0, -1).join('、')}或${statusLabels.at(-1)}`;
const normalPlate = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/** The resource's own rule for a text field (required, length), so an imported row is one the form can edit. */
function textProblem(schema: z.ZodType, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '取值无效');
}

/** Yuan with at most two decimals, in fen; null when it is not such an amount. */
function fenOf(text: string): number | null {
  const yuan = Number(text);
  if (text === '' || !Number.isFinite(yuan) || yuan < 0) return null;
  const fen = Math.round(yuan * 100);
  // Excel may store 12.3 as 12.300000000000001: allow that noise, not a third decimal.
  if (Math.abs(yuan * 100 - fen) > 1e-6) return null;
  return fields.fine.input.safeParse(fen).success ? fen : null;
}

type KnownVehicles = Map<string, { id: number; plateNo: string }>;

/** The tenant's vehicles by upper-case plate, for the plates the sheet names. */
async function vehiclesByPlate(db: Db, tenantId: number, plates: readonly string[]): Promise<KnownVehicles> {
  if (plates.length === 0) return new Map();
  const rows = await db
    .select({ id: vehicles.id, plateNo: vehicles.plateNo })
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.deleted, false), inArray(vehicles.plateNo, plates)));
  return new Map(rows.map((row) => [row.plateNo ?? '', { id: row.id, plateNo: row.plateNo ?? '' }]));
}

/** A blank 处理状态 is the table's default, 未处理. */
const defaultStatus = 0;

/** One row's problems, or the row as the table stores it. */
function checkRow({ row, cells }: SheetRow, known: KnownVehicles, now: number) {
  const problems: ImportProblem[] = [];
  const problem = (field: Column, message: string) => problems.push({ row, field, message });
  const cell = (column: Column) => cells[columnIndex.get(column) ?? -1] ?? '';
  const [plateText, timeText, place, item] = [cell('车牌号'), cell('违章时间'), cell('违章地点'), cell('违章行为')];
  const [pointsText, fineText, statusText, remark] = [cell('扣分'), cell('罚款（元）'), cell('处理状态'), cell('备注')];

  const vehicle = known.get(normalPlate(plateText));
  if (!plateText) problem('车牌号', '不能为空');
  else if (!vehicle) problem('车牌号', `「${plateText}」不存在`);
  const occurredAt = timeText ? sheetDateTime(timeText) : null;
  if (!timeText) problem('违章时间', '不能为空');
  else if (!occurredAt) problem('违章时间', '格式不正确，应如2026-11-01 08:30');
  else if (occurredAt.getTime() > now) problem('违章时间', '不能晚于当前时间');
  const placeProblem = textProblem(fields.place.input, place);
  if (placeProblem) problem('违章地点', placeProblem);
  const itemProblem = textProblem(fields.item.input, item);
  if (itemProblem) problem('违章行为', itemProblem);
  const points = pointsText === '' ? 0 : Number(pointsText);
  if (!/^\d*$/.test(pointsText) || !fields.points.input.safeParse(points).success) problem('扣分', '应为0到12的整数');
  const fine = fineText === '' ? 0 : fenOf(fineText);
  if (fine === null) problem('罚款（元）', '应为不小于0、最多两位小数的金额');
  const status = statusText === '' ? defaultStatus : statusByLabel.get(statusText);
  if (status === undefined) problem('处理状态', statusHint);
  const remarkProblem = textProblem(fields.remark.input, remark);
  if (remarkProblem) problem('备注', remarkProblem);

  if (problems.length > 0 || !vehicle || !occurredAt || fine === null || status === undefined) return { problems };
  const value: CheckedViolation = {
    vehicleId: vehicle.id,
    plateNo: vehicle.plateNo,
    occurredAt,
    place,
    item,
    points,
    fine,
    status,
    remark: remark || null,
  };
  return { problems, value };
}

/**
 * Checks every data row of a filled-in template and answers them as the table stores them, or every
 * problem found: a sheet is imported whole or not at all.
 */
export async function checkViolationRows(
  db: Db,
  tenantId: number,
  rows: readonly SheetRow[],
): Promise<{ checked: CheckedViolation[]; problems: ImportProblem[] }> {
  const plateIndex = columnIndex.get('车牌号') ?? -1;
  const plates = [...new Set(rows.map((row) => normalPlate(row.cells[plateIndex] ?? '')).filter(Boolean))];
  const known = await vehiclesByPlate(db, tenantId, plates);
  const now = Date.now();
  const checked: CheckedViolation[] = [];
  const problems: ImportProblem[] = [];
  for (const row of rows) {
    const result = checkRow(row, known, now);
    problems.push(...result.problems);
    if (result.value) checked.push(result.value);
  }
  return { checked, problems };
}

/** The refusal of a sheet with problems: the first few in the message, up to 200 in `data.problems`. */
export function importRefused(problems: readonly ImportProblem[]) {
  const named = problems.slice(0, problemsInMessage).map((p) => `第${p.row}行 ${p.field}${p.message}`);
  const rest = problems.length > problemsInMessage ? '；…' : '';
  return businessError(`导入失败：共${problems.length}处错误，${named.join('；')}${rest}`, {
    problems: problems.slice(0, maxProblems),
  });
}

const sameViolation = (row: { vehicleId: number; occurredAt: Date; item: string }) =>
  `${row.vehicleId}|${row.occurredAt.getTime()}|${row.item}`;

/**
 * Saves checked rows in one transaction, each with the driver who had the vehicle then. A row that repeats
 * a violation already kept (same vehicle, time and 违章行为), or an earlier row of the sheet, is skipped, so
 * importing a sheet twice adds nothing.
 */
export async function saveViolations(
  db: Db,
  request: FastifyRequest,
  rows: readonly CheckedViolation[],
  fileName: string,
): Promise<{ imported: number; skipped: number }> {
  const auth = sessionOf(request);
  const vehicleIds = [...new Set(rows.map((row) => row.vehicleId))].sort((a, b) => a - b);
  const times = rows.map((row) => row.occurredAt.getTime());
  return db.transaction(async (tx) => {
    // Locked in id order: two imports of the same sheet at once take turns instead of both adding it.
    await tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(inArray(vehicles.id, vehicleIds))
      .orderBy(vehicles.id)
      .for('update');
    const kept = await tx
      .select({ vehicleId: violations.vehicleId, occurredAt: violations.occurredAt, item: violations.item })
      .from(violations)
      .where(
        and(
          eq(violations.tenantId, auth.tenantId),
          inArray(violations.vehicleId, vehicleIds),
          gte(violations.occurredAt, new Date(Math.min(...times))),
          lte(violations.occurredAt, new Date(Math.max(...times))),
        ),
      );
    const seen = new Set(kept.map(sameViolation));
    const fresh = rows.filter((row) => {
      const key = sameViolation(row);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const values = [];
    for (const row of fresh) {
      values.push({
        ...row,
        driverName: await driverAt(tx, row.vehicleId, row.occurredAt),
        handledAt: handledAtOf(row.status),
        ...recordStamp(auth),
      });
    }
    for (let start = 0; start < values.length; start += 500) {
      await tx.insert(violations).values(values.slice(start, start + 500));
    }
    const result = { imported: fresh.length, skipped: rows.length - fresh.length };
    await recordAudit(tx, request, {
      action: 'import',
      entity: 'violation',
      changes: {
        fileName: { from: null, to: fileName },
        imported: { from: null, to: result.imported },
        skipped: { from: null, to: result.skipped },
      },
    });
    return result;
  });
}
