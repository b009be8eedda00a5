import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { waitForToast } from './support/page';
import { api, demoAccounts, signIn } from './support/session';

const open = useBrowser();

const headers = ['车牌号', '违章时间', '违章地点', '违章行为', '扣分', '罚款（元）', '处理状态', '备注'];

/** A filled-in 违章导入模板 as a spreadsheet program saves it (inline strings, one sheet). */
function violationSheet(rows: string[][]): Buffer {
  const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const row = (cells: string[], index: number) =>
    `<row r="${index + 1}">${cells
      .map(
        (text, column) =>
          `<c r="${String.fromCharCode(65 + column)}${index + 1}" t="inlineStr"><is><t>${xmlText(text)}</t></is></c>`,
      )
      .join('')}</row>`;
  const sheet = `<worksheet><sheetData>${[headers, ...rows].map(row).join('')}</sheetData></worksheet>`;
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/workbook.xml': strToU8('<workbook/>'),
      'xl/worksheets/sheet1.xml': strToU8(sheet),
    }),
  );
}

/** China time, minutes ago, as the template takes it: `2026-11-22 09:30`. */
function chinaTime(minutesAgo: number): string {
  const at = new Date(Date.now() - minutesAgo * 60_000 + 8 * 3_600_000);
  return at.toISOString().slice(0, 16).replace('T', ' ');
}

describe('违章导入', () => {
  it('imports a filled-in sheet, skips it the second time, and names the rows of a bad one', async () => {
    const { context, page } = await open();
    const token = await signIn(context, demoAccounts.admin);
    const { data } = await api<{ list: { plateNo: string | null }[] }>('/api/vehicles?limit=50', { token });
    const plate = data.list.find((vehicle) => vehicle.plateNo)?.plateNo ?? '';
    expect(plate).not.toBe('');
    const item = `端到端导入${Date.now()}`;
    const good = violationSheet([[plate, chinaTime(1), '长安街', item, '3', '200', '', '']]);

    await page.goto('/violationManagement');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 45_000 });
    const importOnce = async (buffer: Buffer) => {
      await page.getByRole('button', { name: '导入', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: '导入违章' });
      await dialog.locator('input[type=file]').setInputFiles({
        name: '违章导入.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer,
      });
      await dialog.getByRole('button', { name: '开始导入' }).click();
      return dialog;
    };

    await importOnce(good);
    await waitForToast(page, '导入成功：新增1条，跳过重复0条');
    await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: item }).waitFor();

    await importOnce(good);
    await waitForToast(page, '导入成功：新增0条，跳过重复1条');

    const dialog = await importOnce(violationSheet([['京Z00000', chinaTime(1), '长安街', item, '13', '200', '', '']]));
    await dialog.getByText('导入失败：共2处问题，请修改后重新导入（本次未保存任何数据）').waitFor();
    // Shown once, in the dialog: no toast repeats it.
    expect(
      await page
        .locator('.ant-message')
        .getByText(/导入失败/)
        .count(),
    ).toBe(0);
    const problems = await dialog.locator('.ant-table-tbody tr').allTextContents();
    expect(problems).toEqual(['2车牌号「京Z00000」不存在', '2扣分应为0到12的整数']);
  });
});
