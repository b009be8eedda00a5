import type { Tx } from '../db';
import { carReturns, deliveries, maintenanceRecords, outboundRecords, violations } from '../vehicles/record-tables';
import { vehicleInspections, vehiclePreparations, vehicles } from '../vehicles/tables';
import { writeVehicleHistory } from './history';
import { depotIn, roadIn } from './places';
import type { Random } from './random';
import { demoLabels, driverGivenNames, driverSurnames, insurers, vendors, violationItems } from './reference-data';
import { chinaDate, day, type StoryClock, type VehicleStory } from './timeline';

export interface DemoVehicle {
  tenantId: number;
  stage: number;
  story: VehicleStory;
  model: { modelId: number; seriesId: number; brandId: number; wmi: string; energyType: number };
  city: { id: number; code: string; name: string };
  companyId: number;
  /** The province's abbreviation on the city's plates (京, 津, 沪…). */
  platePrefix: string;
  /** A new plate of the city for the energy type. */
  plate: (energyType: number) => string;
  vin: string;
  /** Its 年检 falls due within the risk window, so each branch's fleet has vehicles to act on. */
  inspectionDueSoon: boolean;
}

export const driverName = (random: Random) => `${random.pick(driverSurnames)}${random.pick(driverGivenNames)}`;
const driverPhone = (random: Random) =>
  `1${random.pick(['3', '5', '7', '8', '9'])}${String(random.int(0, 999_999_999)).padStart(9, '0')}`;
const standardChecklist = ['外观', '内饰', '轮胎', '灯光', '随车工具', '行驶证原件'].map((item) => ({
  item,
  ok: true,
}));
/** Created and last changed at these moments. */
const stamped = (created: number, updated = created) => ({
  createdAt: new Date(created),
  updatedAt: new Date(updated),
});

/**
 * The odometer along the story: read at inspection, a little more by the time the vehicle is ready to go
 * out, then growing by 80–250 km a day while a driver has it.
 */
function odometer(random: Random, story: VehicleStory, now: number) {
  const inspected = random.int(5, 60);
  const ready = inspected + random.int(5, 80);
  const handedOver = ready + random.int(0, 20);
  const perDay = random.int(80, 250);
  const leaseEnd = story.returned ?? now;
  return {
    inspected,
    ready,
    handedOver,
    /** The reading at `time`. */
    at(time: number): number {
      if (story.delivered === undefined || time <= story.delivered) return ready;
      return handedOver + Math.round(((Math.min(time, leaseEnd) - story.delivered) / day) * perDay);
    },
  };
}

/**
 * A demo vehicle and every record its story implies, each created and changed when its step happened:
 * inspection, preparation items, outbound from a depot of its city, the handover, the return, violations
 * on its city's roads while the driver had it, maintenance after it went out.
 */
/** The latest yearly return of `since` that is not after `now`. */
function lastAnniversary(since: number, now: number): number {
  const date = new Date(since);
  const years = Math.max(0, new Date(now).getUTCFullYear() - date.getUTCFullYear());
  date.setUTCFullYear(date.getUTCFullYear() + years);
  if (date.getTime() > now) date.setUTCFullYear(date.getUTCFullYear() - 1);
  return Math.max(since, date.getTime());
}

export async function writeDemoVehicle(tx: Tx, random: Random, clock: StoryClock, spec: DemoVehicle): Promise<void> {
  const { tenantId, stage, story, model, city } = spec;
  const { now } = clock;
  const base = { tenantId };
  const [licensed, gpsFitted, certified] = [story.itemsDone[1], story.itemsDone[2], story.itemsDone[3]];
  // A vehicle is plated when its 行驶证 is done; some arrive already plated (registered before).
  const preplated = stage <= 1 && random.next() < 0.3;
  const registered = licensed ?? (preplated ? story.created - random.int(30, 1400) * day : null);
  const reading = odometer(random, story, now);
  // Insured when it arrived (or was registered, if before), renewed every year on that day.
  const insuranceStart = lastAnniversary(Math.min(registered ?? story.created, story.created), now);
  const [vehicle] = await tx
    .insert(vehicles)
    .values({
      ...base,
      plateNo: registered === null ? null : spec.plate(model.energyType),
      vin: spec.vin,
      engineNo: `${random.pick(['BYD', 'M15', 'EA2', 'HR1', 'JLB'])}${random.int(100000, 999999)}`,
      modelId: model.modelId,
      seriesId: model.seriesId,
      brandId: model.brandId,
      colour: random.pick(['白色', '黑色', '银色', '灰色', '蓝色', '红色']),
      energyType: model.energyType,
      seats: 5,
      cityId: city.id,
      companyId: spec.companyId,
      registrationDate: registered === null ? null : chinaDate(registered),
      purchasePrice: random.int(9, 26) * 1_000_000,
      mileage: stage <= 1 ? reading.inspected : reading.at(now),
      gpsDeviceNo: gpsFitted ? `GT06N${random.int(10_000_000, 99_999_999)}` : null,
      gpsLastSeenAt: gpsFitted
        ? new Date(Math.max(gpsFitted, now - random.int(0, random.next() < 0.1 ? 10 * day : day)))
        : null,
      drivingLicenseIssueDate: registered === null ? null : chinaDate(registered),
      operationCertificateNo: certified ? `${spec.platePrefix}交运管字${random.int(100000000, 999999999)}号` : null,
      operationCertificateExpiry: certified
        ? chinaDate(Math.max(certified + 180 * day, now + random.int(-10, 1000) * day))
        : null,
      compulsoryInsurer: random.pick(insurers),
      compulsoryPolicyNo: `PDZA${random.int(10 ** 9, 10 ** 10 - 1)}`,
      compulsoryStart: chinaDate(insuranceStart),
      compulsoryEnd: chinaDate(insuranceStart + 365 * day),
      commercialInsurer: random.pick(insurers),
      commercialPolicyNo: `PDAA${random.int(10 ** 9, 10 ** 10 - 1)}`,
      commercialStart: chinaDate(insuranceStart),
      commercialEnd: chinaDate(insuranceStart + 365 * day),
      nextInspectionDate: chinaDate(now + random.int(-2, spec.inspectionDueSoon ? 29 : 700) * day),
      stage,
      rentStatus: stage === 5 || stage === 8 ? 0 : stage === 6 ? 1 : 2,
      labels: random.next() < 0.4 ? [random.pick(demoLabels)[0]] : [],
      ...stamped(story.created, story.updated),
    })
    .returning({ id: vehicles.id, plateNo: vehicles.plateNo });
  if (!vehicle) return;
  const vehicleId = vehicle.id;
  const handler = random.pick(['张建华', '李志远', '王海峰', '赵立新']);
  await writeVehicleHistory(tx, { tenantId, vehicleId, stage, story, handler });

  if (story.inspected) {
    await tx.insert(vehicleInspections).values({
      ...base,
      vehicleId,
      inspectedAt: new Date(story.inspected),
      inspector: handler,
      mileage: reading.inspected,
      result: 1,
      checklist: standardChecklist,
      ...stamped(story.inspected),
    });
  }
  const preparing = story.preparing;
  if (preparing) {
    await tx.insert(vehiclePreparations).values(
      story.itemsDone.map((doneAt, item) => ({
        ...base,
        vehicleId,
        item,
        done: doneAt !== null,
        doneAt: doneAt === null ? null : new Date(doneAt),
        doneBy: doneAt === null ? null : handler,
        ...stamped(preparing, doneAt ?? preparing),
      })),
    );
  }
  if (story.outbound) {
    await tx.insert(outboundRecords).values({
      ...base,
      vehicleId,
      outboundAt: new Date(story.outbound),
      location: depotIn(city, random.pick),
      handler,
      mileage: reading.ready,
      purpose: '交付承租司机',
      ...stamped(story.outbound),
    });
  }
  const delivered = story.delivered;
  if (delivered === undefined) return;
  const driver = driverName(random);
  const [delivery] = await tx
    .insert(deliveries)
    .values({
      ...base,
      vehicleId,
      kind: stage === 8 ? 1 : 0,
      deliveredAt: new Date(delivered),
      driverName: driver,
      driverPhone: driverPhone(random),
      mileage: reading.handedOver,
      energyLevel: random.int(60, 100),
      checklist: standardChecklist,
      handler,
      endedAt: story.returned ? new Date(story.returned) : null,
      ...stamped(delivered, story.returned),
    })
    .returning({ id: deliveries.id });
  if (story.returnRequested) {
    const returned = story.returned;
    await tx.insert(carReturns).values({
      ...base,
      vehicleId,
      deliveryId: delivery?.id,
      status: returned ? 1 : 0,
      requestedAt: new Date(story.returnRequested),
      returnedAt: returned ? new Date(returned) : null,
      mileage: returned ? reading.at(returned) : null,
      energyLevel: returned ? random.int(20, 90) : null,
      damage: returned && random.next() < 0.3 ? '右后门轻微刮擦' : null,
      handler,
      ...stamped(story.returnRequested, returned),
    });
  }
  await writeViolations(tx, random, clock, { ...spec, vehicleId, plateNo: vehicle.plateNo ?? '', driver, delivered });
  if (random.next() < 0.6) {
    const service = clock.between(story.outbound ?? delivered, now);
    const status = now - service > 14 * day ? 2 : random.int(0, 2);
    await tx.insert(maintenanceRecords).values({
      ...base,
      vehicleId,
      plateNo: vehicle.plateNo,
      type: random.int(0, 3),
      serviceDate: chinaDate(service),
      mileage: reading.at(service),
      vendor: random.pick(vendors),
      cost: random.int(2, 300) * 10_000,
      status,
      ...stamped(service, status === 2 ? clock.after(service, random.int(0, 2)) : service),
    });
  }
}

const violationCounts = [0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 5];

/** Violations on the city's roads while the driver had the vehicle, entered some days later. */
async function writeViolations(
  tx: Tx,
  random: Random,
  clock: StoryClock,
  spec: DemoVehicle & { vehicleId: number; plateNo: string; driver: string; delivered: number },
) {
  const end = spec.story.returnRequested ?? clock.now;
  if (end - spec.delivered < day) return;
  // Most drivers collect none or one; a few collect many.
  for (let count = random.pick(violationCounts); count > 0; count--) {
    const [item, points, fine] = random.pick(violationItems);
    const occurred = clock.between(spec.delivered, end);
    const entered = clock.after(occurred, random.int(1, 5));
    const status = random.int(0, 2);
    const handled = status === 2 ? clock.after(entered, random.int(1, 10)) : null;
    await tx.insert(violations).values({
      tenantId: spec.tenantId,
      vehicleId: spec.vehicleId,
      plateNo: spec.plateNo,
      occurredAt: new Date(occurred),
      place: roadIn(spec.city.code, random.pick),
      item,
      points,
      fine,
      status,
      driverName: spec.driver,
      handledAt: handled === null ? null : new Date(handled),
      ...stamped(entered, handled ?? entered),
    });
  }
}
