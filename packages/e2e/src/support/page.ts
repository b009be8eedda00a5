import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Path and search of the page's URL, decoded for readable assertions. */
export function location(page: Page): string {
  const url = new URL(page.url());
  return decodeURIComponent(url.pathname + url.search);
}

/** Waits until the page is at `expected` (path + decoded search). */
export async function expectLocation(page: Page, expected: string): Promise<void> {
  await expect.poll(() => location(page), { timeout: 15_000 }).toBe(expected);
}

export async function expectTitle(page: Page, expected: string): Promise<void> {
  await expect.poll(() => page.title(), { timeout: 15_000 }).toBe(expected);
}

/** Fills and submits the login form. */
export async function submitLogin(page: Page, loginId: string, password: string): Promise<void> {
  await page.getByLabel('登录账号').fill(loginId);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** The visible text of an antd toast containing `text`. */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message').getByText(text).waitFor();
}

/**
 * Waits until no antd dialog or drawer is still moving in: a click during the zoom-in can land while the
 * dialog is not yet taking pointer events, and a person would not click there that fast.
 */
export async function waitForDialogsToSettle(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[class*="-appear-active"], [class*="-enter-active"]'));
}

/**
 * Takes the option titled `title` (or the first) of the select open on the page and answers its text; a
 * single select closes after it (waited for), a multiple one stays open for the next.
 */
export async function chooseOption(page: Page, title?: string | RegExp, { multiple = false } = {}): Promise<string> {
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const option = (
    title ? dropdown.getByTitle(title, { exact: true }) : dropdown.locator('.ant-select-item-option')
  ).first();
  await option.waitFor();
  // A click while the dropdown still slides in can land as it moves, and the select stays open.
  await waitForDialogsToSettle(page);
  const text = (await option.textContent()) ?? '';
  await option.click();
  // Its closing animation can take seconds on a loaded machine: waited for, not the default second.
  if (!multiple) {
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count(), { timeout: 15_000 }).toBe(0);
  }
  return text;
}

/** The form item labelled exactly `label` inside `scope` (购车人, not 购车人类型). */
export const formItem = (page: Page, scope: Locator, label: string) =>
  scope.locator('.ant-form-item').filter({ has: page.locator(`label:text-is("${label}")`) });

/** Opens the select of the form item labelled `label` inside `scope` and takes an option (`chooseOption`). */
export async function pickOption(
  page: Page,
  scope: Locator,
  label: string,
  title?: string | RegExp,
  options: { multiple?: boolean } = {},
): Promise<string> {
  await formItem(page, scope, label).locator('.ant-select').click();
  return chooseOption(page, title, options);
}

/**
 * Takes an item of the header's user menu (个人信息, 修改密码, 切换账号) once the menu has finished sliding in:
 * a click during the animation is lost and its dialog never opens.
 */
export async function openUserMenuItem(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: '用户菜单' }).click();
  const item = page.getByRole('menuitem', { name });
  await item.waitFor();
  await waitForDialogsToSettle(page);
  await item.click();
}

/** Picks today in the date picker of a form item. */
export async function pickToday(page: Page, scope: Locator, label: string): Promise<void> {
  await scope.getByLabel(label).click();
  const button = page.locator('.ant-picker-dropdown:visible').getByText('今天', { exact: true });
  await button.waitFor();
  await waitForDialogsToSettle(page);
  await button.click();
}
