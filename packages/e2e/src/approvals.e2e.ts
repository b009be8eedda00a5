import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { expectLocation, waitForDialogsToSettle, waitForToast } from './support/page';
import { api, demoAccounts, loginToken, signIn } from './support/session';

const open = useBrowser();

/** A one-pixel PNG, the voucher's stand-in. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

describe('审批管理', () => {
  it('a 线下收款 recorded by the 运营经理 is approved by 财务 in 待办事项 and confirmed', {
    timeout: 120_000,
  }, async () => {
    const manager = await loginToken(demoAccounts.manager);
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), '凭证.png');
    const uploaded = await api<{ fileLocation: string }>('/api/gateway/storage/file/private', {
      token: manager,
      method: 'POST',
      body: form,
    });
    expect(uploaded.code).toBe(0);
    const payer = `端到端付款${Date.now() % 100000}`;
    const payment = await api<{ id: string }>('/api/offline-payments', {
      token: manager,
      method: 'POST',
      body: JSON.stringify({
        payerName: payer,
        amount: 250_000,
        method: 2,
        receivedOn: '2026-11-20',
        purpose: '11月租金',
        vouchers: [uploaded.data.fileLocation],
      }),
    });
    expect(payment.code).toBe(0);

    const { context, page } = await open();
    await signIn(context, demoAccounts.finance);
    await page.goto('/tobeDone');
    const row = page.getByRole('row', { name: new RegExp(payer) });
    await row.waitFor({ timeout: 45_000 });
    await row.getByRole('button', { name: '通过', exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '审批意见' });
    await dialog.waitFor();
    await waitForDialogsToSettle(page);
    await dialog.getByLabel('审批意见').fill('已核对银行流水');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await waitForToast(page, '操作成功');
    await row.waitFor({ state: 'detached' });

    await page.goto('/done');
    const handled = page.getByRole('row', { name: new RegExp(payer) });
    await handled.getByText('已通过').waitFor();
    await handled.getByRole('button', { name: '详情' }).click();
    const record = page.getByTestId('approval-record');
    await record.getByText('已核对银行流水').waitFor();
    await expectLocation(page, '/done');

    const confirmed = await api<{ status: number }>(`/api/offline-payments/${payment.data.id}`, { token: manager });
    expect(confirmed.data.status).toBe(2);
  });
});
