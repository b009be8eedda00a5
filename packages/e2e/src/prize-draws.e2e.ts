import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { clickRowButton } from './support/actions';
import { useBrowser } from './support/browser';
import { expectLocation, pickOption, waitForToast } from './support/page';
import { api, demoAccounts, signIn } from './support/session';

const open = useBrowser();

describe('抽奖管理', () => {
  it('prizes a draw, publishes it, adds a participant, draws, and exports the winner', async () => {
    const { context, page } = await open();
    const token = await signIn(context, demoAccounts.admin);
    const name = `端到端抽奖${Date.now()}`;
    const created = await api<{ id: string }>('/api/prize-draws', {
      token,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    });
    expect(created.code).toBe(0);

    await page.goto('/prizeDraw');
    const listed = page.getByRole('row', { name: new RegExp(name) });
    await listed.waitFor({ timeout: 45_000 });
    await listed.getByRole('button', { name: '详情' }).click();
    await expectLocation(page, `/prizeDrawDetail?id=${created.data.id}`);

    await page.getByRole('tab', { name: /^奖品/ }).click();
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: '新增奖品' });
    await drawer.getByLabel('奖品名称').fill('保温杯');
    await pickOption(page, drawer, '奖项等级', '一等奖');
    await drawer.getByLabel('中奖概率（万分之）').fill('10000');
    await drawer.getByLabel('库存（份）').fill('1');
    await drawer.getByRole('button', { name: '保存' }).click();
    await waitForToast(page, '操作成功');
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /保温杯/ }).waitFor();

    await page.getByRole('button', { name: '发布', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('进行中').first().waitFor();

    await page.getByRole('tab', { name: /^参与人/ }).click();
    await page.getByRole('tabpanel').getByRole('button', { name: '新增', exact: true }).click();
    const person = page.getByRole('dialog', { name: '新增参与人' });
    await person.getByLabel('姓名').fill('端到端司机');
    await person.getByLabel('手机号').fill('13912345678');
    await person.getByRole('button', { name: '保存' }).click();
    await person.waitFor({ state: 'detached' });
    const participant = page.getByRole('row', { name: /端到端司机/ });
    await clickRowButton(page, participant, '抽奖');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('恭喜中奖：保温杯').waitFor();
    await page.getByRole('button', { name: '知道了' }).click();

    await page.getByRole('tab', { name: /^中奖名单（1）/ }).click();
    const winner = page.getByRole('row', { name: /端到端司机/ });
    await winner.getByText('保温杯').waitFor();
    await page.getByRole('tabpanel').getByRole('button', { name: '导出', exact: true }).click();
    await page.getByRole('button', { name: '跳转至下载中心' }).click();
    await expectLocation(page, '/downloadRecord');
    const row = page.getByRole('row', { name: /中奖名单_\d{14}/ }).first();
    await row.getByText('已完成').waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: '下载' }).click(),
    ]);
    const files = unzipSync(await readFile(await download.path()));
    const sheet = new TextDecoder().decode(files['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain('端到端司机');
    expect(sheet).toContain('保温杯');
  });
});
