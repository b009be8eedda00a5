import type { Locator, Page } from 'playwright-core';
import type { Opened } from './browser';
import { chooseOption, formItem, pickOption, pickToday, waitForDialogsToSettle, waitForToast } from './page';
import { type DemoAccount, signIn } from './session';

/**
 * Clicks a row's button as a person finds it: in the row, or under the row's 更多 when the row has more
 * actions than its 操作 column shows.
 */
export async function clickRowButton(page: Page, row: Locator, name: string) {
  const inline = row.getByRole('button', { name, exact: true });
  const more = row.getByRole('button', { name: '更多', exact: true });
  await inline.or(more).first().waitFor();
  if ((await inline.count()) > 0) {
    await inline.click();
    return;
  }
  await more.click();
  await page
    .getByTestId('row-actions-more')
    .filter({ visible: true })
    .getByRole('button', { name, exact: true })
    .click();
}

/** Takes a row's action through its dialog: fills it, 确定, waits for 操作成功 and the dialog to go. */
export async function act(
  page: Page,
  row: Locator,
  action: string,
  fill: (dialog: Locator) => Promise<void> = async () => {},
) {
  await clickRowButton(page, row, action);
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

/**
 * 登记收款 on 实收明细 as a clerk types it: the customer found by mobile, the amount in yuan, received today by
 * bank transfer, oldest due first; waits for 操作成功 and the drawer to close.
 */
export async function recordPayment(page: Page, mobile: string, yuanAmount: string) {
  await page.goto('/actualCollectionDetails');
  await page.getByRole('button', { name: '登记收款', exact: true }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '新增实收明细' });
  await drawer.waitFor();
  await waitForDialogsToSettle(page);
  await formItem(page, drawer, '客户').locator('.ant-select').click();
  await page.keyboard.type(mobile);
  await chooseOption(page);
  await input(drawer, '收款金额（元）').fill(yuanAmount);
  await pickToday(page, drawer, '到账日期');
  await pickOption(page, drawer, '收款渠道', '银行转账');
  await drawer.getByRole('button', { name: '保存' }).click();
  await waitForToast(page, '操作成功');
  await drawer.waitFor({ state: 'hidden' });
}
