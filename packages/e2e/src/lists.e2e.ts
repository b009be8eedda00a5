import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { expectLocation } from './support/page';
import { api, demoAccounts, loginToken, signIn } from './support/session';

const open = useBrowser();
const wide = { width: 1440, height: 900 };

// Each list's identity and key columns at 1440 × 900 are checked by the walk of every list (walks.e2e.ts), on
// the same page load that opens the first row's detail.
describe('kit lists at 1440 × 900', () => {
  it('keep a column hidden in 列设置 after a reload, on the server, until 恢复默认', async () => {
    const { context, page } = await open(wide);
    await signIn(context, demoAccounts.admin);
    await page.goto('/gpsList');
    const header = page.locator('th[data-column="vin"]');
    await header.waitFor();
    await page.getByRole('button', { name: '列设置' }).click();
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().includes('/list-columns/gpsList'),
    );
    await page.getByRole('checkbox', { name: '车架号' }).click();
    await header.waitFor({ state: 'detached' });
    await saved;
    await page.reload();
    await page.locator('th[data-column="gpsDeviceNo"]').waitFor();
    expect(await header.count()).toBe(0);
    // Another session of the same user, as on another computer, sees the same list.
    const elsewhere = await api<{ hidden: string[] }>('/api/preferences/list-columns/gpsList', {
      token: await loginToken(demoAccounts.admin),
    });
    expect(elsewhere.data.hidden).toEqual(['vin']);
    await page.getByRole('button', { name: '列设置' }).click();
    await page.getByRole('button', { name: '恢复默认' }).click();
    await header.waitFor();
  });

  it('splits 待出库 into tabs with counts, each listing the vehicles its action is for', async () => {
    const { context, page } = await open(wide);
    await signIn(context, demoAccounts.admin);
    await page.goto('/waitingOut');
    const tabs = page.getByRole('tab');
    await tabs.first().waitFor();
    await expect
      .poll(() => tabs.allTextContents())
      .toEqual([expect.stringMatching(/^待出库\d+$/), expect.stringMatching(/^待交车\d+$/)]);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    const offered = async (action: string) =>
      (await rows.count()) ===
      (await rows.filter({ has: page.getByRole('button', { name: action, exact: true }) }).count());
    expect(await offered('出库')).toBe(true);
    await page.getByRole('tab', { name: /待交车/ }).click();
    await expectLocation(page, '/waitingOut?tab=delivery');
    await rows
      .filter({ has: page.getByRole('button', { name: '交车', exact: true }) })
      .first()
      .waitFor();
    expect(await offered('交车')).toBe(true);
  });
});
