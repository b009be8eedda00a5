// `npm run bench [suite…]`: speed and memory figures, recorded in docs/BENCHMARKS.md.
import os from 'node:os';
import { runAppBench } from './bench/app.mjs';
import { runDriverBench } from './bench/drivers.mjs';
import { runExportsBench } from './bench/exports.mjs';
import { runFinanceBench } from './bench/finance.mjs';
import { runFirstStartBench } from './bench/first-start.mjs';
import { runFirstVisitBench } from './bench/first-visit.mjs';
import { runLeadBench } from './bench/leads.mjs';
import { runOperationsBench } from './bench/operations.mjs';
import { runOrderBench } from './bench/orders.mjs';
import { runPlatformBench } from './bench/platform.mjs';
import { runVehicleBench } from './bench/vehicles.mjs';

const suites = {
  platform: runPlatformBench,
  exports: runExportsBench,
  vehicles: runVehicleBench,
  // Leads, then drivers; `drivers` alone runs only the drivers.
  customers: async () => {
    await runLeadBench();
    await runDriverBench();
  },
  drivers: runDriverBench,
  orders: runOrderBench,
  finance: runFinanceBench,
  operations: runOperationsBench,
  app: runAppBench,
  'first-start': runFirstStartBench,
  'first-visit': runFirstVisitBench,
};
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : ['platform', 'exports', 'vehicles', 'customers'];

console.log(
  `机器：${os.cpus().length} 核 ${os.cpus()[0]?.model ?? ''}，内存 ${Math.round(os.totalmem() / 2 ** 30)} GiB，Node ${process.version}`,
);
for (const name of chosen) {
  const suite = suites[name];
  if (!suite) {
    console.error(`未知的基准：${name}（可选：${Object.keys(suites).join('、')}）`);
    process.exit(2);
  }
  await suite();
}
