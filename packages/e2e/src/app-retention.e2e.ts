import { describe, expect, it } from 'vitest';
import { act, clickRowButton } from './support/actions';
import { useBrowser } from './support/browser';
import { pickOption, waitForToast } from './support/page';
import { api, appCall, demoAccounts, signIn } from './support/session';

const open = useBrowser();

describe('留资 from the app', () => {
  it('is followed up on 留资跟进 and 转为线索, and the 线索 keeps the follow-up', async () => {
    const { context, page } = await open();
    const token = await signIn(context, demoAccounts.admin);
    const stamp = String(Date.now()).slice(-8);
    const mobile = `139${stamp}`;
    const name = `端到端留资${stamp.slice(-4)}`;
    const sent = await appCall<{ id: string; repeated: boolean }>('北京分公司', 'POST', '/api/app/retention-leads', {
      body: { name, mobile, sourcePage: 2, consent: true },
    });
    expect(sent.data).toMatchObject({ repeated: false });

    // 留资管理 shows it masked, 待跟进; 跟进 opens 留资跟进 for it.
    await page.goto(`/carRetention?contactName=${encodeURIComponent(name)}`);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor({ timeout: 45_000 });
    expect(await row.textContent()).toContain(`139****${stamp.slice(-4)}`);
    expect(await row.textContent()).toContain('待跟进');
    await clickRowButton(page, row, '跟进');
    await page.waitForURL(/\/carRetentionFollowUp\?id=\d+/);
    const form = page.locator('form').filter({ has: page.getByLabel('跟进内容') });
    await form.waitFor();
    // 跟进时间: typed as the picker shows it, a minute ago in Beijing time, and taken with Enter.
    const beijing = new Date(Date.now() - 60_000 + 8 * 3_600_000).toISOString();
    const time = form.getByLabel('跟进时间');
    await time.click();
    await time.fill(`${beijing.slice(0, 10)} ${beijing.slice(11, 19)}`);
    await time.press('Enter');
    await pickOption(page, form, '跟进方式', '电话');
    await pickOption(page, form, '跟进结果', '有意向');
    await form.getByLabel('跟进内容').fill('端到端：电话回访，周末到店看车');
    await form.getByRole('button', { name: '确定' }).click();
    await waitForToast(page, '操作成功');

    // Back on the list it is 跟进中; 转为线索 makes it a 线索 of the leads, and it is 已转化.
    await page.goto(`/carRetention?contactName=${encodeURIComponent(name)}`);
    await row.getByText('跟进中').waitFor({ timeout: 45_000 });
    await act(page, row, '转为线索', async (dialog) => {
      await pickOption(page, dialog, '意向业务');
    });
    await row.getByText('已转化').waitFor();

    // The 线索 of that mobile, with the 留资's follow-up in its 线索日志.
    const leads = await api<{ list: { id: string; mobile: string }[] }>(`/api/leads?mobile=${mobile}`, { token });
    expect(leads.data.list).toHaveLength(1);
    await page.goto(`/threadDetailsLog?leadId=${leads.data.list[0]?.id}`);
    await page.getByText('端到端：电话回访，周末到店看车').first().waitFor({ timeout: 45_000 });
  });
});
