import { type PageResult, vehicleResource } from '@cp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { diff, recordAudit } from '../audit/service';
import type { Db } from '../db';
import { cappedCount, filterKey, paginate } from '../db/paging';
import { assertOwnFiles, withFileNames } from '../files/names';
import { sessionOf } from '../http/access';
import { businessError, conflict, notFound } from '../http/errors';
import { withNames } from '../lookups/names';
import { vehicleCatalog } from '../lookups/tables';
import { fromInput, toDto } from '../resource/dto';
import { type Columns, columnsOf, listOrder, listSelection, listWhere } from '../resource/query';
import { vehiclePreparations, vehicles } from './tables';

type VehicleRow = typeof vehicles.$inferSelect;
export type VehicleDto = Record<string, unknown>;

const notDeleted = eq(vehicles.deleted, false);

const refs = [
  { field: 'modelId', lookup: 'model' },
  { field: 'seriesId', lookup: 'series' },
  { field: 'brandId', lookup: 'brand' },
  { field: 'cityId', lookup: 'city' },
  { field: 'companyId', lookup: 'company' },
];

/** Rows as the API sends them, with the names of what they refer to (from the name book, no join). */
export async function presentVehicles(db: Db, tenantId: number, rows: Partial<VehicleRow>[]): Promise<VehicleDto[]> {
  const dtos = rows.map((row) =>
    toDto(vehicleResource, row, row.seriesId === undefined ? undefined : { seriesId: String(row.seriesId) }),
  );
  return withNames(db, tenantId, refs, dtos);
}

/** Vehicles whose preparation item of this number is still open (the preparation screens). */
export function openPreparationFilter(item: unknown) {
  if (item === undefined || item === null) return undefined;
  return sql`exists (select 1 from ${vehiclePreparations} p where p.vehicle_id = ${vehicles.id} and p.item = ${Number(item)} and not p.done)`;
}

export async function listVehicles(
  db: Db,
  tenantId: number,
  query: Record<string, unknown> & { page: number; limit: number; sort: string; order: 'asc' | 'desc' },
): Promise<PageResult<VehicleDto>> {
  const columns = columnsOf(vehicles) as Columns & typeof vehicles;
  const openItem = openPreparationFilter(query.pendingPreparation);
  const where = listWhere(vehicleResource, columns, tenantId, query, [notDeleted, openItem]);
  const selection = listSelection(vehicleResource, columns);
  return paginate(
    query,
    async (limit, offset) => {
      const rows = await db
        .select(selection)
        .from(vehicles)
        .where(where)
        .orderBy(...listOrder(columns, query.sort, query.order))
        .limit(limit)
        .offset(offset);
      return presentVehicles(db, tenantId, rows);
    },
    () => cappedCount(db, vehicles, where, filterKey('vehicles', tenantId, query)),
  );
}

export async function findVehicle(db: Db, tenantId: number, id: number): Promise<VehicleRow> {
  const [row] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.tenantId, tenantId), notDeleted));
  if (!row) throw notFound('车辆');
  return row;
}

export async function getVehicle(db: Db, tenantId: number, id: number): Promise<VehicleDto> {
  const dtos = await presentVehicles(db, tenantId, [await findVehicle(db, tenantId, id)]);
  const [dto] = await withFileNames(db, tenantId, vehicleResource, dtos);
  if (!dto) throw notFound('车辆');
  return dto;
}

/** Brand and series follow from the model; a model id that is not a model is refused. */
async function modelLineage(db: Db, modelId: number) {
  const rows = await db.execute<{ model_level: number; series_id: number; brand_id: number }>(sql`
    select m.level as model_level, s.id as series_id, b.id as brand_id
    from ${vehicleCatalog} m join ${vehicleCatalog} s on s.id = m.parent_id join ${vehicleCatalog} b on b.id = s.parent_id
    where m.id = ${modelId}`);
  const row = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows)[0] as
    | { model_level: number; series_id: number; brand_id: number }
    | undefined;
  if (!row || Number(row.model_level) !== 3) throw businessError('车型不存在');
  return { seriesId: Number(row.series_id), brandId: Number(row.brand_id) };
}

function normalized(values: Record<string, unknown>) {
  if (typeof values.plateNo === 'string') values.plateNo = values.plateNo.toUpperCase() || null;
  if (typeof values.vin === 'string') values.vin = values.vin.toUpperCase();
  return values;
}

async function assertUnique(db: Db, tenantId: number, values: Record<string, unknown>, exceptId?: number) {
  const checks: [string, unknown][] = [
    ['vin', values.vin],
    ['plateNo', values.plateNo],
  ];
  for (const [field, value] of checks) {
    if (!value) continue;
    const column = field === 'vin' ? vehicles.vin : vehicles.plateNo;
    const [existing] = await db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.tenantId, tenantId), eq(column, String(value)), notDeleted));
    if (existing && existing.id !== exceptId) {
      throw businessError(`${field === 'vin' ? '车架号' : '车牌号'} ${String(value)} 已存在`);
    }
  }
}

export async function createVehicle(
  db: Db,
  request: FastifyRequest,
  input: Record<string, unknown>,
): Promise<VehicleDto> {
  const auth = sessionOf(request);
  const values = normalized(fromInput(vehicleResource, input));
  await assertUnique(db, auth.tenantId, values);
  await assertOwnFiles(db, auth.tenantId, values.attachments);
  const lineage = await modelLineage(db, Number(values.modelId));
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(vehicles)
      .values({
        ...(values as Partial<typeof vehicles.$inferInsert>),
        ...lineage,
        vin: String(values.vin),
        modelId: Number(values.modelId),
        energyType: Number(values.energyType),
        cityId: Number(values.cityId),
        companyId: Number(values.companyId),
        tenantId: auth.tenantId,
        createdBy: auth.userId,
        updatedBy: auth.userId,
      })
      .returning();
    if (!inserted) throw new Error('insert returned no row');
    await recordAudit(tx, request, {
      action: 'create',
      entity: 'vehicle',
      entityId: inserted.id,
      changes: diff(null, values),
    });
    return inserted;
  });
  return getVehicle(db, auth.tenantId, row.id);
}

export async function updateVehicle(
  db: Db,
  request: FastifyRequest,
  id: number,
  input: Record<string, unknown> & { version: number },
): Promise<VehicleDto> {
  const auth = sessionOf(request);
  const before = await findVehicle(db, auth.tenantId, id);
  const values = normalized(fromInput(vehicleResource, input));
  await assertUnique(db, auth.tenantId, values, id);
  await assertOwnFiles(db, auth.tenantId, values.attachments);
  const lineage = values.modelId ? await modelLineage(db, Number(values.modelId)) : {};
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(vehicles)
      .set({
        ...(values as Partial<typeof vehicles.$inferInsert>),
        ...lineage,
        updatedBy: auth.userId,
        updatedAt: new Date(),
        version: input.version + 1,
      })
      .where(and(eq(vehicles.id, id), eq(vehicles.tenantId, auth.tenantId), eq(vehicles.version, input.version)))
      .returning();
    if (!row) throw conflict();
    const changes = diff(
      Object.fromEntries(Object.keys(values).map((key) => [key, before[key as keyof VehicleRow]])),
      values,
    );
    await recordAudit(tx, request, { action: 'update', entity: 'vehicle', entityId: id, changes });
  });
  return getVehicle(db, auth.tenantId, id);
}

/** Vehicles on lease or in a handover cannot be deleted; others are soft-deleted and keep their history. */
export async function deleteVehicle(db: Db, request: FastifyRequest, id: number): Promise<void> {
  const auth = sessionOf(request);
  const before = await findVehicle(db, auth.tenantId, id);
  if ([4, 5, 6, 8].includes(before.stage)) throw businessError('车辆已出库或在租，不能删除');
  await db.transaction(async (tx) => {
    await tx
      .update(vehicles)
      .set({ deleted: true, updatedBy: auth.userId, updatedAt: new Date() })
      .where(and(eq(vehicles.id, id), eq(vehicles.tenantId, auth.tenantId)));
    await recordAudit(tx, request, { action: 'delete', entity: 'vehicle', entityId: id, changes: null });
  });
}
