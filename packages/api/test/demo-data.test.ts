import {
  allocationRuleScreens,
  channelScreens,
  driverScreens,
  isAdultOn,
  isValidNationalId,
  type PageResult,
  type Screen,
  userScreens,
  vehicleRecordScreens,
  vehicleScreens,
} from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../src/customers/tables';
import { cities } from '../src/lookups/tables';
import { seedDemoData } from '../src/seed';
import { cityPlaces } from '../src/seed/places';
import { demoCities } from '../src/seed/reference-data';
import {
  carReturns,
  deliveries,
  maintenanceRecords,
  outboundRecords,
  shuntingRecords,
  vehicleRisks,
  violations,
} from '../src/vehicles/record-tables';
import { vehicleInspections, vehiclePreparations, vehicles } from '../src/vehicles/tables';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  // The demo data a fresh `npm start` writes: 150 vehicles per branch company and what their stages imply.
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  tokens.北京分公司 = await ctx.login('admin', 'admin123');
  tokens.上海分公司 = await ctx.loginToOtherTenant();
});
afterAll(() => ctx.close());

const screens: Screen[] = [
  ...Object.values(vehicleScreens),
  ...Object.values(vehicleRecordScreens),
  ...Object.values(userScreens),
  ...Object.values(channelScreens),
  ...Object.values(allocationRuleScreens),
  ...Object.values(driverScreens),
];

describe('demo data', () => {
  for (const branch of ['北京分公司', '上海分公司']) {
    it(`fills every built screen for admin in ${branch}`, async () => {
      const empty: string[] = [];
      for (const screen of screens) {
        const page = await ctx.request<PageResult<unknown>>({
          method: 'GET',
          url: `${screen.endpoint}?limit=1`,
          token: tokens[branch],
        });
        expect(page.code, screen.key).toBe(0);
        if (page.data.total === 0) empty.push(`${screen.route.title}（${screen.key}）`);
      }
      expect(empty).toEqual([]);
    });
  }
});

describe('demo data looks real', () => {
  const at = (value: Date | null | undefined) => value?.getTime() ?? Number.NaN;
  const load = async () => {
    const { db } = ctx.database;
    return {
      cities: new Map((await db.select().from(cities)).map((city) => [city.id, city])),
      vehicles: await db.select().from(vehicles),
      inspections: await db.select().from(vehicleInspections),
      preparations: await db.select().from(vehiclePreparations),
      outbound: await db.select().from(outboundRecords),
      deliveries: await db.select().from(deliveries),
      returns: await db.select().from(carReturns),
      violations: await db.select().from(violations),
      maintenance: await db.select().from(maintenanceRecords),
      shunting: await db.select().from(shuntingRecords),
      risks: await db.select().from(vehicleRisks),
    };
  };
  let data: Awaited<ReturnType<typeof load>>;
  beforeAll(async () => {
    data = await load();
  });
  const byVehicle = <T extends { vehicleId: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const row of rows) map.set(row.vehicleId, [...(map.get(row.vehicleId) ?? []), row]);
    return map;
  };

  it('spreads creation times over the past months, none of them in the future', () => {
    const now = Date.now();
    const all = Object.entries(data).flatMap(([table, rows]) =>
      table === 'cities' ? [] : (rows as { createdAt: Date; updatedAt: Date }[]).map((row) => ({ table, row })),
    );
    expect(all.filter(({ row }) => at(row.createdAt) > now || at(row.updatedAt) > now)).toEqual([]);
    expect(all.filter(({ row }) => at(row.updatedAt) < at(row.createdAt))).toEqual([]);
    const created = data.vehicles.map((vehicle) => at(vehicle.createdAt));
    expect(new Set(created).size).toBeGreaterThan(data.vehicles.length * 0.9);
    expect(now - Math.min(...created)).toBeGreaterThan(90 * 86_400_000);
  });

  it("orders each vehicle's story: registered, inspected, prepared, out, delivered, returned", () => {
    const inspections = byVehicle(data.inspections);
    const preparations = byVehicle(data.preparations);
    const outbound = byVehicle(data.outbound);
    const deliveriesOf = byVehicle(data.deliveries);
    const returns = byVehicle(data.returns);
    const wrong: string[] = [];
    for (const vehicle of data.vehicles) {
      const steps: [string, number][] = [['入库', at(vehicle.createdAt)]];
      for (const row of inspections.get(vehicle.id) ?? []) steps.push(['验车', at(row.inspectedAt)]);
      const items = preparations.get(vehicle.id) ?? [];
      for (const row of items) steps.push(['整备开始', at(row.createdAt)]);
      const done = items.filter((row) => row.done).map((row) => at(row.doneAt));
      if (done.length) steps.push(['整备完成', Math.max(...done)]);
      for (const row of outbound.get(vehicle.id) ?? []) steps.push(['出库', at(row.outboundAt)]);
      for (const row of deliveriesOf.get(vehicle.id) ?? []) steps.push(['交车', at(row.deliveredAt)]);
      for (const row of returns.get(vehicle.id) ?? []) {
        steps.push(['还车登记', at(row.requestedAt)]);
        if (row.returnedAt) steps.push(['还车验收', at(row.returnedAt)]);
      }
      steps.push(['最后更新', at(vehicle.updatedAt)]);
      const order = steps.map(([, time]) => time);
      if (order.some((time, index) => Number.isNaN(time) || (index > 0 && time < (order[index - 1] ?? 0)))) {
        wrong.push(
          `${vehicle.vin}: ${steps.map(([name, time]) => `${name} ${new Date(time).toISOString()}`).join(' → ')}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('dates each risk flag when its rule began to hold, after the vehicle was registered', () => {
    const registered = new Map(data.vehicles.map((vehicle) => [vehicle.id, at(vehicle.createdAt)]));
    expect(data.risks.length).toBeGreaterThan(0);
    expect(data.risks.filter((risk) => at(risk.detectedAt) < (registered.get(risk.vehicleId) ?? 0))).toEqual([]);
    expect(data.risks.filter((risk) => at(risk.createdAt) !== at(risk.detectedAt))).toEqual([]);
    expect(new Set(data.risks.map((risk) => at(risk.detectedAt))).size).toBeGreaterThan(data.risks.length / 2);
  });

  it('puts violations in the time a driver had the vehicle, and maintenance after it went out', () => {
    const deliveriesOf = byVehicle(data.deliveries);
    const outbound = byVehicle(data.outbound);
    const returns = byVehicle(data.returns);
    const outside = data.violations.filter((violation) => {
      const delivery = (deliveriesOf.get(violation.vehicleId) ?? []).find(
        (row) =>
          at(row.deliveredAt) <= at(violation.occurredAt) &&
          at(violation.occurredAt) <= at(row.endedAt ?? new Date()) &&
          row.driverName === violation.driverName,
      );
      const returned = (returns.get(violation.vehicleId) ?? [])[0];
      return !delivery || (returned !== undefined && at(violation.occurredAt) > at(returned.requestedAt));
    });
    expect(outside).toEqual([]);
    expect(data.violations.filter((row) => at(row.createdAt) < at(row.occurredAt))).toEqual([]);
    const early = data.maintenance.filter((record) => {
      const out =
        (outbound.get(record.vehicleId) ?? [])[0]?.outboundAt ??
        (deliveriesOf.get(record.vehicleId) ?? [])[0]?.deliveredAt;
      return !out || record.serviceDate < chinaDay(out);
    });
    expect(early).toEqual([]);
    expect(data.violations.length).toBeGreaterThan(0);
    expect(data.maintenance.length).toBeGreaterThan(0);
  });

  it("names only places of the vehicle's city, and plates of its province", () => {
    const cityOf = (id: number) => data.cities.get(id);
    const vehicleCity = new Map(data.vehicles.map((vehicle) => [vehicle.id, cityOf(vehicle.cityId)]));
    // A depot is named after its city, and is one of that city's: never 天津市海淀停车场.
    const misplaced = [
      ...data.outbound.map((row) => [row.location, vehicleCity.get(row.vehicleId)] as const),
      ...data.shunting.flatMap((row) => [
        [row.fromLocation, cityOf(row.fromCityId)] as const,
        [row.toLocation, cityOf(row.toCityId)] as const,
      ]),
    ].filter(
      ([place, city]) =>
        !city || !place.startsWith(city.name) || !cityPlaces[city.code]?.depots.includes(place.slice(city.name.length)),
    );
    expect(misplaced).toEqual([]);
    const roads = data.violations.filter((row) => {
      const city = vehicleCity.get(row.vehicleId);
      return !city || !cityPlaces[city.code]?.roads.includes(row.place);
    });
    expect(roads).toEqual([]);
    const prefix = new Map<string, string>(demoCities.map((city) => [city.code, city.plate]));
    const plates = data.vehicles.filter((vehicle) => vehicle.plateNo);
    expect(plates.length).toBeGreaterThan(100);
    expect(
      plates
        .filter((vehicle) => !vehicle.plateNo?.startsWith(prefix.get(cityOf(vehicle.cityId)?.code ?? '') ?? '?'))
        .map((vehicle) => `${vehicle.plateNo} ${cityOf(vehicle.cityId)?.name}`),
    ).toEqual([]);
    expect(data.shunting.length).toBeGreaterThan(0);
  });

  it('is written once: a later start adds nothing and changes nothing', async () => {
    await seedDemoData(ctx.database.db, { vehiclesPerTenant: 150 });
    const again = await load();
    const stamps = (rows: { id: number; updatedAt: Date }[]) =>
      rows.map((row) => `${row.id}@${at(row.updatedAt)}`).sort();
    for (const table of ['vehicles', 'deliveries', 'violations', 'maintenance', 'shunting'] as const) {
      expect(stamps(again[table]), table).toEqual(stamps(data[table]));
    }
  });
});

/** The calendar day in China of a moment. */
const chinaDay = (time: Date) => new Date(time.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

describe('demo drivers', () => {
  it('are adults with valid IDs, in every status, some with papers running out', async () => {
    const rows = await ctx.database.db.select().from(drivers);
    expect(rows.every((row) => isValidNationalId(row.nationalId) && isAdultOn(row.birthDate))).toBe(true);
    for (const tenant of new Set(rows.map((row) => row.tenantId))) {
      const own = rows.filter((row) => row.tenantId === tenant);
      expect(new Set(own.map((row) => row.status))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
      expect(new Set(own.map((row) => row.kind))).toEqual(new Set([1, 2]));
      const soon = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      expect(own.filter((row) => row.papersExpiry && row.papersExpiry <= soon).length).toBeGreaterThan(0);
      expect(own.every((row) => row.createdAt.getTime() <= Date.now())).toBe(true);
    }
  });

  it('are the people the vehicles were handed to: each delivery names its driver by id', async () => {
    const { db } = ctx.database;
    const byId = new Map((await db.select().from(drivers)).map((row) => [row.id, row]));
    const handovers = await db.select().from(deliveries);
    expect(handovers.length).toBeGreaterThan(0);
    for (const delivery of handovers) {
      const driver = byId.get(Number(delivery.driverId));
      expect([driver?.name, driver?.mobile, driver?.tenantId]).toEqual([
        delivery.driverName,
        delivery.driverPhone,
        delivery.tenantId,
      ]);
    }
    const returns = await db.select().from(carReturns);
    const linked = new Map(handovers.map((delivery) => [delivery.id, delivery.driverId]));
    for (const record of returns) if (record.deliveryId) expect(record.driverId).toBe(linked.get(record.deliveryId));
  });
});

describe('demo history', () => {
  it('tells each vehicle’s story in its 变更记录: 新增 first, each step by who took it, ending in its stage', async () => {
    const token = tokens.北京分公司 ?? '';
    const page = await ctx.request<PageResult<{ id: string; stage: number; updatedAt: string }>>({
      method: 'GET',
      url: '/api/vehicles?limit=30',
      token,
    });
    for (const vehicle of page.data.list) {
      const history = await ctx.request<
        { action: string; userName: string; at: string; changes: Record<string, { to: unknown }> | null }[]
      >({
        method: 'GET',
        url: `/api/vehicles/${vehicle.id}/history`,
        token,
      });
      const entries = [...history.data].reverse();
      expect(entries[0]?.action, vehicle.id).toBe('create');
      expect(entries.every((entry) => entry.userName !== '')).toBe(true);
      const times = entries.map((entry) => Date.parse(entry.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
      const lastStage = entries.findLast((entry) => entry.changes?.stage)?.changes?.stage?.to;
      expect(lastStage, vehicle.id).toBe(vehicle.stage);
    }
  });
});
