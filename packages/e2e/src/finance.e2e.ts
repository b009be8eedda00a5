import { describe, expect, it } from 'vitest';
import { act, approveAs, clickRowButton, input, recordPayment } from './support/actions';
import { useBrowser } from './support/browser';
import { formItem, pickOption, pickToday, waitForDialogsToSettle, waitForToast } from './support/page';
import { api, demoAccounts, loginToken, signIn } from './support/session';

const open = useBrowser();

type Listed<T> = { list: T[]; total: number };
type Bill = {
  id: string;
  billNo: string;
  driverId: string;
  driverName: string;
  status: number;
  outstanding: number;
  relieved: number;
};
type Receivable = { id: string; outstanding: number };
type Account = { id: string; orderNo: string; contacts: number; promiseAmount: number | null; badDebt: boolean };

const yuan = (fen: number) => (fen / 100).toFixed(2);

describe('财务管理', () => {
  it('a relief asked on 账单列表 is approved in 待办事项 and relieves the bill', { timeout: 240_000 }, async () => {
    const admin = await loginToken(demoAccounts.admin);
    const bills = await api<Listed<Bill>>('/api/bills?tab=all&limit=100', { token: admin });
    const bill = bills.data.list.find((row) => [2, 3, 5].includes(row.status) && row.outstanding > 20_000);
    if (!bill) throw new Error('no bill being collected');

    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    await page.goto(`/billList?billNo=${bill.billNo}&tab=all`);
    const row = page.getByRole('row', { name: new RegExp(bill.billNo) });
    await row.waitFor({ timeout: 30_000 });
    await act(page, row, '减免', async (dialog) => {
      await input(dialog, '减免金额（元）').fill('150');
      await dialog.getByLabel('减免原因').fill('车辆故障停运3天');
    });
    await approveAs(open, demoAccounts.manager, bill.billNo);
    await approveAs(open, demoAccounts.finance, bill.billNo);
    const relieved = await api<Bill>(`/api/bills/${bill.id}`, { token: admin });
    expect(relieved.data.relieved).toBe(bill.relieved + 15_000);
    expect(relieved.data.outstanding).toBe(bill.outstanding - 15_000);
  });

  it('an overdue account is assigned a collector and a promise, then called', { timeout: 180_000 }, async () => {
    const admin = await loginToken(demoAccounts.admin);
    const accounts = await api<Listed<Account>>('/api/overdue-cases?tab=1&limit=1', { token: admin });
    const account = accounts.data.list[0];
    if (!account) throw new Error('no overdue account');

    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    await page.goto(`/overdueDetailsEdit/${account.id}`);
    const form = page.locator('form').first();
    await formItem(page, form, '催收员').waitFor({ timeout: 30_000 });
    await pickOption(page, form, '催收员', /李会计/);
    await pickToday(page, form, '承诺还款日');
    await input(form, '承诺还款金额（元）').fill('1200');
    await page.getByRole('button', { name: '保存' }).click();
    await waitForToast(page, '操作成功');

    await page.goto(`/overdueDetails?orderNo=${account.orderNo}`);
    const row = page.getByRole('row', { name: new RegExp(account.orderNo) });
    await row.waitFor({ timeout: 30_000 });
    await row.getByText('李会计').waitFor();
    await act(page, row, '催收', async (dialog) => {
      await pickOption(page, dialog, '催收方式', '电话');
      await formItem(page, dialog, '是否联系上').getByRole('switch').click();
      await dialog.getByLabel('催收结果').fill('客户承诺本周五还款1200元');
    });
    const after = await api<Account>(`/api/overdue-cases/${account.id}`, { token: admin });
    expect(after.data.contacts).toBe(account.contacts + 1);
    expect(after.data.promiseAmount).toBe(120_000);
    const contacts = await api<Listed<{ result: string }>>(`/api/collection-records?orderNo=${account.orderNo}`, {
      token: admin,
    });
    expect(contacts.data.list[0]?.result).toBe('客户承诺本周五还款1200元');
  });

  it('a level counted as bad debt or not moves its accounts on 坏账列表 once the job has run', {
    timeout: 180_000,
  }, async () => {
    const admin = await loginToken(demoAccounts.admin);
    const accounts = await api<Listed<Account & { levelName: string }>>('/api/overdue-cases?tab=1&limit=1', {
      token: admin,
    });
    const account = accounts.data.list[0];
    if (!account) throw new Error('no overdue account');
    const detail = await api<Account>(`/api/overdue-cases/${account.id}`, { token: admin });
    const listed = async () =>
      (
        await api<Listed<Account>>(`/api/overdue-cases/views/badDebtList?orderNo=${account.orderNo}`, {
          token: admin,
        })
      ).data.total;
    expect(await listed()).toBe(detail.data.badDebt ? 1 : 0);
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    const setBadDebt = async (on: boolean) => {
      await page.goto('/hierarchicalAllocation');
      const level = page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: account.levelName, exact: true }) });
      await clickRowButton(page, level, '编辑');
      const drawer = page.locator('.ant-drawer').filter({ hasText: '编辑坏账分级' });
      await drawer.waitFor();
      await waitForDialogsToSettle(page);
      const toggle = formItem(page, drawer, '计入坏账').getByRole('switch');
      if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
      await drawer.getByRole('button', { name: '保存' }).click();
      await waitForToast(page, '操作成功');
      await drawer.waitFor({ state: 'hidden' });
    };
    await setBadDebt(!detail.data.badDebt);
    // The change queued the reclassification; a worker runs it within seconds.
    await expect.poll(listed, { timeout: 60_000 }).toBe(detail.data.badDebt ? 0 : 1);
    await page.goto('/badDebtList');
    if (!detail.data.badDebt)
      await page.getByRole('row', { name: new RegExp(account.orderNo) }).waitFor({ timeout: 30_000 });
    await setBadDebt(detail.data.badDebt);
    await expect.poll(listed, { timeout: 60_000 }).toBe(detail.data.badDebt ? 1 : 0);
  });

  it('a payment recorded on 实收明细 is allocated, and its bill follows to 已结清', { timeout: 180_000 }, async () => {
    const admin = await loginToken(demoAccounts.admin);
    // Last of the file: paying the customer's whole debt may close the overdue account the tests above work.
    const bills = await api<Listed<Bill>>('/api/bills?tab=all&limit=100', { token: admin });
    const bill = bills.data.list.find((row) => [2, 3, 5].includes(row.status) && row.outstanding > 0);
    if (!bill) throw new Error('no bill waiting to be paid');
    // Everything the customer owes: oldest due first, it pays this bill too; the rest stays unallocated.
    const owed = await api<Listed<Receivable>>(`/api/receivables?driverId=${bill.driverId}&status=0,1,3&limit=100`, {
      token: admin,
    });
    const amount = owed.data.list.reduce((sum, row) => sum + row.outstanding, 0);
    const mobile = /（(\d{11})）/.exec(bill.driverName)?.[1] ?? bill.driverName;

    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    await recordPayment(page, mobile, yuan(amount));

    await page.goto(`/billList?billNo=${bill.billNo}&tab=all`);
    const row = page.getByRole('row', { name: new RegExp(bill.billNo) });
    await row.getByText('已结清', { exact: true }).waitFor({ timeout: 30_000 });
    const paid = await api<Bill>(`/api/bills/${bill.id}`, { token: admin });
    expect(paid.data).toMatchObject({ status: 4, outstanding: 0 });
  });
});
