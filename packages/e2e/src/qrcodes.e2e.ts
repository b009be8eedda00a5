import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { clickRowButton } from './support/actions';
import { useBrowser } from './support/browser';
import { pickOption, waitForDialogsToSettle } from './support/page';
import { demoAccounts, signIn } from './support/session';

const open = useBrowser();

describe('二维码管理', () => {
  it('generates a QR code on an enabled template and downloads its PNG, which reads back as its sign-up link', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    await page.goto('/qrcodeManagement');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: '新增二维码' });
    await drawer.waitFor();
    await waitForDialogsToSettle(page);
    const name = `端到端${Date.now().toString(36)}`;
    await drawer.getByLabel('二维码名称').fill(name);
    for (const [label, option] of [
      ['渠道', /门店海报二维码/],
      ['业务员', /系统管理员/],
      ['海报模板', /春季司机招募海报/],
    ] as const) {
      // Each picked and its dropdown gone before the next: an open one covers the drawer's 保存.
      await pickOption(page, drawer, label, option);
    }
    await drawer.getByRole('button', { name: '保存' }).click();
    await page.locator('.ant-message').getByText('操作成功').waitFor();
    await drawer.waitFor({ state: 'detached' });

    const row = page.getByRole('row', { name: new RegExp(name) });
    await clickRowButton(page, row, '下载二维码');
    const dialog = page.getByRole('dialog', { name: `下载二维码：${name}` });
    await dialog.getByRole('img', { name: `${name}的二维码` }).waitFor();
    const link = (await dialog.getByText(/\/signup\?c=/).textContent())?.trim() ?? '';
    expect(link).toMatch(/\/signup\?c=[A-Za-z0-9_-]{16}$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: '下载二维码PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${name}.png`);
    const png = PNG.sync.read(await readFile(await download.path()));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(link);

    // The poster is composed in the browser from the template and offered once drawn.
    const poster = dialog.getByRole('button', { name: '下载海报PNG' });
    await expect.poll(() => poster.isEnabled(), { timeout: 30_000 }).toBe(true);
    const [posterDownload] = await Promise.all([page.waitForEvent('download'), poster.click()]);
    expect(posterDownload.suggestedFilename()).toBe(`${name}-海报.png`);
    const composed = PNG.sync.read(await readFile(await posterDownload.path()));
    expect([composed.width, composed.height]).toEqual([750, 1334]);
  });
});
