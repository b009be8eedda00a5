import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { act } from './support/actions';
import { useBrowser } from './support/browser';
import { chooseOption, formItem } from './support/page';
import { api, demoAccounts, signIn } from './support/session';

const open = useBrowser();

/** A 48×32 orange picture: a real image the detail page must show at its size. */
function picture(): Buffer {
  const png = new PNG({ width: 48, height: 32 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([194, 65, 12, 255], i);
  return PNG.sync.write(png);
}

const payload =
  '<p>粘贴的内容<img src="x" onerror="window.__xss=1;alert(1)"><script>window.__xss=2</script>' +
  '<a href="javascript:window.__xss=3">点此领取</a><svg onload="window.__xss=4"></svg></p>';

describe('麦卡学堂', () => {
  it('writes an article with a picture and an XSS attempt, publishes it, and shows it inert on its detail', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await open();
    const token = await signIn(context, demoAccounts.admin);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const title = `端到端文章${Date.now() % 100_000}`;

    await page.goto('/maikaSchoolAdd');
    await page.getByLabel('文章标题').fill(title);
    await formItem(page, page.locator('form'), '文章分类').locator('.ant-select').click();
    await chooseOption(page, '安全驾驶');
    await page.getByLabel('作者').fill('端到端');
    const editor = page.getByRole('textbox', { name: '正文' });
    await editor.waitFor({ timeout: 45_000 });
    await editor.click();
    // Typed into the editor, the payload is words.
    await page.keyboard.type('<img src=x onerror=alert(9)>雨天行车');
    await page.getByTestId('rich-text-picture').setInputFiles({
      name: '雨天示意.png',
      mimeType: 'image/png',
      buffer: picture(),
    });
    await editor.locator('img[src^="/api/files/public/"]').waitFor();
    await page.getByRole('button', { name: '保存' }).click();
    // Saved, the form goes back to the list.
    await page.waitForURL(/\/maikaSchool(\?|$)/);

    const found = await api<{ list: { id: string; content: string }[] }>(
      `/api/articles?title=${encodeURIComponent(title)}`,
      { token },
    );
    const saved = found.data.list[0];
    expect(saved).toBeDefined();
    // The same article sent as raw HTML, as a client other than the editor could: the server keeps it inert.
    const row0 = await api<{ version: number; content: string }>(`/api/articles/${saved?.id}`, { token });
    const edited = await api(`/api/articles/${saved?.id}`, {
      token,
      method: 'PUT',
      body: JSON.stringify({
        title,
        category: 2,
        author: '端到端',
        content: row0.data.content + payload,
        version: row0.data.version,
      }),
    });
    expect(edited.code).toBe(0);
    await page.goto(`/maikaSchool?title=${encodeURIComponent(title)}`);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.waitFor({ timeout: 45_000 });
    await act(page, row, '发布');
    await row.getByText('已发布').waitFor();

    await page.goto(`/maikaSchool?detail=${saved?.id}`);
    const drawer = page.locator('.ant-drawer').filter({ hasText: title });
    const body = drawer.locator('.rich-text-content');
    await body.waitFor({ timeout: 45_000 });
    await body.getByText('<img src=x onerror=alert(9)>雨天行车').waitFor();
    const image = body.locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    expect(await image.count()).toBe(1);
    expect(await image.getAttribute('src')).toMatch(/^\/api\/files\/public\//);
    // Nothing of the payload runs or is there to run.
    expect(await body.locator('script, svg, iframe, [onerror], [onload], a[href^="javascript"]').count()).toBe(0);
    const link = body.getByText('点此领取');
    if ((await link.count()) > 0) await link.click();
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});
