import { asc } from 'drizzle-orm';
import type { Db } from '../db';
import { tenants } from '../identity/tables';
import { scanRisks } from '../vehicles/risks';
import { seedApprovalProcesses, seedDemoOfflinePayments } from './approvals';
import { seedDemoChannels } from './channels';
import { seedDemoCustomers } from './customers';
import { seedDemoDrivers } from './drivers';
import { seedDemoBooks, seedFinanceConfig } from './finance';
import { seedDemoLeads } from './leads';
import { seedDemoLeaseOrders } from './orders';
import { seedPlatform } from './platform';
import { seedDemoPrizeDraws } from './prizeDraws';
import { seedDemoQrCodes } from './qrCodes';
import { seedDemoQuotes } from './quotes';
import { seedDemoReferrals } from './referral-stages';
import { seedDemoIncentives } from './referrals';
import { seedDemoRetailOrders } from './retail';
import { dateFirstFlags } from './risks';
import { seedDemoShunting, seedDemoVehicles, seedReferenceData } from './vehicles';

/** Everything a first start needs to show a working console; later starts only fill what is missing. */
export async function seedDemoData(
  db: Db,
  options: { vehiclesPerTenant?: number; dataDir?: string; signUpBaseUrl?: string } = {},
): Promise<void> {
  await seedPlatform(db);
  await seedReferenceData(db);
  const perTenant = options.vehiclesPerTenant ?? 150;
  const written: number[] = [];
  for (const [index, tenant] of (await db.select().from(tenants).orderBy(asc(tenants.id))).entries()) {
    // Branch companies differ in size: the first has the full fleet, the others about seven tenths of it.
    const fleet = index === 0 ? perTenant : Math.max(Math.min(perTenant, 9), Math.round(perTenant * 0.7));
    if ((await seedDemoVehicles(db, tenant.id, fleet, 20_260_001 + index)) > 0) written.push(tenant.id);
    await seedDemoShunting(db, tenant.id, 20_261_001 + index);
    await seedDemoPrizeDraws(db, tenant.id, 20_262_001 + index * 10);
    await seedDemoDrivers(db, tenant.id, 20_263_001 + index);
    await seedDemoReferrals(db, tenant.id);
    await seedDemoIncentives(db, tenant.id);
  }
  await seedDemoChannels(db);
  // Poster backgrounds are stored as uploads: only where the data folder is known.
  await seedDemoQrCodes(db, options.dataDir, options.signUpBaseUrl ?? 'https://signup.example.com');
  await seedDemoCustomers(db);
  await seedDemoLeads(db);
  await seedApprovalProcesses(db);
  await seedDemoOfflinePayments(db, options.dataDir);
  await seedDemoLeaseOrders(db);
  await seedDemoRetailOrders(db);
  await seedDemoQuotes(db);
  await seedFinanceConfig(db);
  await seedDemoBooks(db);
  // Flags raised now over vehicles written now are dated as a daily scan would have raised them.
  const scanned = new Date();
  await scanRisks(db);
  await dateFirstFlags(db, written, scanned);
}
