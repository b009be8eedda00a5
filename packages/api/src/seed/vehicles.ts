import { vinCheckDigit } from '@cp/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db';
import { tenants } from '../identity/tables';
import { cities, companies, labels, vehicleCatalog } from '../lookups/tables';
import { shuntingRecords } from '../vehicles/record-tables';
import { vehicles } from '../vehicles/tables';
import { driverName, writeDemoVehicle } from './demo-vehicle';
import { depotIn } from './places';
import { type Random, seededRandom } from './random';
import { demoCatalog, demoCities, demoCompanies, demoLabels } from './reference-data';
import { planStory, storyClock } from './timeline';

const plateLetters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const vinChars = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

export function makeVin(random: Random, wmi: string, year: number): string {
  const body = Array.from({ length: 5 }, () => random.pick(vinChars.split(''))).join('');
  const yearCode = 'ABCDEFGHJKLMNPRSTVWXY123456789'[(year - 2010) % 30] ?? 'P';
  const serial = String(random.int(0, 999_999)).padStart(6, '0');
  const draft = `${wmi}${body}0${yearCode}${random.pick(['A', 'B', 'C', 'D'])}${serial}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

/** A plate of the city; new-energy vehicles get the 8-character D (pure electric) or F plate. */
export function makePlate(random: Random, prefix: string, energyType: number): string {
  const city = random.pick(['A', 'B', 'C', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'Q']);
  const digits = () => String(random.int(0, 9));
  if (energyType === 1 || energyType === 2) {
    const kind = energyType === 1 ? 'D' : 'F';
    const second = random.next() < 0.5 ? random.pick(plateLetters.split('')) : digits();
    return `${prefix}${city}${kind}${second}${digits()}${digits()}${digits()}${digits()}`;
  }
  const tail = Array.from({ length: 5 }, (_, i) =>
    i === 0 && random.next() < 0.3 ? random.pick(plateLetters.split('')) : digits(),
  );
  return `${prefix}${city}${tail.join('')}`;
}

/**
 * Reference data the app needs and no screen edits: the cities of operation (by code, what is missing) and the
 * manufacturer tree (when there is none). Written on every start.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(cities)
      .values(demoCities.map(({ plate: _plate, ...city }) => city))
      .onConflictDoNothing();
    const [catalogCount] = await tx.select({ n: count() }).from(vehicleCatalog);
    if (Number(catalogCount?.n) === 0) {
      for (const brand of demoCatalog) {
        const [b] = await tx.insert(vehicleCatalog).values({ level: 1, name: brand.brand }).returning();
        for (const series of brand.series) {
          const [s] = await tx
            .insert(vehicleCatalog)
            .values({ level: 2, name: series.name, parentId: b?.id })
            .returning();
          await tx.insert(vehicleCatalog).values(series.models.map(([name]) => ({ level: 3, name, parentId: s?.id })));
        }
      }
    }
  });
}

/** Each demo branch company's companies (车辆所属公司) and labels: demo data, written by the first start only. */
export async function seedDemoTenantReferences(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const cityRows = await tx.select().from(cities);
    const cityId = new Map(cityRows.map((row) => [row.code, row.id]));
    for (const tenant of await tx.select().from(tenants)) {
      const list = demoCompanies[tenant.code as keyof typeof demoCompanies] ?? [];
      if (list.length) {
        await tx
          .insert(companies)
          .values(list.map(({ city, ...company }) => ({ ...company, cityId: cityId.get(city), tenantId: tenant.id })))
          .onConflictDoNothing();
      }
      await tx
        .insert(labels)
        .values(demoLabels.map(([name, color]) => ({ name, color, tenantId: tenant.id })))
        .onConflictDoNothing();
    }
  });
}

interface CatalogModel {
  modelId: number;
  seriesId: number;
  brandId: number;
  wmi: string;
  energyType: number;
}

async function catalogModels(tx: Tx): Promise<CatalogModel[]> {
  const rows = await tx.select().from(vehicleCatalog);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const energyOf = new Map<string, number>();
  const wmiOf = new Map<string, string>();
  for (const brand of demoCatalog) {
    wmiOf.set(brand.brand, brand.wmi);
    for (const series of brand.series) for (const [name, energy] of series.models) energyOf.set(name, energy);
  }
  return rows
    .filter((row) => row.level === 3)
    .map((model) => {
      const series = byId.get(model.parentId ?? 0);
      const brand = byId.get(series?.parentId ?? 0);
      return {
        modelId: model.id,
        seriesId: series?.id ?? 0,
        brandId: brand?.id ?? 0,
        wmi: wmiOf.get(brand?.name ?? '') ?? 'LSV',
        energyType: energyOf.get(model.name) ?? 0,
      };
    });
}

/**
 * How a working fleet spreads over the stages after its first eighteen cars (two of each stage, so every
 * screen has rows): most cars are out on lease, a fifth wait in stock, a few are on their way in or out.
 */
const fleetMix = [5, 5, 7, 5, 2, 5, 5, 7, 5, 0, 5, 3, 5, 7, 2, 1, 4, 5, 6, 8];
const evenStages = 18;

function demoStage(index: number): number {
  return index < evenStages ? index % 9 : (fleetMix[(index - evenStages) % fleetMix.length] ?? 5);
}

/**
 * Demo vehicles of a tenant in every lifecycle stage, each with the records its stage implies (inspection,
 * preparation, outbound, delivery, return, violations, maintenance), told as a story over the past months
 * (`planStory`): every record is created when its step happened, in the vehicle's order, never later than
 * now. Plates and places are those of the vehicle's city. Written once per tenant.
 */
export async function seedDemoVehicles(db: Db, tenantId: number, total: number, seed: number): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(vehicles).where(eq(vehicles.tenantId, tenantId));
  if (Number(existing?.n) > 0) return 0;
  const random = seededRandom(seed);
  const clock = storyClock(random, Date.now());
  await db.transaction(async (tx) => {
    const models = await catalogModels(tx);
    const tenantCompanies = await tx.select().from(companies).where(eq(companies.tenantId, tenantId));
    const cityRows = await tx.select().from(cities);
    const plateOf = new Map<string, string>(demoCities.map((city) => [city.code, city.plate]));
    // Each stage's cars take the story's variants in turn (which preparation items are done, …).
    const inStage = new Map<number, number>();
    for (let index = 0; index < total; index++) {
      const model = random.pick(models);
      const company = random.pick(tenantCompanies);
      const city = cityRows.find((row) => row.id === company.cityId) ?? random.pick(cityRows);
      const stage = demoStage(index);
      const nth = inStage.get(stage) ?? 0;
      inStage.set(stage, nth + 1);
      const platePrefix = plateOf.get(city.code) ?? '京';
      await writeDemoVehicle(tx, random, clock, {
        tenantId,
        stage,
        story: planStory(clock, stage, nth % 4),
        model,
        city,
        companyId: company.id,
        platePrefix,
        plate: (energyType) => makePlate(random, platePrefix, energyType),
        vin: makeVin(random, model.wmi, 2018 + random.int(0, 6)),
        // One vehicle in ten comes up for 年检 within the month (风险管理 always has some to handle).
        inspectionDueSoon: index % 10 === 3,
      });
    }
  });
  return total;
}

/**
 * 调车 already done in a tenant: a few vehicles not yet out (验车 done, preferably not yet plated) moved in
 * from another city of the tenant's companies after their last step, so 调车管理 is not empty. Each
 * vehicle's city is where the move took it; the places are depots of the two cities. Written once per
 * tenant.
 */
export async function seedDemoShunting(db: Db, tenantId: number, seed: number): Promise<void> {
  const [existing] = await db
    .select({ n: count() })
    .from(shuntingRecords)
    .where(eq(shuntingRecords.tenantId, tenantId));
  if (Number(existing?.n) > 0) return;
  const random = seededRandom(seed);
  const clock = storyClock(random, Date.now());
  const moved = await db
    .select({ id: vehicles.id, cityId: vehicles.cityId, updatedAt: vehicles.updatedAt })
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, tenantId), inArray(vehicles.stage, [1, 2]), eq(vehicles.deleted, false)))
    .orderBy(sql`${vehicles.plateNo} is not null`, asc(vehicles.id))
    .limit(6);
  const cityRows = await db.select({ id: cities.id, code: cities.code, name: cities.name }).from(cities);
  const tenantCities = new Set(
    (await db.select({ cityId: companies.cityId }).from(companies).where(eq(companies.tenantId, tenantId))).map(
      (row) => row.cityId,
    ),
  );
  if (moved.length === 0 || cityRows.length < 2) return;
  await db.transaction(async (tx) => {
    for (const vehicle of moved) {
      const others = cityRows.filter((city) => city.id !== vehicle.cityId);
      const near = others.filter((city) => tenantCities.has(city.id));
      const from = random.pick(near.length ? near : others);
      const to = cityRows.find((city) => city.id === vehicle.cityId);
      if (!from || !to) continue;
      const shuntedAt = clock.after(vehicle.updatedAt.getTime(), random.next() * 3);
      await tx.insert(shuntingRecords).values({
        tenantId,
        vehicleId: vehicle.id,
        fromCityId: from.id,
        fromLocation: depotIn(from, random.pick),
        toCityId: to.id,
        toLocation: depotIn(to, random.pick),
        driver: driverName(random),
        reason: random.pick(['区域调配', '运力补充', '年检集中办理']),
        shuntedAt: new Date(shuntedAt),
        createdAt: new Date(shuntedAt),
        updatedAt: new Date(shuntedAt),
      });
      await tx
        .update(vehicles)
        .set({ updatedAt: new Date(shuntedAt) })
        .where(eq(vehicles.id, vehicle.id));
    }
  });
}
