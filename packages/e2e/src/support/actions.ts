import type { Locator, Page } from 'playwright-core';
import type { Opened } from './browser';
import { waitForDialogsToSettle, waitForToast } from './page';
import { type DemoAccount, signIn } from './session';

/** Takes a row's action through its dialog: fills it, 确定, waits for 操作成功 and the dialog to go. */
export async function act(
  page: Page,
  row: Locator,
  action: string,
  fill: (dialog: Locator) => Promise<void> = async () => {},
) {
  await row.getByRole('button', { name: action, exact: true }).click();
  const dialog = page
    .locator('.ant-modal')
    .filter({ has: page.getByRole('button', { name: /确\s*定/ }) })
    .last();
  await dialog.waitFor();
  await waitForDialogsToSettle(page);
  // The toast names the action and its row as the dialog's title does (`交车 LS…：操作成功`): not an earlier one.
  const heading = (await dialog.locator('.ant-modal-title').textContent())?.trim() ?? '';
  const title = heading.replace(/^确定(.*)吗？$/, '$1');
  await fill(dialog);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await waitForToast(page, title ? `${title}：操作成功` : '操作成功');
  await dialog.waitFor({ state: 'detached' });
}

/** The text input of the form item labelled `label` in a dialog or form. */
export const input = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item').filter({ hasText: label }).locator('input').first();

/** Approves the task whose summary names `number` (an order's, a 核算单's) in 待办事项 as `account`. */
export async function approveAs(open: () => Promise<Opened>, account: DemoAccount, number: string) {
  const { context, page } = await open();
  await signIn(context, account);
  await page.goto('/tobeDone');
  const task = page.getByRole('row', { name: new RegExp(number) });
  await task.waitFor({ timeout: 45_000 });
  await act(page, task, '通过');
  await task.waitFor({ state: 'detached' });
  await context.close();
}
