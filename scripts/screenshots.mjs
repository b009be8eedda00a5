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
  const first = async (url) => (await (await fetch(`${api.base}${url}`, { headers: { token } })).json()).data.list[0];
  const shoot = async (file, route, { fullPage = false, before } = {}) => {
    await page.goto(`${api.base}${route}`);
    await page.waitForLoadState('networkidle');
    if (before) {
      await before();
      await page.waitForLoadState('networkidle');
      // A whole-page shot starts from the top (a click may have scrolled the page).
      await page.evaluate(() => {
        window.scrollTo(0, 0);
        for (const element of document.querySelectorAll('*')) if (element.scrollTop) element.scrollTop = 0;
      });
    }
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(root, 'docs/screenshots', file), fullPage });
    console.log(`docs/screenshots/${file} ← ${route}`);
  };
  // A vehicle's detail: the first one of the list.
  const vehicle = await first('/api/vehicles?limit=1&stage=5');
  if (vehicle) await shoot('vehicle-detail.png', `/vehicleDetail?id=${vehicle.id}`);
  // A 产品报价 waiting for its approval, on its approval page.
  const quote = await first('/api/approval-instances?businessType=3&status=1&limit=1');
  if (quote) await shoot('product-quote-approval.png', `/productQuoteApproval/${quote.businessId}/view`);
  // An order in force: its driver and car linked, its deposit, approvals and related records.
  const order = await first('/api/lease-orders?limit=1&status=3&deliveryState=1');
  if (order) await shoot('lease-order-detail.png', `/leaseOrderDetails?id=${order.id}`, { fullPage: true });
  // That order's driver, on the tab of their account.
  if (order?.driverId) {
    await shoot('driver-account.png', `/ridehailingDriversDetails?id=${order.driverId}`, {
      fullPage: true,
      before: () => page.getByRole('tab', { name: '账户' }).first().click(),
    });
  }
  const bill = await first('/api/bills?limit=1&status=5');
  if (bill) await shoot('bill-detail.png', `/billListDetails?id=${bill.id}`, { fullPage: true });
  const overdue = await first('/api/overdue-cases?limit=1');
  if (overdue) await shoot('overdue-detail.png', `/overdueDetailsView/${overdue.id}`, { fullPage: true });
} finally {
  await browser.close();
  await api.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
