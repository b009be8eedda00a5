import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { expectLocation } from './support/page';
import { demoAccounts, signIn } from './support/session';

const open = useBrowser();

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
/** Whether the page has asked for the ECharts chunk. */
const chartCode = (page: Page) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/echarts-[^/]*\.js$/.test(request.url())) asked.push(request.url());
  });
  return asked;
};

describe('the home page', () => {
  it('shows the returns awaiting 验收, and its link opens the list filtered to that many', async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    await page.goto('/home');
    // Named by what it shows (WCAG 2.5.3): the queue, then its count.
    const link = page.getByRole('link', { name: /^待验收的还车\s*\d+\s*项$/ });
    const count = Number(/(\d+)项$/.exec((await link.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThan(0);
    await link.click();
    await expectLocation(page, '/carReturnRecord?status=0');
    await page.getByText(`共 ${count} 条`).waitFor();
    await expect.poll(() => rows(page).count()).toBe(Math.min(count, 20));
    expect(await rows(page).filter({ hasText: '待验收' }).count()).toBe(Math.min(count, 20));
  });

  it('draws the fleet by stage with ECharts, whose code no list page loads', async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.ops);
    const asked = chartCode(page);
    await page.goto('/vehicleList');
    await rows(page).first().waitFor();
    expect(asked).toEqual([]);
    await page.locator('a[href="/home"]').first().click();
    const chart = page.getByRole('img', { name: /^车辆阶段分布：待验车\d+辆，/ });
    await chart.locator('canvas').waitFor();
    expect(asked).toHaveLength(1);
    await expect.poll(() => page.getByRole('link', { name: /^待验车\s*\d+\s*项$/ }).count()).toBe(1);
  });
});
