import { asc, eq, sql } from 'drizzle-orm';
import { ensureBranchCompanies } from '../branchCompanies/demo';
import type { Db } from '../db';
import { features } from '../features.generated';
import { tenants } from '../identity/tables';
import { scanRisks } from '../vehicles/risks';
import { seedApprovalProcesses, seedDemoOfflinePayments } from './approvals';
import { seedDemoChannels } from './channels';
import { seedDemoCustomers } from './customers';
import { demoAppSenders, openDemoApp } from './demo-app';
import { seedDemoDrivers } from './drivers';
import { seedFinanceConfig } from './finance';
import { seedDemoLeads } from './leads';
import { replayLeaseHistory } from './lease-history';
import { seedDemoOrderReferences } from './orders';
import { seedFirstInstall, seedPlatform, syncBuiltInRoles } from './platform';
import { seedDemoPrizeDraws } from './prizeDraws';
import { seedDemoQrCodes } from './qrCodes';
import { seedDemoQuotes } from './quotes';
import { seedDemoReferrals } from './referral-stages';
import { seedDemoIncentives } from './referrals';
import { seedDemoRetailOrders } from './retail';
import { dateFirstFlags } from './risks';
import { installation } from './tables';
import { seedDemoShunting, seedDemoTenantReferences, seedDemoVehicles, seedReferenceData } from './vehicles';

export interface SeedOptions {
  vehiclesPerTenant?: number;
  dataDir?: string;
  signUpBaseUrl?: string;
  /** Whether a first start on an empty database writes the demo (DEMO_DATA, default yes). */
  demo?: boolean;
  /** The administrator's password of a first start without demo data (ADMIN_PASSWORD). */
  adminPassword?: string;
}

/**
 * What this start found: `demo` or `bare` — an empty database it is the first start of (writing the demo, or
 * only what a first install needs); `later` — the first start was made before; `unfinished` — a first start
 * began but never finished (stopped half-way, or under way in another process right now).
 */
export type StartKind = 'demo' | 'bare' | 'later' | 'unfinished';

/**
 * Claims the first start, in one transaction under a lock: a database without a branch company and without
 * the installation row is empty — the row is written, naming whether the demo follows. A database holding
 * data but no row (made before the row existed) gets one marked as no demo, so nothing demo is ever written
 * into it.
 */
async function claimFirstStart(db: Db, demo: boolean): Promise<StartKind> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cp:first-start'))`);
    const [mark] = await tx.select().from(installation).where(eq(installation.id, 1));
    if (mark) return mark.finishedAt ? 'later' : 'unfinished';
    const [tenant] = await tx.select({ id: tenants.id }).from(tenants).limit(1);
    if (tenant) {
      await tx.insert(installation).values({ id: 1, demo: false, finishedAt: new Date() });
      return 'later';
    }
    await tx.insert(installation).values({ id: 1, demo });
    return demo ? 'demo' : 'bare';
  });
}

/**
 * The database's seeding on a start. The first start on an empty database writes the whole demo (or, with
 * `demo: false`, only one branch company, the administrator and the roles the approvals need) and marks it
 * done; every start then writes only what is not demo data: the built-in 超级管理员 roles follow the route
 * catalogue, the reference data no screen edits (cities, the manufacturer tree) is filled in, each branch
 * company gets the approval process of a business type it has none of, and the vehicle risk rules run over the
 * fleet (flags of users' own vehicles, as 风险扫描 raises them). No demo row is written into a
 * database that held data before. Answers what the start found.
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<StartKind> {
  const kind = await claimFirstStart(db, options.demo ?? true);
  if (kind === 'demo') await writeDemo(db, options);
  if (kind === 'bare') await seedFirstInstall(db, options.adminPassword ?? 'admin123');
  if (kind === 'demo' || kind === 'bare') {
    await db.update(installation).set({ finishedAt: new Date() }).where(eq(installation.id, 1));
  }
  await syncBuiltInRoles(db);
  await seedReferenceData(db);
  await seedApprovalProcesses(db);
  await ensureBranchCompanies(db);
  // Not demo data: the vehicle risk rules over the fleet as it is (what 风险扫描 does), as every start did.
  await scanRisks(db);
  return kind;
}

/** The demo: two branch companies with their staff, fleet, drivers, customers, orders and books. */
async function writeDemo(db: Db, options: SeedOptions): Promise<void> {
  await seedPlatform(db);
  await seedReferenceData(db);
  await seedDemoTenantReferences(db);
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
  await seedDemoOrderReferences(db);
  await seedDemoRetailOrders(db);
  await seedDemoQuotes(db);
  await seedFinanceConfig(db);
  // The console's own app over the demo's database: the lease book and what the drivers' app sent go through it.
  const app = await openDemoApp(db, options.dataDir);
  try {
    // The lease book: eighteen months of business replayed through the console's API, day by day.
    await replayLeaseHistory(db, app, { dataDir: options.dataDir });
    // Each feature folder's demo rows of its own (`<feature>/feature.ts`), on top of the story above.
    // What the drivers' app sent arrives through its inbound API.
    const senders = demoAppSenders(app, db);
    for (const feature of features) await feature.demo?.(db, { dataDir: options.dataDir, app: senders.sender });
    await senders.writeKeys(options.dataDir);
  } finally {
    await app.close();
  }
  // Flags raised now over vehicles written now are dated as a daily scan would have raised them.
  const scanned = new Date();
  await scanRisks(db);
  await dateFirstFlags(db, written, scanned);
}
