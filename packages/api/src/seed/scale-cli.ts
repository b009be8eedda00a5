// Fills a database with scale data for benchmarks:
//   DATABASE_URL=… npx tsx packages/api/src/seed/scale-cli.ts --vehicles 100000 --violations 1000000 --maintenance 1000000
//   DATABASE_URL=… npx tsx packages/api/src/seed/scale-cli.ts --vehicles 0 --violations 0 --maintenance 0 \
//     --leads 1000000 --follow-ups 3000000
//   DATABASE_URL=… npx tsx packages/api/src/seed/scale-cli.ts --vehicles 0 --violations 0 --maintenance 0 --drivers 200000
//   DATABASE_URL=… npx tsx packages/api/src/seed/scale-cli.ts --vehicles 0 --violations 0 --maintenance 0 \
//     --orders 100000 --tasks 1000000 --open-tasks 10000
//     --payments 1000000 --collections 300000 (after --orders: their books)
//   DATABASE_URL=… npx tsx packages/api/src/seed/scale-cli.ts --vehicles 0 --violations 0 --maintenance 0 \
//     --drivers 200000 --points 10000000 --interactions 1000000
//   DATABASE_URL=… npx tsx packages/api/src/seed/scale-cli.ts --vehicles 0 --violations 0 --maintenance 0 \
//     --drivers 200000 --coupon-orders 5000000 --coupon-purchases 1000000
import { parseArgs } from 'node:util';
import { asc } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { migrate } from '../db/migrate';
import { tenants } from '../identity/tables';
import { seedDemoData } from './index';
import { generateScaleData } from './scale';
import { generateCouponScaleData } from './scale-coupons';
import { generateDriverScaleData } from './scale-drivers';
import { generateFinanceScaleData } from './scale-finance';
import { generateInteractionScaleData } from './scale-interactions';
import { generateLeadScaleData } from './scale-leads';
import { generateOrderScaleData } from './scale-orders';
import { generatePointsScaleData } from './scale-points';

const { values } = parseArgs({
  options: {
    vehicles: { type: 'string', default: '100000' },
    violations: { type: 'string', default: '1000000' },
    maintenance: { type: 'string', default: '1000000' },
    leads: { type: 'string', default: '0' },
    'follow-ups': { type: 'string', default: '0' },
    drivers: { type: 'string', default: '0' },
    orders: { type: 'string', default: '0' },
    tasks: { type: 'string', default: '0' },
    'open-tasks': { type: 'string', default: '10000' },
    payments: { type: 'string', default: '0' },
    collections: { type: 'string', default: '0' },
    points: { type: 'string', default: '0' },
    interactions: { type: 'string', default: '0' },
    'coupon-orders': { type: 'string', default: '0' },
    'coupon-purchases': { type: 'string', default: '0' },
    'coupon-templates': { type: 'string', default: '200' },
    approver: { type: 'string', default: 'manager' },
  },
});
const config = loadConfig();
const database = await openDatabase(config);
try {
  await migrate(database);
  await seedDemoData(database.db, { vehiclesPerTenant: 0 });
  const [tenant] = await database.db.select().from(tenants).orderBy(asc(tenants.id)).limit(1);
  if (!tenant) throw new Error('no tenant');
  const started = Date.now();
  const onProgress = (message: string) => console.log(`${((Date.now() - started) / 1000).toFixed(1)}s ${message}`);
  await generateScaleData(database.db, {
    tenantId: tenant.id,
    vehicles: Number(values.vehicles),
    violations: Number(values.violations),
    maintenance: Number(values.maintenance),
    onProgress,
  });
  if (Number(values.leads) > 0) {
    await generateLeadScaleData(database.db, {
      tenantId: tenant.id,
      leads: Number(values.leads),
      followUps: Number(values['follow-ups']),
      onProgress,
    });
  }
  if (Number(values.drivers) > 0) {
    await generateDriverScaleData(database.db, { tenantId: tenant.id, drivers: Number(values.drivers), onProgress });
  }
  if (Number(values.orders) > 0) {
    await generateOrderScaleData(database.db, {
      tenantId: tenant.id,
      orders: Number(values.orders),
      tasks: Number(values.tasks),
      approver: String(values.approver),
      openTasks: Number(values['open-tasks']),
      onProgress,
    });
  }
  if (Number(values.payments) > 0 || Number(values.collections) > 0) {
    await generateFinanceScaleData(database.db, {
      tenantId: tenant.id,
      payments: Number(values.payments),
      collections: Number(values.collections),
      onProgress,
    });
  }
  if (Number(values.points) > 0) {
    await generatePointsScaleData(database.db, { tenantId: tenant.id, entries: Number(values.points), onProgress });
  }
  if (Number(values.interactions) > 0) {
    await generateInteractionScaleData(database.db, {
      tenantId: tenant.id,
      interactions: Number(values.interactions),
      onProgress,
    });
  }
  if (Number(values['coupon-orders']) > 0) {
    await generateCouponScaleData(database.db, {
      tenantId: tenant.id,
      issued: Number(values['coupon-orders']),
      purchases: Number(values['coupon-purchases']),
      templates: Number(values['coupon-templates']),
      onProgress,
    });
  }
} finally {
  await database.close();
}
