import { describe, expect, it } from 'vitest';
import { act, input } from './support/actions';
import { useBrowser } from './support/browser';
import { expectLocation } from './support/page';
import { api, demoAccounts, signIn } from './support/session';

const open = useBrowser();

describe('积分管理', () => {
  it('adjusts a driver’s points with a reason on 积分总览 and finds the row on 积分明细', async () => {
    const { context, page } = await open();
    const token = await signIn(context, demoAccounts.admin);
    const accounts = await api<{ list: { id: string; balance: number }[] }>('/api/points-accounts?limit=1', { token });
    const account = accounts.data.list[0];
    expect(account).toBeDefined();

    await page.goto(`/integralAll?driverId=${account?.id}`);
    const row = page.locator('.ant-table-row').first();
    await row.waitFor({ timeout: 45_000 });
    await act(page, row, '调整积分', async (dialog) => {
      await input(dialog, '调整积分').fill('12');
      await dialog
        .locator('.ant-form-item')
        .filter({ hasText: '调整原因' })
        .locator('textarea, input')
        .first()
        .fill('端到端：安全月度表彰');
    });
    const after = await api<{ balance: number }>(`/api/points-accounts/${account?.id}`, { token });
    expect(after.data.balance).toBe(Number(account?.balance) + 12);

    await row.getByRole('button', { name: '详情', exact: true }).click();
    await expectLocation(page, `/integralAllDetails?driverId=${account?.id}`);
    const entry = page.getByRole('row', { name: /端到端：安全月度表彰/ });
    await entry.waitFor({ timeout: 45_000 });
    await entry.getByText('后台调整：增加12分').waitFor();
  });
});
