import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

export const baseUrl = inject('baseUrl');

/** Debian's Chromium; never a downloaded one. */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const desktop = { width: 1400, height: 900 };
export const narrow = { width: 820, height: 900 };

export interface Opened {
  context: BrowserContext;
  page: Page;
}

/** One headless browser per test file; every test gets a fresh context (no cookies, no storage). */
export function useBrowser(): (viewport?: { width: number; height: number }) => Promise<Opened> {
  let browser: Browser | undefined;
  const open: BrowserContext[] = [];
  /** What the content security policy refused: a page that needs more than the policy allows is a defect. */
  const refused: string[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: launchArgs });
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
    const violations = refused.splice(0);
    if (violations.length > 0) throw new Error(`内容安全策略拦截了：\n${violations.join('\n')}`);
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
    context.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    open.push(context);
    return { context, page: await context.newPage() };
  };
}
