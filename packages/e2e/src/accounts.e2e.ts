import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { expectLocation, openUserMenuItem } from './support/page';
import { demoAccounts, signIn, tokenCookie } from './support/session';

const open = useBrowser();

describe('accounts and menus', () => {
  it('switches admin from 北京分公司 to 上海分公司 after confirmation, logging in again and reloading', async () => {
    const { context, page } = await open();
    const first = await signIn(context, demoAccounts.admin);
    await page.goto('/home');
    await page.getByText('北京分公司 ·').waitFor();
    // The header says which branch company the user works in, on every page.
    await page.locator('header').getByLabel('当前分公司：北京分公司').waitFor();

    await openUserMenuItem(page, '切换账号');
    const dialog = page.getByRole('dialog', { name: '切换账号' });
    const beijing = dialog.getByRole('row', { name: /北京分公司/ });
    const shanghai = dialog.getByRole('row', { name: /上海分公司/ });
    // The accounts load with the dialog.
    await beijing.getByText('当前账号').waitFor({ timeout: 30_000 });
    await shanghai.getByRole('button', { name: '切换' }).click();
    await page.getByText('确定切换到「上海分公司」的账号 admin 吗？').waitFor();
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: '确定' }).click();
    await reloaded;

    await page.getByText('上海分公司 ·').waitFor();
    await page.locator('header').getByLabel('当前分公司：上海分公司').waitFor();
    expect(await page.locator('header').getByLabel('当前分公司：北京分公司').count()).toBe(0);
    const second = await tokenCookie(context);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    await openUserMenuItem(page, '个人信息');
    const profile = page.getByRole('dialog', { name: '个人信息' });
    await profile.waitFor({ timeout: 30_000 });
    await profile.getByText('上海分公司', { exact: true }).waitFor();
  });

  it('gives ops (vehicles and orders only) no APP管理 and no 配置管理, and no way into role management', async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.ops);
    await page.goto('/home');
    await page.getByRole('heading', { name: /运营专员/ }).waitFor();
    const topMenu = page.getByRole('navigation', { name: '顶部菜单' });
    expect(await topMenu.getByText('APP管理').count()).toBe(0);
    expect(await topMenu.getByText('配置管理').count()).toBe(0);
    await page.goto('/roleManagement');
    await expectLocation(page, '/404?path=/roleManagement');
  });
});
