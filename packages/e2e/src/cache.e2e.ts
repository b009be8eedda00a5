import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { expectLocation, location } from './support/page';
import { demoAccounts, signIn } from './support/session';

const open = useBrowser();

describe('cached pages', () => {
  it('keep the vehicle list as the user left it: filter, page and scroll, when they come back by the menu', async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    await page.goto('/vehicleList');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    await page.getByRole('textbox', { name: '车牌号' }).fill('京');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await expect.poll(() => location(page)).toContain('plateNo=京');
    const filtered = await rows.first().textContent();

    await page.locator('.shell-breadcrumb').getByRole('link', { name: '首页' }).click();
    await expectLocation(page, '/home');
    await page.getByRole('navigation', { name: '顶部菜单' }).getByText('车辆管理').click();
    await page.getByRole('navigation', { name: '侧边菜单' }).getByRole('link', { name: '车辆列表' }).click();

    await expect.poll(() => location(page)).toContain('plateNo=京');
    expect(await page.getByRole('textbox', { name: '车牌号' }).inputValue()).toBe('京');
    expect(await rows.first().textContent()).toBe(filtered);
  });
});
