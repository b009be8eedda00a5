import { asc } from 'drizzle-orm';
import type { Db } from '../db';
import { tenants } from '../identity/tables';
import { scanRisks } from '../vehicles/risks';
import { seedPlatform } from './platform';
import { seedDemoShunting, seedDemoVehicles, seedReferenceData } from './vehicles';

/** Everything a first start needs to show a working console; later starts only fill what is missing. */
export async function seedDemoData(db: Db, options: { vehiclesPerTenant?: number } = {}): Promise<void> {
  await seedPlatform(db);
  await seedReferenceData(db);
  const perTenant = options.vehiclesPerTenant ?? 150;
  for (const [index, tenant] of (await db.select().from(tenants).orderBy(asc(tenants.id))).entries()) {
    await seedDemoVehicles(db, tenant.id, perTenant, 20_260_001 + index);
    await seedDemoShunting(db, tenant.id, 20_261_001 + index);
  }
  await scanRisks(db);
}
