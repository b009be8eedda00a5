import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { expectLocation } from './support/page';
import { api, demoAccounts, loginToken, signIn } from './support/session';

const open = useBrowser();

interface Row {
  id: string;
  vehicleId: string;
  plateNo: string;
}
interface RowsPage {
  list: Row[];
  total: number;
}

/**
 * Opens a related list's tab as a person does: where the tab bar has no room for it, through its 更多 (…) menu.
 */
async function openTab(page: Page, related: Locator, name: string) {
  const tab = related.getByRole('tab', { name });
  const nav = related.locator('.ant-tabs-nav-wrap');
  const [box, room] = await Promise.all([tab.boundingBox(), nav.boundingBox()]);
  if (box && room && box.x >= room.x && box.x + box.width <= room.x + room.width) {
    await tab.click();
    return;
  }
  // As a person would: the tab bar brought to the middle of the window first, so that its menu opens on
  // screen — hovered near the bottom, the menu opened past the window's edge, and scrolling to its item slid
  // it under the fixed header (the click landed on the header, the menu closed).
  await nav.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await related.locator('.ant-tabs-nav-more').hover();
  await page.getByRole('option', { name }).or(page.getByRole('menuitem', { name })).first().click();
}

const rowsOf = (page: Page, scope = page.locator('body')) => scope.locator('.ant-table-tbody tr.ant-table-row');

/** A vehicle with violations and maintenance in the demo data (one is given maintenance when none has both). */
async function vehicleWithRecords(token: string): Promise<{ vehicleId: string; plateNo: string }> {
  const violations = (await api<RowsPage>('/api/vehicle-violations?limit=500', { token })).data.list;
  const serviced = new Set(
    (await api<RowsPage>('/api/vehicle-maintenance?limit=500', { token })).data.list.map((row) => row.vehicleId),
  );
  const both = violations.find((row) => serviced.has(row.vehicleId));
  if (both) return both;
  const chosen = violations[0];
  if (!chosen) throw new Error('the demo data has no violations');
  const added = await api('/api/vehicle-maintenance', {
    method: 'POST',
    token,
    body: JSON.stringify({
      vehicleId: chosen.vehicleId,
      type: 0,
      serviceDate: '2026-11-20',
      mileage: 100,
      vendor: '途虎养车工场店',
    }),
  });
  if (added.code !== 0) throw new Error(added.msg);
  return chosen;
}

const countOf = async (token: string, url: string, vehicleId: string) =>
  (await api<RowsPage>(`${url}?vehicleId=${vehicleId}&limit=1`, { token })).data.total;

describe('the vehicle detail', () => {
  it("shows the vehicle's violations and maintenance, and 查看全部 lands on the list of just them", {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    const token = await loginToken(demoAccounts.admin);
    const { vehicleId, plateNo } = await vehicleWithRecords(token);
    const violations = await countOf(token, '/api/vehicle-violations', vehicleId);
    const services = await countOf(token, '/api/vehicle-maintenance', vehicleId);

    await page.goto(`/vehicleDetail?id=${vehicleId}`);
    const related = page.locator('.ant-card').filter({ hasText: '相关记录' });
    await related.waitFor();
    const violationTab = `违章记录（${violations}）`;
    await openTab(page, related, violationTab);
    // The tab shown: hidden tabs' panels are not in the accessibility tree.
    const pane = related.getByRole('tabpanel');
    await expect.poll(() => rowsOf(page, pane).count()).toBe(Math.min(violations, 5));
    expect(await rowsOf(page, pane).first().textContent()).toContain(plateNo);

    await openTab(page, related, `维保记录（${services}）`);
    await expect.poll(() => rowsOf(page, pane).count()).toBe(Math.min(services, 5));

    await openTab(page, related, violationTab);
    await pane.getByRole('link', { name: '查看全部' }).click();
    await expectLocation(page, `/violationManagement?vehicleId=${vehicleId}`);
    await expect.poll(() => rowsOf(page).count()).toBe(violations);
    for (const text of await rowsOf(page).allTextContents()) expect(text).toContain(plateNo);
    await page
      .locator('.ant-tag')
      .filter({ hasText: `车辆：${plateNo}` })
      .waitFor();
  });
});
