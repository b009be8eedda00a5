import { readFile } from 'node:fs/promises';
import { strToU8, unzipSync, zipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickRowButton } from './support/actions';
import { useBrowser } from './support/browser';
import { pickOption, waitForDialogsToSettle } from './support/page';
import { demoAccounts, signIn } from './support/session';

const open = useBrowser();

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });

/** The header row of a downloaded template (inline strings, as the console writes them). */
function templateHeaders(file: Uint8Array): string[] {
  const sheet = new TextDecoder().decode(unzipSync(file)['xl/worksheets/sheet1.xml']);
  const first = sheet.match(/<row r="1"[^>]*>(.*?)<\/row>/)?.[1] ?? '';
  return [...first.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((match) => match[1] ?? '');
}

/** A filled-in template as a spreadsheet program saves it: the template's headers, then one row per record. */
function filledSheet(headers: string[], records: Record<string, string>[]): Buffer {
  const column = (index: number) => String.fromCharCode(65 + index);
  const row = (cells: string[], index: number) =>
    `<row r="${index + 1}">${cells
      .map((text, at) => `<c r="${column(at)}${index + 1}" t="inlineStr"><is><t>${text}</t></is></c>`)
      .join('')}</row>`;
  const all = [headers, ...records.map((record) => headers.map((header) => record[header] ?? ''))];
  const sheet = `<worksheet><sheetData>${all.map(row).join('')}</sheetData></worksheet>`;
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/workbook.xml': strToU8('<workbook/>'),
      'xl/worksheets/sheet1.xml': strToU8(sheet),
    }),
  );
}

/** Everything a lead row of 线索明细 shows (its state, its salesperson…), as one text. */
async function shownIn(row: Locator): Promise<string> {
  return (await row.textContent()) ?? '';
}

describe('leads', () => {
  it('uploads leads, allocates them in bulk, follows one up and activates it, all in 线索日志', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    // Leads of this run: names with a common tag the 联系人 filter finds them by.
    const tag = String(Date.now()).slice(-6);
    const mobiles = ['01', '02', '03'].map((end) => `166${tag}${end}`);
    const names = ['甲', '乙', '丙'].map((name) => `端到端${tag}${name}`);

    // 上传日志: 导入 opens the upload dialog, whose template names the columns.
    await page.goto('/upLoadLog');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: '导入', exact: true }).click();
    const dialog = dialogNamed(page, '上传线索');
    await dialog.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: '下载模板' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('线索导入模板.xlsx');
    const headers = templateHeaders(await readFile(await download.path()));
    expect(headers.slice(0, 2)).toEqual(['联系人', '手机号']);

    const lead = (index: number) => ({
      联系人: names[index] ?? '',
      手机号: mobiles[index] ?? '',
      意向业务: '网约车租赁',
      意向客户类型: '网约车司机',
    });
    // Three new leads, the first again (a duplicate in the same file), and one with a wrong mobile.
    await dialog.locator('input[type=file]').setInputFiles({
      name: '端到端线索.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: filledSheet(headers, [lead(0), lead(1), lead(2), lead(0), { ...lead(1), 手机号: '12345' }]),
    });
    await dialog.getByRole('button', { name: '开始导入' }).click();
    const result = dialogNamed(page, '上传线索结果');
    await result.getByText('导入完成：已导入3条，重复跳过1条，未通过1条').waitFor();
    const counts = await result.locator('.ant-descriptions-item-content').allTextContents();
    expect(counts).toEqual(['5', '3', '1', '1']);

    // 上传日志详情 lists each row with what became of it.
    await result.getByRole('button', { name: '查看每行结果' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/uploadLogDetail');
    await expect.poll(() => rows(page).count()).toBe(5);
    const outcomes = (await rows(page).allTextContents()).map((text) => text.replace(/\s+/g, ''));
    expect(outcomes.filter((text) => text.includes('已导入'))).toHaveLength(3);
    expect(outcomes[3]).toContain(`与本次上传的手机号${mobiles[0]}重复`);
    expect(outcomes[4]).toContain('未通过');
    expect(outcomes[4]).toContain('手机号');

    // 线索明细: one found by its mobile's last digits; the three by their names, selected and 分配 to 运营专员
    // at once.
    await page.goto('/threadDeatails');
    await rows(page).first().waitFor();
    await page.getByLabel('手机号').fill(mobiles[1]?.slice(-5) ?? '');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain(names[1]);
    await page.getByLabel('手机号').fill('');
    await page.getByLabel('联系人').fill(tag);
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await expect.poll(() => rows(page).count()).toBe(3);
    for (const mobile of mobiles) {
      await rows(page).filter({ hasText: mobile }).locator('.ant-checkbox-input').check();
    }
    const bar = page.getByRole('toolbar', { name: '批量操作' });
    await bar.getByText('已选 3 项').waitFor();
    await bar.getByRole('button', { name: '批量分配（3）' }).click();
    const allocate = dialogNamed(page, '批量分配');
    await allocate.waitFor();
    await waitForDialogsToSettle(page);
    await pickOption(page, allocate, '销售人员', demoAccounts.ops.userName);
    await allocate.getByRole('button', { name: '确定' }).click();
    const allocated = dialogNamed(page, '批量分配结果');
    await allocated.getByText('已分配 3 项').waitFor();
    await allocated.getByRole('button', { name: '知道了' }).click();
    for (const mobile of mobiles) {
      const text = await shownIn(rows(page).filter({ hasText: mobile }));
      expect(text).toContain(demoAccounts.ops.userName);
      expect(text).toContain('待跟进');
    }

    // 跟进 opens 线索跟进 for the first lead: the form beside its follow-ups.
    const first = rows(page).filter({ hasText: mobiles[0] });
    await clickRowButton(page, first, '跟进');
    await page.waitForURL(/\/threadDeatailsFollowUp\?id=\d+$/);
    const leadId = new URL(page.url()).searchParams.get('id');
    await page.getByText(`${names[0]}（${mobiles[0]}）`).waitFor();
    await page.getByText('还没有跟进记录').waitFor();
    // 跟进时间 (now), 电话 and 已接通 come filled in; a new lead has no 意向等级 yet.
    const form = page.locator('form#leadFollowUp');
    await pickOption(page, form, '意向等级', 'B（较强）');
    await form.getByLabel('跟进内容').fill('端到端：电话沟通，约了周末到店看车');
    await form.getByRole('button', { name: '提交跟进' }).click();
    await page.locator('.ant-message').getByText('跟进已记录').waitFor();
    const history = page.getByTestId('follow-up');
    await history.getByText('端到端：电话沟通，约了周末到店看车').waitFor();
    expect(await history.count()).toBe(1);
    await page.locator('.ant-descriptions').getByText('跟进中', { exact: true }).waitFor();

    // Back on 线索明细 it is 跟进中; 激活 picks a demo driver and it is 已激活.
    await page.goto(`/threadDeatails?mobile=${mobiles[0]}`);
    await expect.poll(() => rows(page).count()).toBe(1);
    const followed = rows(page).first();
    expect(await shownIn(followed)).toContain('跟进中');
    await clickRowButton(page, followed, '激活');
    const activate = page
      .locator('.ant-modal')
      .filter({ has: page.getByRole('button', { name: '确定' }) })
      .last();
    await activate.waitFor();
    await waitForDialogsToSettle(page);
    const driver = await pickOption(page, activate, '网约车司机');
    expect(driver).not.toBe('');
    await activate.getByRole('button', { name: '确定' }).click();
    await page.locator('.ant-message').getByText('操作成功').last().waitFor();
    await expect.poll(() => shownIn(rows(page).first())).toContain('已激活');

    // 线索日志 of the lead: created by the upload, allocated, followed up, activated.
    await page.goto(`/threadDetailsLog?leadId=${leadId}`);
    await expect.poll(() => rows(page).count()).toBe(5);
    const events = (await rows(page).allTextContents()).join('\n');
    expect(events).toContain('上传新增线索');
    expect(events).toContain(`分配给${demoAccounts.ops.userName}`);
    expect(events).toContain('端到端：电话沟通，约了周末到店看车');
    expect(events).toContain(`激活为网约车司机：${driver}`);
  });
});
