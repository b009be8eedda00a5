import { readFile } from 'node:fs/promises';
import { strToU8, unzipSync, zipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { expectLocation, pickOption, waitForDialogsToSettle } from './support/page';
import { demoAccounts, signIn } from './support/session';

const open = useBrowser();

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const success = (page: Page) => page.locator('.ant-message').getByText('操作成功').last().waitFor();

/** Opens `path` (with a tab, say) and finds the vehicle through the 车架号 filter: its row. */
async function findByVin(page: Page, path: string, vin: string): Promise<Locator> {
  await page.goto(path);
  await rows(page).first().waitFor();
  await page.getByLabel('车架号').fill(vin);
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expectLocation(page, `${path}${path.includes('?') ? '&' : '?'}vin=${vin}`);
  const row = rows(page).filter({ hasText: vin });
  await row.waitFor();
  await expect.poll(() => rows(page).count()).toBe(1);
  return row;
}

/** Opens the row's action, fills its dialog and confirms it. */
async function act(page: Page, row: Locator, action: string, fill: (dialog: Locator) => Promise<void>) {
  await row.getByRole('button', { name: action, exact: true }).click();
  const dialog = page
    .locator('.ant-modal')
    .filter({ has: page.getByRole('button', { name: '确定' }) })
    .last();
  await dialog.waitFor();
  // A click while the dialog still zooms in can be lost (a dialog with nothing to fill is clicked at once).
  await waitForDialogsToSettle(page);
  await fill(dialog);
  await dialog.getByRole('button', { name: '确定' }).click();
  await success(page);
  await dialog.waitFor({ state: 'detached' });
}

async function pickDate(dialog: Locator, label: string, date: string) {
  const input = field(dialog, label);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

const none = async () => {};

/**
 * The control of a dialog's field. Not by label: a dialog's field ids repeat the search panel's (`plateNo`),
 * so a label's `for` may point at the panel.
 */
const field = (dialog: Locator, label: string) =>
  dialog
    .locator('.ant-form-item')
    .filter({ has: dialog.page().locator(`label:text-is("${label}")`) })
    .locator('input')
    .first();

/** 调车 on 调车管理 (the demo data has no moves yet): a vehicle and a city picked, the places and the driver typed. */
async function shunt(page: Page) {
  await page.goto('/shuntingManagement');
  await page.getByRole('button', { name: '调车', exact: true }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '调入城市' });
  await dialog.waitFor();
  await pickOption(page, dialog, '车辆');
  await pickOption(page, dialog, '调入城市');
  await field(dialog, '调出地点').fill('北京朝阳停车场');
  await field(dialog, '调入地点').fill('天津河西停车场');
  await field(dialog, '调车司机').fill('李四');
  await dialog.getByRole('button', { name: '确定' }).click();
  await success(page);
}

/** A VIN with its check digit (ISO 3779), from 16 other characters: `LGXCE4CB` + `P` + 7 more. */
function vinFrom(serial: string): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const letterValues = '12345678123457923456789';
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  const value = (char: string) => Number(/\d/.test(char) ? char : letterValues[letters.indexOf(char)]);
  const draft = `LGXCE4CB0P${serial.padStart(7, '0').slice(-7)}`;
  const sum = [...draft].reduce((total, char, index) => total + value(char) * (weights[index] ?? 0), 0);
  const check = sum % 11 === 10 ? 'X' : String(sum % 11);
  return `${draft.slice(0, 8)}${check}${draft.slice(9)}`;
}

/** The header row of a downloaded template (inline strings, as the console writes them). */
function templateHeaders(file: Uint8Array): string[] {
  const sheet = new TextDecoder().decode(unzipSync(file)['xl/worksheets/sheet1.xml']);
  const first = sheet.match(/<row r="1"[^>]*>(.*?)<\/row>/)?.[1] ?? '';
  return [...first.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((match) => match[1] ?? '');
}

/** A filled-in template as a spreadsheet program saves it: the template's headers, then one row per record. */
function filledSheet(headers: string[], records: Record<string, string>[]): Buffer {
  const column = (index: number) => String.fromCharCode(65 + (index % 26)).padStart(index >= 26 ? 2 : 1, 'A');
  const row = (cells: string[], index: number) =>
    `<row r="${index + 1}">${cells
      .map((text, at) => `<c r="${column(at)}${index + 1}" t="inlineStr"><is><t>${text}</t></is></c>`)
      .join('')}</row>`;
  const rows = [headers, ...records.map((record) => headers.map((header) => record[header] ?? ''))];
  const sheet = `<worksheet><sheetData>${rows.map(row).join('')}</sheetData></worksheet>`;
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/workbook.xml': strToU8('<workbook/>'),
      'xl/worksheets/sheet1.xml': strToU8(sheet),
    }),
  );
}

describe('vehicles', () => {
  it('walks a vehicle from 待验车 to 已出库 through the stage screens, its 交车 leading to the lease orders', {
    timeout: 150_000,
  }, async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);

    await page.goto('/vehicleInspected');
    const first = rows(page).first();
    await first.waitFor();
    // Columns: 车牌号, 车架号, …
    const vin = ((await first.locator('td').nth(1).textContent()) ?? '').trim();
    expect(vin).toHaveLength(17);
    const inspecting = await findByVin(page, '/vehicleInspected', vin);
    await act(page, inspecting, '验车', async (dialog) => {
      await dialog.getByRole('radio', { name: '合格', exact: true }).check();
    });

    const inspected = await findByVin(page, '/inspectedVehicle', vin);
    await inspected.getByRole('button', { name: '整备', exact: true }).click();
    await page.locator('.ant-modal').getByRole('button', { name: '确定' }).waitFor();
    await waitForDialogsToSettle(page);
    await page.locator('.ant-modal').getByRole('button', { name: '确定' }).click();
    await success(page);

    await act(page, await findByVin(page, '/networkMaintenance', vin), '完成入网', none);
    const plate = `京AD${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
    await act(page, await findByVin(page, '/drivingLicense', vin), '完成行驶证办理', async (dialog) => {
      await field(dialog, '车牌号').fill(plate);
      await pickDate(dialog, '行驶证发证日期', '2024-03-01');
    });
    await act(page, await findByVin(page, '/gpsList', vin), '完成GPS安装', async (dialog) => {
      await field(dialog, 'GPS设备号').fill(`GPS${vin.slice(-8)}`);
    });
    await act(page, await findByVin(page, '/operationCertificate', vin), '完成运输证办理', async (dialog) => {
      await field(dialog, '运输证号').fill(`YS${vin.slice(-8)}`);
      await pickDate(dialog, '运输证有效期至', '2030-12-31');
    });

    await act(page, await findByVin(page, '/waitingOut', vin), '出库', async (dialog) => {
      await field(dialog, '出库地点').fill('北京朝阳停车场');
    });
    // 交车 leads to the lease orders in force: a car goes to a driver only by 填写交车信息 of its order.
    const waiting = await findByVin(page, '/waitingOut?tab=delivery', vin);
    await waiting.getByRole('button', { name: '交车', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/leaseOrder');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('3');

    const out = await findByVin(page, '/vehicleList', vin);
    expect(await out.textContent()).toContain(plate);
    await out.getByRole('button', { name: '详情', exact: true }).click();
    await page.getByText('变更记录').waitFor();
    await page.locator('.ant-card-head').getByText('已出库', { exact: true }).waitFor();
    expect(await page.locator('.ant-card-head').first().textContent()).toContain(plate);
    // The history names each preparation item as its screen's button did.
    for (const item of ['完成入网', '完成行驶证办理', '完成GPS安装', '完成运输证办理']) {
      await page.getByText(item, { exact: true }).first().waitFor();
    }
  });

  it('imports vehicles on 车辆列表: the template downloads, a filled one adds its rows, a bad one names its problems', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    await page.goto('/vehicleList');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: '导入', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '导入车辆' });
    await dialog.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: '下载模板' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('车辆导入模板.xlsx');
    const headers = templateHeaders(await readFile(await download.path()));
    expect(headers.slice(0, 2)).toEqual(['车牌号', '车架号']);

    const upload = async (records: Record<string, string>[]) => {
      await dialog.locator('input[type=file]').setInputFiles({
        name: '车辆导入.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: filledSheet(headers, records),
      });
      await dialog.getByRole('button', { name: '开始导入' }).click();
    };
    const vin = vinFrom(String(Date.now()));
    const good = {
      车架号: vin,
      车型: '秦PLUS EV 2023款 510km',
      能源类型: '纯电动',
      城市: '北京市',
      所属公司: '北京CP汽车租赁有限公司',
      '里程（公里）': '12',
    };
    // A wrong check digit and a model the catalogue does not have: nothing is saved, each problem is named.
    await upload([
      { ...good, 车架号: `${vin.slice(0, 8)}${vin[8] === '1' ? '2' : '1'}${vin.slice(9)}`, 车型: '无此车型' },
    ]);
    const problems = dialog.locator('.ant-table-tbody tr.ant-table-row');
    await problems.first().waitFor();
    const named = await problems.allTextContents();
    expect(named.some((text) => text.startsWith('2车架号'))).toBe(true);
    expect(named.some((text) => text.startsWith('2车型'))).toBe(true);

    await upload([good]);
    await dialog.waitFor({ state: 'detached' });
    const imported = await findByVin(page, '/vehicleList', vin);
    expect(await imported.textContent()).toContain('待验车');
  });

  const lists = [
    '/vehicleList',
    '/vehicleInspected',
    '/inspectedVehicle',
    '/networkMaintenance',
    '/drivingLicense',
    '/gpsList',
    '/operationCertificate',
    '/waitingOut',
    '/vehicleInspection',
    '/outboundRecord',
    '/deliveryRecord',
    '/temporaryDelivery',
    '/carReturnRecord',
    '/shuntingManagement',
    '/riskManagement',
    '/violationManagement',
    '/maintenanceManagement',
  ];

  it('opens every vehicle screen with rows (after a 调车), and the details from a list row', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    await shunt(page);
    const empty: string[] = [];
    for (const path of lists) {
      await page.goto(path);
      const shown = await rows(page)
        .first()
        .waitFor({ timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      if (!shown) empty.push(path);
    }
    expect(empty).toEqual([]);

    await page.goto('/vehicleList');
    await rows(page).first().getByRole('button', { name: '详情', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/vehicleDetail');
    await page.getByText('变更记录').waitFor();
    expect(await page.locator('.ant-descriptions-item-label').count()).toBeGreaterThan(0);

    await page.goto('/deliveryRecord');
    await rows(page).first().getByRole('button', { name: '详情', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/deliveryDetail');
    await page.getByText('检查清单').waitFor();
    expect(await page.locator('.ant-descriptions-item-label').count()).toBeGreaterThan(0);
    expect(await rows(page).count()).toBeGreaterThan(0);
  });
});
