import { routesOfSection, vehicleEnums } from '@cp/contracts';
import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { defineServerLookup } from '../lookups/registry';
import { vehicleCatalog } from '../lookups/tables';
import { contains } from '../resource/query';
import { vehicles } from './tables';

const plateText = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/**
 * Vehicles are too many to load whole: the picker searches them by plate or VIN as the user types, and an
 * import finds them by plate. Any vehicle screen's menu opens the search. Each option says the car's model,
 * stage and mileage beside its plate, so a clerk tells the cars apart without opening them; a scope asked for
 * (`handoverFor`: the cars an order may hand over, `orders/eligibility.ts`) keeps to the cars it allows.
 */
defineServerLookup('vehicle', {
  // The vehicle section's screens, and the orders whose car is picked (填写交车信息).
  access: [...routesOfSection('vehicle'), ...routesOfSection('order')]
    .filter((route) => !route.hidden)
    .map((route) => route.key),
  normalize: plateText,
  async search(db, tenantId, { text, ids, filters, scopes, limit }) {
    const stage = filters?.stage as number[] | undefined;
    const conditions: (SQL | undefined)[] = [eq(vehicles.tenantId, tenantId), eq(vehicles.deleted, false)];
    if (ids) conditions.push(inArray(vehicles.id, [...ids]));
    if (stage?.length) conditions.push(inArray(vehicles.stage, stage));
    if (text) conditions.push(or(contains(vehicles.plateNo, text), contains(vehicles.vin, text)));
    conditions.push(...(scopes ?? []));
    const rows = await db
      .select({
        id: vehicles.id,
        plateNo: vehicles.plateNo,
        vin: vehicles.vin,
        model: vehicleCatalog.name,
        stage: vehicles.stage,
        mileage: vehicles.mileage,
      })
      .from(vehicles)
      .leftJoin(vehicleCatalog, eq(vehicleCatalog.id, vehicles.modelId))
      .where(and(...conditions))
      .orderBy(desc(vehicles.updatedAt), desc(vehicles.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      name: `${row.plateNo || '未上牌'}（${row.vin}）`,
      details: [
        row.model ?? '',
        vehicleEnums.stage.label(row.stage),
        `${row.mileage.toLocaleString('zh-CN')}公里`,
      ].filter(Boolean),
    }));
  },
  async resolve(db, tenantId, plates) {
    const rows = await db
      .select({ id: vehicles.id, plateNo: vehicles.plateNo })
      .from(vehicles)
      .where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.deleted, false), inArray(vehicles.plateNo, [...plates])));
    return new Map(rows.map((row) => [row.plateNo ?? '', row.id]));
  },
});
