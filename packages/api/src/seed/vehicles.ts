import { vinCheckDigit } from '@cp/contracts';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db';
import { tenants } from '../identity/tables';
import { cities, companies, labels, vehicleCatalog } from '../lookups/tables';
import {
  carReturns,
  deliveries,
  maintenanceRecords,
  outboundRecords,
  shuntingRecords,
  violations,
} from '../vehicles/record-tables';
import { vehicleInspections, vehiclePreparations, vehicles } from '../vehicles/tables';
import { type Random, seededRandom } from './random';
import {
  demoCatalog,
  demoCities,
  demoCompanies,
  demoLabels,
  driverGivenNames,
  driverSurnames,
  insurers,
  vendors,
  violationItems,
  violationPlaces,
} from './reference-data';

const plateLetters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const vinChars = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const day = 86_400_000;

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

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const driverName = (random: Random) => `${random.pick(driverSurnames)}${random.pick(driverGivenNames)}`;
const driverPhone = (random: Random) =>
  `1${random.pick(['3', '5', '7', '8', '9'])}${String(random.int(0, 999_999_999)).padStart(9, '0')}`;
const standardChecklist = ['外观', '内饰', '轮胎', '灯光', '随车工具', '行驶证原件'].map((item) => ({
  item,
  ok: true,
}));

/** Cities, the manufacturer tree, and each tenant's companies and labels; only what is missing is written. */
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
 * Demo vehicles of a tenant in every lifecycle stage, each with the records its stage implies
 * (inspection, preparation, outbound, delivery, return, violations, maintenance). Written once per tenant.
 */
export async function seedDemoVehicles(db: Db, tenantId: number, total: number, seed: number): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(vehicles).where(eq(vehicles.tenantId, tenantId));
  if (Number(existing?.n) > 0) return 0;
  const random = seededRandom(seed);
  const now = Date.now();
  await db.transaction(async (tx) => {
    const models = await catalogModels(tx);
    const tenantCompanies = await tx.select().from(companies).where(eq(companies.tenantId, tenantId));
    const cityRows = await tx.select().from(cities);
    const plateOf = new Map<string, string>(demoCities.map((city) => [city.code, city.plate]));
    const base = { tenantId };
    for (let index = 0; index < total; index++) {
      const model = random.pick(models);
      const company = random.pick(tenantCompanies);
      const city = cityRows.find((row) => row.id === company.cityId) ?? random.pick(cityRows);
      const stage = index % 9;
      const registered = now - random.int(30, 1400) * day;
      const hasPlate = stage >= 3 || random.next() < 0.3;
      const insuranceStart = now - random.int(10, 360) * day;
      const mileage = stage <= 1 ? random.int(5, 60) : random.int(200, 180_000);
      const [vehicle] = await tx
        .insert(vehicles)
        .values({
          ...base,
          plateNo: hasPlate ? makePlate(random, plateOf.get(city.code) ?? '京', model.energyType) : null,
          vin: makeVin(random, model.wmi, 2018 + random.int(0, 6)),
          engineNo: `${random.pick(['BYD', 'M15', 'EA2', 'HR1', 'JLB'])}${random.int(100000, 999999)}`,
          modelId: model.modelId,
          seriesId: model.seriesId,
          brandId: model.brandId,
          colour: random.pick(['白色', '黑色', '银色', '灰色', '蓝色', '红色']),
          energyType: model.energyType,
          seats: 5,
          cityId: city.id,
          companyId: company.id,
          registrationDate: isoDate(registered),
          purchasePrice: random.int(9, 26) * 1_000_000,
          mileage,
          gpsDeviceNo: stage >= 3 ? `GT06N${random.int(10_000_000, 99_999_999)}` : null,
          gpsLastSeenAt: stage >= 3 ? new Date(now - random.int(0, random.next() < 0.1 ? 10 * day : day)) : null,
          drivingLicenseIssueDate: hasPlate ? isoDate(registered) : null,
          operationCertificateNo:
            stage >= 3 ? `${plateOf.get(city.code)}交运管字${random.int(100000000, 999999999)}号` : null,
          operationCertificateExpiry: stage >= 3 ? isoDate(now + random.int(-10, 1000) * day) : null,
          compulsoryInsurer: random.pick(insurers),
          compulsoryPolicyNo: `PDZA${random.int(10 ** 9, 10 ** 10 - 1)}`,
          compulsoryStart: isoDate(insuranceStart),
          compulsoryEnd: isoDate(insuranceStart + 365 * day),
          commercialInsurer: random.pick(insurers),
          commercialPolicyNo: `PDAA${random.int(10 ** 9, 10 ** 10 - 1)}`,
          commercialStart: isoDate(insuranceStart),
          commercialEnd: isoDate(insuranceStart + 365 * day),
          nextInspectionDate: isoDate(now + random.int(-5, 700) * day),
          stage,
          rentStatus: stage === 5 || stage === 8 ? 0 : stage === 6 ? 1 : 2,
          labels: random.next() < 0.4 ? [random.pick(demoLabels)[0]] : [],
        })
        .returning({ id: vehicles.id, plateNo: vehicles.plateNo });
      if (!vehicle) continue;
      const vehicleId = vehicle.id;
      const handler = random.pick(['张建华', '李志远', '王海峰', '赵立新']);
      if (stage >= 1) {
        await tx.insert(vehicleInspections).values({
          ...base,
          vehicleId,
          inspectedAt: new Date(registered + 2 * day),
          inspector: handler,
          mileage: random.int(5, 60),
          result: 1,
          checklist: standardChecklist,
        });
      }
      if (stage >= 2) {
        await tx.insert(vehiclePreparations).values(
          [0, 1, 2, 3].map((item) => {
            const done = stage >= 3 || item < index % 4;
            return {
              ...base,
              vehicleId,
              item,
              done,
              doneAt: done ? new Date(registered + 5 * day) : null,
              doneBy: done ? handler : null,
            };
          }),
        );
      }
      if (stage >= 4 && stage !== 8) {
        await tx.insert(outboundRecords).values({
          ...base,
          vehicleId,
          outboundAt: new Date(registered + 8 * day),
          location: `${city.name}${random.pick(['朝阳', '浦东', '海淀', '闵行'])}停车场`,
          handler,
          mileage: random.int(60, 200),
          purpose: '交付承租司机',
        });
      }
      if (stage === 5 || stage === 6 || stage === 7 || stage === 8) {
        const deliveredAt = now - random.int(20, 300) * day;
        const driver = driverName(random);
        const [delivery] = await tx
          .insert(deliveries)
          .values({
            ...base,
            vehicleId,
            kind: stage === 8 ? 1 : 0,
            deliveredAt: new Date(deliveredAt),
            driverName: driver,
            driverPhone: driverPhone(random),
            mileage: Math.max(0, mileage - random.int(100, 5000)),
            energyLevel: random.int(60, 100),
            checklist: standardChecklist,
            handler,
            endedAt: stage === 7 ? new Date(now - random.int(1, 15) * day) : null,
          })
          .returning({ id: deliveries.id });
        if (stage === 6 || stage === 7) {
          await tx.insert(carReturns).values({
            ...base,
            vehicleId,
            deliveryId: delivery?.id,
            status: stage === 7 ? 1 : 0,
            requestedAt: new Date(now - random.int(1, 15) * day),
            returnedAt: stage === 7 ? new Date(now - random.int(0, 1) * day) : null,
            mileage: stage === 7 ? mileage : null,
            energyLevel: stage === 7 ? random.int(20, 90) : null,
            damage: stage === 7 && random.next() < 0.3 ? '右后门轻微刮擦' : null,
            handler,
          });
        }
        for (let v = random.int(0, 4); v > 0; v--) {
          const [item, points, fine] = random.pick(violationItems);
          await tx.insert(violations).values({
            ...base,
            vehicleId,
            plateNo: vehicle.plateNo ?? '',
            occurredAt: new Date(deliveredAt + random.int(1, 20) * day),
            place: random.pick(violationPlaces),
            item,
            points,
            fine,
            status: random.int(0, 2),
            driverName: driver,
          });
        }
      }
      if (stage >= 4 && random.next() < 0.6) {
        await tx.insert(maintenanceRecords).values({
          ...base,
          vehicleId,
          plateNo: vehicle.plateNo,
          type: random.int(0, 3),
          serviceDate: isoDate(now - random.int(1, 200) * day),
          mileage,
          vendor: random.pick(vendors),
          cost: random.int(2, 300) * 10_000,
          status: random.int(0, 2),
        });
      }
    }
  });
  return total;
}

/**
 * 调车 already done in a tenant: a few vehicles moved in from another city, so 调车管理 is not empty. Each
 * vehicle's city is where the move took it. Written once per tenant.
 */
export async function seedDemoShunting(db: Db, tenantId: number, seed: number): Promise<void> {
  const [existing] = await db
    .select({ n: count() })
    .from(shuntingRecords)
    .where(eq(shuntingRecords.tenantId, tenantId));
  if (Number(existing?.n) > 0) return;
  const random = seededRandom(seed);
  const moved = await db
    .select({ id: vehicles.id, cityId: vehicles.cityId })
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, tenantId), inArray(vehicles.stage, [1, 2, 3, 7]), eq(vehicles.deleted, false)))
    .orderBy(asc(vehicles.id))
    .limit(6);
  const cityRows = await db.select({ id: cities.id, name: cities.name }).from(cities);
  if (moved.length === 0 || cityRows.length < 2) return;
  const now = Date.now();
  await db.insert(shuntingRecords).values(
    moved.map((vehicle, index) => {
      const from = random.pick(cityRows.filter((city) => city.id !== vehicle.cityId));
      const to = cityRows.find((city) => city.id === vehicle.cityId);
      return {
        tenantId,
        vehicleId: vehicle.id,
        fromCityId: from?.id ?? vehicle.cityId,
        fromLocation: `${from?.name ?? ''}${random.pick(['北站停车场', '东区库房', '机场停车楼'])}`,
        toCityId: vehicle.cityId,
        toLocation: `${to?.name ?? ''}${random.pick(['总部停车场', '南区库房', '高新区停车场'])}`,
        driver: driverName(random),
        reason: random.pick(['区域调配', '运力补充', '年检集中办理']),
        shuntedAt: new Date(now - (index + 1) * 3 * day),
      };
    }),
  );
}
