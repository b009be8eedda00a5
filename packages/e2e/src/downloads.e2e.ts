import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { expectLocation, waitForDialogsToSettle } from './support/page';
import { demoAccounts, signIn } from './support/session';

const open = useBrowser();

describe('exports and the download center', () => {
  it('exports the filtered vehicle list, and the finished file downloads with Chinese headers', async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    await page.goto('/vehicleList?stage=5');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: '导出' }).click();
    await page.getByText('提交结果页用于反馈一系列操作任务的处理结果，请到下载中心进行查看').waitFor();
    await waitForDialogsToSettle(page);
    await page.getByRole('button', { name: '跳转至下载中心' }).click();
    await expectLocation(page, '/downloadRecord');

    const row = page.getByRole('row', { name: /车辆列表_\d{14}/ }).first();
    await row.getByText('已完成').waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: '下载' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^车辆列表_\d{14}\.xlsx$/);
    const files = unzipSync(await readFile(await download.path()));
    const sheet = new TextDecoder().decode(files['xl/worksheets/sheet1.xml']);
    const cells = [...sheet.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((match) => match[1]);
    expect(cells.slice(0, 4)).toEqual(['车牌号', '车架号', '车型', '能源类型']);
    expect(cells).toContain('租赁中');
    expect(cells).not.toContain('待验车');
  });

  it('refuses a screenshot of the wrong type with 文件格式不正确!', async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    await page.goto('/home');
    await page.getByRole('button', { name: '意见反馈' }).click();
    await page.getByRole('button', { name: '建议', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '建议' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: '说明.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await page.getByText('文件格式不正确!').waitFor();
  });
});
