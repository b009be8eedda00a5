import { describe, expect, it } from 'vitest';
import { clickRowButton } from './support/actions';
import { useBrowser } from './support/browser';
import { pickOption, waitForToast } from './support/page';
import { api, demoAccounts, signIn } from './support/session';

const open = useBrowser();

interface Listed {
  list: { id: string; cityId: string; theme: string }[];
}

describe('安全管理', () => {
  it('publishes a meeting from its detail, then signs an attendee in from the attendee list', async () => {
    const { context, page } = await open();
    const token = await signIn(context, demoAccounts.admin);
    const demo = await api<Listed>('/api/safety-meetings?limit=1', { token });
    const theme = `端到端安全例会${Date.now()}`;
    const created = await api<{ id: string }>('/api/safety-meetings', {
      token,
      method: 'POST',
      body: JSON.stringify({
        theme,
        type: 3,
        cityId: demo.data.list[0]?.cityId,
        startsAt: new Date(Date.now() - 600_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        place: '公司三楼培训室',
        host: '刘洋',
        audience: 1,
      }),
    });
    expect(created.code).toBe(0);

    await page.goto('/securityConference');
    const listed = page.getByRole('row', { name: new RegExp(theme) });
    await listed.waitFor({ timeout: 45_000 });
    await listed.getByRole('button', { name: '详情' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: theme });
    await drawer.getByRole('button', { name: '发布', exact: true }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '参会名单' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await waitForToast(page, `发布 ${theme}：操作成功`);

    await drawer.getByRole('tab', { name: /^参会司机/ }).click();
    const rows = drawer.getByRole('tabpanel').getByRole('row');
    const attendee = rows.filter({ hasText: '未签到' }).first();
    const driverName = (await attendee.getByRole('cell').first().textContent())?.trim() ?? '';
    await clickRowButton(page, attendee, '签到');
    const dialog = page.getByRole('dialog').filter({ hasText: '签到方式' });
    await pickOption(page, dialog, '签到方式', '扫码');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await rows.filter({ hasText: driverName }).filter({ hasText: '已签到' }).waitFor();
  });

  it('shows a 制度 version’s PDF in the reader on its detail', async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    await page.goto('/safetySystem');
    const row = page.getByRole('row', { name: /交通事故报告与处理规程/ });
    await row.waitFor({ timeout: 45_000 });
    await row.getByRole('button', { name: '详情' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '制度全文' });
    await drawer.getByText('/ 1').waitFor({ timeout: 30_000 });
    await drawer.getByLabel('第 1 页').waitFor();
  });
});
