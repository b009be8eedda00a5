// `npm run screenshots`: the console as it is, at 1440 × 900, into docs/screenshots/ — started on a fresh
// embedded database with the demo data, signed in as admin (北京分公司), in headless Chromium.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root, startApi } from './bench/server.mjs';

const shots = [
  ['home.png', '/home'],
  ['vehicle-list.png', '/vehicleList'],
  ['gps-list.png', '/gpsList'],
  ['lease-orders.png', '/leaseOrder'],
  ['to-do.png', '/tobeDone'],
  ['accounting-sheets.png', '/accountingSheet'],
  ['retail-orders.png', '/retailOrder'],
];

// The server serves the built web app: built from the sources as they are now.
const build = spawnSync('npm', ['run', 'build', '-w', '@cp/web'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'cp-shots-'));
const api = await startApi({ dataDir });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const login = await fetch(`${api.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginId: 'admin', password: 'admin123' }),
  });
  const token = (await login.json()).data.access_token;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await context.addCookies([{ name: 'vue_admin_template_token', value: token, url: api.base }]);
  const page = await context.newPage();
  for (const [file, route] of shots) {
    await page.goto(`${api.base}${route}`);
    await page.waitForLoadState('networkidle');
    // Lists and charts settle after their data arrives.
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(root, 'docs/screenshots', file) });
    console.log(`docs/screenshots/${file} ← ${route}`);
  }
  // A vehicle's detail: the first one of the list.
  const vehicles = await fetch(`${api.base}/api/vehicles?limit=1&stage=5`, { headers: { token } });
  const vehicle = (await vehicles.json()).data.list[0];
  if (vehicle) {
    await page.goto(`${api.base}/vehicleDetail?id=${vehicle.id}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(root, 'docs/screenshots/vehicle-detail.png') });
    console.log('docs/screenshots/vehicle-detail.png ← /vehicleDetail');
  }
  // A 产品报价 waiting for its approval, on its approval page.
  const quotes = await fetch(`${api.base}/api/approval-instances?businessType=3&status=1&limit=1`, {
    headers: { token },
  });
  const quote = (await quotes.json()).data.list[0];
  if (quote) {
    await page.goto(`${api.base}/productQuoteApproval/${quote.businessId}/view`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(root, 'docs/screenshots/product-quote-approval.png') });
    console.log('docs/screenshots/product-quote-approval.png ← /productQuoteApproval');
  }
} finally {
  await browser.close();
  await api.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
