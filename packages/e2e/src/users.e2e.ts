import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickRowButton } from './support/actions';
import { useBrowser } from './support/browser';
import { pickOption } from './support/page';
import { api, demoAccounts, signIn } from './support/session';

const open = useBrowser();

const success = (page: Page) => page.locator('.ant-message').getByText('操作成功').last().waitFor();

/** The one-time password the dialog shows once, read before it is closed. */
async function shownPassword(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: '一次性密码' });
  await dialog.waitFor();
  const password = ((await dialog.locator('h3').textContent()) ?? '').trim();
  await dialog.getByRole('button', { name: '我已记下' }).click();
  await dialog.waitFor({ state: 'detached' });
  return password;
}

const login = (loginId: string, password: string) =>
  api<{ access_token: string }>('/api/auth/login', { method: 'POST', body: JSON.stringify({ loginId, password }) });

/**
 * Clicks the row's `action` and confirms it in the dialog that asks `确定…吗？`; a refusal the console shows
 * fails the test with its message.
 */
async function confirmIn(page: Page, row: Locator, action: string, okText: string) {
  await clickRowButton(page, row, action);
  const dialog = page.getByRole('dialog').filter({ hasText: new RegExp(`确定${action}`) });
  await dialog.getByRole('button', { name: okText, exact: true }).click();
  const refusal = page.locator('.ant-message-error');
  const outcome = await Promise.race([
    dialog.waitFor({ state: 'detached', timeout: 30_000 }).then(() => 'closed'),
    // Settles either way, so a refusal that never comes leaves nothing unhandled.
    refusal.waitFor({ timeout: 30_000 }).then(
      () => 'refused',
      () => 'closed',
    ),
  ]);
  if (outcome === 'refused') throw new Error(`${action} refused: ${await refusal.textContent()}`);
}

describe('用户管理', () => {
  it('adds a user who signs in with the one-time password, stops them at once, and resets the password', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    const loginId = `e2e${Date.now().toString(36)}`;
    await page.goto('/userManagement');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: '新增用户' });
    await drawer.getByLabel('登录账号').fill(loginId);
    await drawer.getByLabel('姓名').fill('端到端用户');
    await drawer.getByLabel('工号').fill(`E2E${Date.now() % 100000}`);
    await pickOption(page, drawer, '角色', '车辆订单专员', { multiple: true });
    await drawer.getByText('新增用户', { exact: true }).click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count(), { timeout: 15_000 }).toBe(0);
    await drawer.getByRole('button', { name: '保存' }).click();
    const first = await shownPassword(page);
    expect(first).toMatch(/^\S{10}$/);
    const signedIn = await login(loginId, first);
    expect(signedIn.code).toBe(0);
    const token = signedIn.data.access_token;

    const row = page.getByRole('row', { name: new RegExp(loginId) });
    await row.waitFor();
    await confirmIn(page, row, '停用', '确定');
    await success(page);
    await row.getByRole('cell', { name: '停用', exact: true }).waitFor();
    expect((await api('/api/user/info', { token })).code).toBe(1002);
    expect((await login(loginId, first)).code).not.toBe(0);

    await confirmIn(page, row, '启用', '确定');
    await success(page);
    expect((await login(loginId, first)).code).toBe(0);

    await confirmIn(page, row, '重置密码', '确定');
    const second = await shownPassword(page);
    expect(second).not.toBe(first);
    expect((await login(loginId, first)).code).not.toBe(0);
    expect((await login(loginId, second)).code).toBe(0);
  });
});
