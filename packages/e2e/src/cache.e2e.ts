import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { expectLocation, location } from './support/page';
import { demoAccounts, signIn } from './support/session';

const open = useBrowser();

describe('cached pages', () => {
  it('keep the vehicle list as the user left it (filter and rows) when they come back by the menu', async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    await page.goto('/vehicleList');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    // The first visit compiles the app in a cold browser, while other suites share the machine.
    await rows.first().waitFor({ timeout: 45_000 });
    // The province and letter of a plate on the page (`京A`, `沪B`): the branch admin works in may differ
    // between runs. Read from the plate column (first), as a model name (秦PLUS) would match too.
    const plates = await page.locator('.ant-table-tbody tr.ant-table-row td:first-child').allTextContents();
    const prefix = plates.map((plate) => /^\p{Script=Han}[A-Z]/u.exec(plate)?.[0]).find(Boolean) ?? '';
    expect(prefix).toHaveLength(2);
    await page.getByRole('textbox', { name: '车牌号' }).fill(prefix);
    // The list asks for the filtered page only once the page has rendered at the filtered URL.
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).searchParams.get('plateNo') === prefix && response.ok(),
    );
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await answered;
    await expect.poll(() => location(page)).toContain(`plateNo=${prefix}`);
    await expect.poll(async () => (await rows.allTextContents()).every((text) => text.includes(prefix))).toBe(true);
    const filtered = await rows.first().textContent();

    await page.locator('.shell-breadcrumb').getByRole('link', { name: '首页' }).click();
    await expectLocation(page, '/home');
    await page.getByRole('navigation', { name: '顶部菜单' }).getByText('车辆管理').click();
    await page.getByRole('navigation', { name: '侧边菜单' }).getByRole('link', { name: '车辆列表' }).click();

    await expect.poll(() => location(page)).toContain(`plateNo=${prefix}`);
    expect(await page.getByRole('textbox', { name: '车牌号' }).inputValue()).toBe(prefix);
    expect(await rows.first().textContent()).toBe(filtered);
  });
});
