import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

export const baseUrl = inject('baseUrl');

/** Debian's Chromium; never a downloaded one. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const launchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const desktop = { width: 1400, height: 900 };
export const narrow = { width: 820, height: 900 };

export interface Opened {
  context: BrowserContext;
  page: Page;
}

/** One headless browser per test file; every test gets a fresh context (no cookies, no storage). */
export function useBrowser(): (viewport?: { width: number; height: number }) => Promise<Opened> {
  let browser: Browser | undefined;
  const open: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: launchArgs });
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return async (viewport = desktop) => {
    if (!browser) throw new Error('browser not launched');
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    context.setDefaultTimeout(15_000);
    open.push(context);
    return { context, page: await context.newPage() };
  };
}
