import type { Resource } from '@cp/contracts';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db, Executor } from '../db';
import { businessError } from '../http/errors';
import { files } from './tables';

/**
 * The names files were uploaded with, by location, for the locations a tenant's records hold. Records store
 * only the location (a random name); the detail shows what the user chose. A location of another tenant
 * gets no name.
 */
export async function fileNames(
  db: Db,
  tenantId: number,
  locations: readonly string[],
): Promise<Record<string, string>> {
  const unique = [...new Set(locations)].filter((location) => location !== '');
  if (unique.length === 0) return {};
  const rows = await db
    .select({ fileLocation: files.fileLocation, attachmentName: files.attachmentName })
    .from(files)
    .where(and(inArray(files.fileLocation, unique), or(eq(files.tenantId, tenantId), isNull(files.tenantId))));
  return Object.fromEntries(rows.map((row) => [row.fileLocation, row.attachmentName]));
}

/**
 * Adds `fileNames` (location → uploaded name) to each DTO that holds files in any of the resource's file
 * fields, with one query for all of them.
 */
export async function withFileNames<T extends Record<string, unknown>>(
  db: Db,
  tenantId: number,
  resource: Resource,
  dtos: T[],
): Promise<T[]> {
  const fileFields = resource.entries.filter(([, def]) => def.kind === 'files').map(([name]) => name);
  const locationsOf = (dto: T) =>
    fileFields.flatMap((name) => (Array.isArray(dto[name]) ? (dto[name] as unknown[]).map(String) : []));
  const all = dtos.flatMap(locationsOf);
  if (all.length === 0) return dtos;
  const names = await fileNames(db, tenantId, all);
  for (const dto of dtos) {
    const own = locationsOf(dto);
    if (own.length > 0) {
      (dto as Record<string, unknown>).fileNames = Object.fromEntries(
        own.filter((location) => names[location]).map((location) => [location, names[location]]),
      );
    }
  }
  return dtos;
}

/**
 * Refuses file locations that are not files uploaded in this tenant: a record may only point at its own
 * tenant's uploads (a foreign or made-up location would show as a broken attachment, or name another
 * tenant's file).
 */
export async function assertOwnFiles(
  db: Executor,
  tenantId: number,
  locations: unknown,
  field?: { title: string; accept: readonly string[] },
): Promise<void> {
  if (!Array.isArray(locations) || locations.length === 0) return;
  const unique = [...new Set(locations.map(String))];
  const rows = await db
    .select({ fileLocation: files.fileLocation, extension: files.fileExtensions })
    .from(files)
    .where(and(inArray(files.fileLocation, unique), eq(files.tenantId, tenantId)));
  if (rows.length < unique.length) throw businessError('附件不存在或不属于当前分公司，请重新上传');
  // A field taking only some kinds of file (a poster's background: an image) refuses the others.
  const accept = field?.accept ?? [];
  if (accept.length > 0 && rows.some((row) => !accept.includes(row.extension))) {
    throw businessError(`${field?.title}：文件格式不正确，仅支持${accept.map((e) => e.toUpperCase()).join('、')}`);
  }
}
