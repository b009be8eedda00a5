import { expressGoodsScreens } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { act, clickRowButton, input } from './support/actions';
import { useBrowser } from './support/browser';
import { chooseOption, expectLocation, formItem, waitForDialogsToSettle, waitForToast } from './support/page';
import { api, demoAccounts, signIn } from './support/session';

const open = useBrowser();

/** A whole number as a cell may show it, with or without thousands separators. */
const amount = (n: number) => `\\b${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',?')}\\b`;

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

  it('pays a task’s edited points for a real sign-in, spends on a 快递商品 兑换, and 积分明细 shows both with the balance', async () => {
    const { context, page } = await open();
    const token = await signIn(context, demoAccounts.admin);
    // The driver with the most points, so the exchange below fits whatever the demo spent.
    const [account] = (
      await api<{ list: { id: string; balance: number; mobile: string }[] }>('/api/points-accounts?limit=1', { token })
    ).data.list;
    expect(account).toBeDefined();
    const driverId = String(account?.id);

    // 积分任务: 安全会议签到 now pays 37 a sign-in.
    await page.goto('/integral');
    const task = page.getByRole('row', { name: /安全会议签到/ });
    await task.waitFor({ timeout: 45_000 });
    await clickRowButton(page, task, '编辑');
    const form = page.locator('.ant-drawer, .ant-modal').filter({ hasText: '每次积分' }).last();
    await form.waitFor();
    await waitForDialogsToSettle(page);
    await input(form, '每次积分').fill('37');
    await form.getByRole('button', { name: /^保\s*存$|^确\s*定$/ }).click();
    await waitForToast(page, '操作成功');
    await task.getByText('37', { exact: true }).waitFor();

    // A meeting the driver is on the list of, open for sign-in: they sign in by the app (the API it calls).
    const city = (await api<{ value: string }[]>('/api/lookups/cities', { token })).data[0]?.value;
    const theme = `端到端安全例会${Date.now() % 100_000}`;
    const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
    const meeting = await api<{ id: string }>('/api/safety-meetings', {
      token,
      method: 'POST',
      body: JSON.stringify({
        ...{ theme, type: 1, cityId: city, startsAt: minutes(-10), endsAt: minutes(60) },
        ...{ place: '公司三楼培训室', host: '刘洋', audience: 2, driverIds: [driverId] },
      }),
    });
    expect(meeting.msg).toBe('success');
    expect(
      (await api(`/api/safety-meetings/${meeting.data.id}/publish`, { token, method: 'POST', body: '{}' })).msg,
    ).toBe('success');
    const signedIn = await api(`/api/safety-meetings/${meeting.data.id}/sign-in`, {
      token,
      method: 'POST',
      body: JSON.stringify({ mobile: account?.mobile, method: 1 }),
    });
    expect(signedIn.msg).toBe('success');
    const after = (await api<{ balance: number; available: number }>(`/api/points-accounts/${driverId}`, { token }))
      .data;
    const earned = after.balance;
    expect(earned).toBe(Number(account?.balance) + 37);

    // 快递商品: 兑换 one of the cheapest goods on sale for the driver, of those their 每人限兑 still allows.
    const exchanges = await api<{ list: { goodsName: string }[] }>(
      `${expressGoodsScreens.exchanges.endpoint}?driverId=${driverId}&limit=200`,
      { token },
    );
    const taken = new Map<string, number>();
    for (const { goodsName } of exchanges.data.list) taken.set(goodsName, (taken.get(goodsName) ?? 0) + 1);
    const goods = (
      await api<{
        list: { id: string; name: string; pointsPrice: number; stock: number; limitPerDriver: number | null }[];
      }>('/api/express-goods?status=1&limit=50', { token })
    ).data.list
      // One the driver may still take: in stock, within what is available (not frozen), under its limit.
      .filter(
        (row) =>
          row.stock > 0 &&
          row.pointsPrice <= after.available &&
          (!row.limitPerDriver || (taken.get(row.name) ?? 0) < row.limitPerDriver),
      )
      .sort((a, b) => a.pointsPrice - b.pointsPrice)[0];
    expect(goods).toBeDefined();
    await page.goto(`/expressGoods?name=${encodeURIComponent(String(goods?.name))}`);
    const row = page.getByRole('row', { name: new RegExp(String(goods?.name)) }).first();
    await row.waitFor({ timeout: 45_000 });
    await act(page, row, '兑换', async (dialog) => {
      await formItem(page, dialog, '司机').locator('.ant-select').click();
      await page.keyboard.type(String(account?.mobile));
      await chooseOption(page);
      await input(dialog, '兑换数量').fill('1');
    });
    const spent = (await api<{ balance: number }>(`/api/points-accounts/${driverId}`, { token })).data.balance;
    expect(spent).toBe(earned - Number(goods?.pointsPrice));

    // 积分明细: the award and the spend, each with the balance after it (a row reads 积分变动, 变动后余额, …, 说明).
    await page.goto(`/integralAllDetails?driverId=${driverId}`);
    const award = page.getByRole('row', { name: new RegExp(`\\b37\\b.*${amount(earned)}.*安全会议签到：${theme}`) });
    await award.waitFor({ timeout: 45_000 });
    const exchange = `-${amount(Number(goods?.pointsPrice))}.*${amount(spent)}.*积分兑换：${goods?.name}×1`;
    await page.getByRole('row', { name: new RegExp(exchange) }).waitFor();
  });
});
