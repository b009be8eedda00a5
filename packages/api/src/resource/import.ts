import { brokenCheck, type FieldDef, isMaskedValue, lookupOf, type Resource, titleInYuan } from '@cp/contracts';
import { and, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { recordAudit } from '../audit/service';
import type { Db, Tx } from '../db';
import { defineImportTemplate, type ImportTemplate } from '../files/templates';
import { businessError } from '../http/errors';
import { resolveNames, serverLookup } from '../lookups/registry';
import { sheetDateTime } from '../xlsx/cells';
import type { SheetRow } from '../xlsx/reader';
import type { Row, ServerResource } from './family';
import { uniqueScope } from './read';
import { withSanitizedRichText } from './rich-text';
import { insertPrepared, inTransaction } from './write';

/** A filled-in template is small: an import takes no larger file, whatever the general upload limit. */
export const maxImportFileMb = 2;
const defaultMaxRows = 2000;
/** Problems listed in `data.problems`; the message names the first few. */
const maxProblems = 200;
const problemsInMessage = 5;

interface ImportProblem {
  /** The row number Excel shows (the header is row 1). */
  row: number;
  /** The column's header. */
  field: string;
  message: string;
}

export interface Column {
  name: string;
  def: FieldDef;
  header: string;
}

export const maxRowsOf = (resource: Resource) => resource.import?.maxRows ?? defaultMaxRows;

/** Money is typed in yuan in a sheet: `罚款` is headed `罚款（元）`. */
const headerOf = (def: FieldDef) => def.import?.header ?? (def.kind === 'money' ? titleInYuan(def.title) : def.title);

export function columnsOf(resource: Resource): Column[] {
  return resource.importColumns.map(({ name, def }) => ({ name, def, header: headerOf(def) }));
}

const orList = (labels: readonly string[]) =>
  labels.length > 1 ? `${labels.slice(0, -1).join('、')}或${labels.at(-1)}` : (labels[0] ?? '');

/** What the 说明 sheet says of a column: its format, or the values it takes. */
function noteOf(def: FieldDef): string {
  const own = def.import?.note;
  const values = def.enumDef ? `可填：${def.enumDef.options.map((option) => option.label).join('、')}` : '';
  const format =
    def.kind === 'date'
      ? '日期，如2026-11-01'
      : def.kind === 'datetime'
        ? '时间，如2026-11-01 08:30'
        : def.kind === 'money'
          ? '金额（元），最多两位小数'
          : def.kind === 'integer'
            ? '整数'
            : def.kind === 'boolean'
              ? '是或否'
              : def.kind === 'enums' || def.kind === 'refs' || def.kind === 'tags'
                ? '多个以、分隔'
                : '';
  return [own, values, format].filter(Boolean).join('；');
}

/** The template of a resource's import, registered for the template endpoints under the resource's key. */
export function resourceTemplate(resource: Resource): ImportTemplate {
  return defineImportTemplate({
    kind: resource.key,
    name: `${resource.title}导入模板`,
    permission: resource.permissions.import ?? '',
    ...(resource.import?.note ? { note: resource.import.note } : {}),
    columns: columnsOf(resource).map(({ def, header }) => ({
      header,
      width: def.kind === 'datetime' ? 20 : Math.max(12, Math.min(36, header.length * 2 + 4)),
      required: def.required,
      note: noteOf(def),
      ...(def.import?.example ? { example: def.import.example } : {}),
    })),
  });
}

/** Yuan with at most two decimals, in fen; null when it is not such an amount. */
function fenOf(text: string): number | null {
  const yuan = Number(text);
  if (text === '' || !Number.isFinite(yuan) || yuan < 0) return null;
  const fen = Math.round(yuan * 100);
  // Excel may store 12.3 as 12.300000000000001: allow that noise, not a third decimal.
  return Math.abs(yuan * 100 - fen) > 1e-6 ? null : fen;
}

const chinaDate = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const listOf = (text: string) =>
  text
    .split(/[、,，]/)
    .map((part) => part.trim())
    .filter(Boolean);

function bounds(schema: z.ZodType): { min: number; max: number } {
  const number = schema as unknown as { minValue?: number | null; maxValue?: number | null };
  return { min: number.minValue ?? 0, max: number.maxValue ?? 2_000_000_000 };
}

type Names = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** One cell as the field's value, or why it is not one. */
function cellValue(def: FieldDef, text: string, names: Names): { value?: unknown; problem?: string } {
  const normalize = (def.lookup && serverLookup(def.lookup).normalize) || ((name: string) => name);
  const idOf = (name: string) => names.get(def.lookup ?? '')?.get(normalize(name));
  switch (def.kind) {
    case 'integer': {
      const { min, max } = bounds(def.input);
      const value = Number(text);
      return /^-?\d+$/.test(text) && value >= min && value <= max ? { value } : { problem: `应为${min}到${max}的整数` };
    }
    case 'money': {
      const fen = fenOf(text);
      return fen !== null && def.input.safeParse(fen).success
        ? { value: fen }
        : { problem: '应为不小于0、最多两位小数的金额' };
    }
    case 'date': {
      const at = sheetDateTime(text);
      return at ? { value: chinaDate(at) } : { problem: '格式不正确，应如2026-11-01' };
    }
    case 'datetime': {
      const at = sheetDateTime(text);
      return at ? { value: at.toISOString() } : { problem: '格式不正确，应如2026-11-01 08:30' };
    }
    case 'enum': {
      const option = def.enumDef?.options.find((candidate) => candidate.label === text);
      return option
        ? { value: option.value }
        : { problem: `应为${orList(def.enumDef?.options.map((o) => o.label) ?? [])}` };
    }
    case 'boolean':
      return text === '是' || text === '否' ? { value: text === '是' } : { problem: '应为是或否' };
    case 'ref': {
      const id = idOf(text);
      return id === undefined ? { problem: `「${text}」不存在` } : { value: String(id) };
    }
    case 'refs': {
      const parts = listOf(text);
      const missing = parts.find((part) => idOf(part) === undefined);
      return missing ? { problem: `「${missing}」不存在` } : { value: parts.map((part) => String(idOf(part))) };
    }
    case 'enums': {
      const options = def.enumDef?.options ?? [];
      const parts = listOf(text);
      const unknown = parts.find((part) => !options.some((option) => option.label === part));
      if (unknown !== undefined) return { problem: `「${unknown}」应为${orList(options.map((o) => o.label))}` };
      return { value: parts.map((part) => options.find((option) => option.label === part)?.value) };
    }
    case 'tags':
      return { value: listOf(text) };
    default:
      return { value: text };
  }
}

/** One row's problems, or the row as the form would have sent it (keeping to the resource's checks). */
export function checkRow(
  columns: readonly Column[],
  { row, cells }: SheetRow,
  names: Names,
  resource?: Pick<Resource, 'checks' | 'fields'>,
) {
  const problems: ImportProblem[] = [];
  const input: Row = {};
  for (const [index, column] of columns.entries()) {
    const text = cells[index] ?? '';
    const problem = (message: string) => problems.push({ row, field: column.header, message });
    if (text === '') {
      if (column.def.required) problem('不能为空');
      continue;
    }
    const { sensitive } = column.def;
    if (sensitive && isMaskedValue(sensitive, text)) {
      problem('请输入完整号码');
      continue;
    }
    const { value, problem: wrong } = cellValue(column.def, text, names);
    const checked = wrong ? null : column.def.input.safeParse(value);
    if (wrong) problem(wrong);
    else if (checked && !checked.success) problem(checked.error.issues[0]?.message ?? '取值无效');
    else if (checked) input[column.name] = checked.data;
  }
  const broken = problems.length === 0 && resource ? brokenCheck(resource.checks, input) : undefined;
  if (broken) {
    const header = columns.find((column) => column.name === broken.field)?.header;
    problems.push({
      row,
      field: header ?? resource?.fields[broken.field]?.title ?? broken.field,
      message: broken.message,
    });
  }
  return { problems, input };
}

/** The ids of the names the sheet gives for each referenced lookup, read once per lookup. */
export async function resolveSheetNames(
  db: Db,
  tenantId: number,
  columns: readonly Column[],
  rows: readonly SheetRow[],
) {
  const names = new Map<string, ReadonlyMap<string, number>>();
  for (const [index, { def }] of columns.entries()) {
    if ((def.kind !== 'ref' && def.kind !== 'refs') || !def.lookup) continue;
    const normalize = serverLookup(def.lookup).normalize ?? ((name: string) => name);
    const wanted = rows.flatMap((row) => listOf(row.cells[index] ?? '').map(normalize));
    const found = await resolveNames(db, tenantId, lookupOf(def.lookup).key, [...new Set(wanted)]);
    names.set(def.lookup, new Map([...(names.get(def.lookup) ?? []), ...found]));
  }
  return names;
}

/**
 * The refusal of a sheet with problems: the first few in the message, up to 200 in `data.problems`, and how
 * many there are in all in `data.total`.
 */
function importRefused(problems: readonly ImportProblem[]) {
  const named = problems.slice(0, problemsInMessage).map((p) => `第${p.row}行 ${p.field}${p.message}`);
  const rest = problems.length > problemsInMessage ? '；…' : '';
  return businessError(`导入失败：共${problems.length}处错误，${named.join('；')}${rest}`, {
    problems: problems.slice(0, maxProblems),
    total: problems.length,
  });
}

export const keyText = (value: unknown) =>
  value instanceof Date
    ? value.toISOString()
    : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)
      ? new Date(value).toISOString()
      : String(value ?? '');

/**
 * Kept rows of the tenant whose `names` fields hold any of the values the rows give (a superset of matches),
 * in every slice of a shared table: its unique indexes span them all.
 */
export async function kept(
  tx: Tx,
  family: ServerResource,
  tenantId: number,
  names: readonly string[],
  rows: readonly Row[],
) {
  const conditions = names.map((name) => {
    const column = family.own[name];
    if (!column) throw new Error(`${family.resource.key}.${name} is not a column`);
    const values = [...new Set(rows.map((row) => row[name]).filter((value) => value != null && value !== ''))];
    const typed = column.columnType === 'PgTimestamp' ? values.map((value) => new Date(String(value))) : values;
    return typed.length > 0 ? inArray(column, typed) : sql`false`;
  });
  const selection = Object.fromEntries(names.map((name) => [name, family.own[name]]));
  return (await tx
    .select(selection as never)
    .from(family.table)
    .where(and(uniqueScope(family, tenantId), ...conditions))) as Row[];
}

/**
 * Imports the data rows of a filled-in template, all or nothing: every cell is checked as the form checks
 * it, names are resolved to the rows they name, and a row repeating one already kept (or an earlier one,
 * by the resource's import key) is skipped, so importing a sheet twice adds nothing.
 */
export async function importRows(
  db: Db,
  family: ServerResource,
  request: FastifyRequest,
  sheetRows: readonly SheetRow[],
  fileName: string,
): Promise<{ imported: number; skipped: number }> {
  const { resource } = family;
  const columns = columnsOf(resource);
  const tenantId = (request.auth ?? { tenantId: 0 }).tenantId;
  const names = await resolveSheetNames(db, tenantId, columns, sheetRows);
  const problems: ImportProblem[] = [];
  const checked: { row: number; input: Row }[] = [];
  for (const sheetRow of sheetRows) {
    const result = checkRow(columns, sheetRow, names, resource);
    problems.push(...result.problems);
    checked.push({ row: sheetRow.row, input: result.input });
  }
  if (problems.length > 0) throw importRefused(problems);
  const key = resource.import?.key ?? [];
  return inTransaction(db, request, family, async (ctx) => {
    // Two imports of one resource in one branch company take turns, so the same sheet twice adds it once.
    await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import:${resource.key}:${tenantId}`}))`);
    const values = checked.map(({ input }) => normalized(family, { ...input, ...refsToNumbers(resource, input) }));
    const identity = (row: Row) => key.map((name) => keyText(row[name])).join('|');
    const seen = new Set(key.length ? (await kept(ctx.tx, family, tenantId, key, values)).map(identity) : []);
    const fresh: { row: number; values: Row }[] = [];
    checked.forEach((entry, index) => {
      const rowValues = values[index] as Row;
      if (key.length && seen.has(identity(rowValues))) return;
      seen.add(identity(rowValues));
      fresh.push({ row: entry.row, values: rowValues });
    });
    const uniqueProblems = await uniqueClashes(ctx.tx, family, tenantId, fresh, columns);
    if (uniqueProblems.length > 0) throw importRefused(uniqueProblems);
    for (const { values: rowValues } of fresh) {
      const clean = await withSanitizedRichText(family, ctx, rowValues);
      await insertPrepared(family, ctx, (await family.prepare?.(clean, ctx)) ?? clean);
    }
    const result = { imported: fresh.length, skipped: checked.length - fresh.length };
    await recordAudit(ctx.tx, request, {
      action: 'import',
      entity: resource.key,
      changes: {
        fileName: { from: null, to: fileName },
        imported: { from: null, to: result.imported },
        skipped: { from: null, to: result.skipped },
      },
    });
    return result;
  });
}

/** The family's normalisation of input (capitals for a plate), as a form's save applies it. */
export const normalized = (family: ServerResource, values: Row) => family.normalize?.(values) ?? values;

/** References as the table takes them. */
export function refsToNumbers(resource: Resource, input: Row): Row {
  const converted: Row = {};
  for (const [name, def] of resource.entries) {
    if (!(name in input)) continue;
    if (def.kind === 'ref') converted[name] = Number(input[name]);
    if (def.kind === 'refs') converted[name] = (input[name] as string[]).map(Number);
  }
  return converted;
}

/** Unique fields a fresh row would share with a kept row or an earlier row of the sheet. */
async function uniqueClashes(
  tx: Tx,
  family: ServerResource,
  tenantId: number,
  fresh: readonly { row: number; values: Row }[],
  columns: readonly Column[],
): Promise<ImportProblem[]> {
  const problems: ImportProblem[] = [];
  const key = new Set(family.resource.import?.key ?? []);
  for (const name of family.resource.uniqueFields.filter((field) => !key.has(field) && family.own[field])) {
    const header = columns.find((column) => column.name === name)?.header ?? name;
    const rows = fresh.map((entry) => entry.values);
    const taken = new Set((await kept(tx, family, tenantId, [name], rows)).map((row) => keyText(row[name])));
    const firstRow = new Map<string, number>();
    for (const { row, values } of fresh) {
      const value = values[name];
      if (value == null || value === '') continue;
      const text = keyText(value);
      if (taken.has(text)) problems.push({ row, field: header, message: `「${text}」已存在` });
      else if (firstRow.has(text)) problems.push({ row, field: header, message: `与第${firstRow.get(text)}行重复` });
      else firstRow.set(text, row);
    }
  }
  return problems.sort((a, b) => a.row - b.row);
}
