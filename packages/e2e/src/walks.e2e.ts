/// <reference types="vite/client" />
import type { MenuNode, Screen } from '@cp/contracts';
import * as contracts from '@cp/contracts';
import { type RouteDef, routesByKey } from '@cp/contracts/routes';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { headerPlaces } from './support/columns';
import { expectLocation } from './support/page';
import { api, type DemoAccount, demoAccounts, signIn } from './support/session';

const open = useBrowser();

/** What the walks read of a web family (`defineFamily`): its screens and where a row's 详情 goes. */
interface DeclaredFamily {
  resource: { key: string; title: string };
  screens: Readonly<Record<string, Screen>>;
  routes?: { detail?: string; detailBy?: string };
}

/**
 * Every family the web registers, read from each feature's `families` module as the app's own checks find them
 * (`app/familyButtons.test.ts`): a family added later is walked without editing this file.
 */
const familyModules = import.meta.glob<{ families: readonly DeclaredFamily[] }>('../../web/src/*/families.{ts,tsx}', {
  eager: true,
});
const families = Object.values(familyModules).flatMap((module) => module.families);

/** The web's router over the catalogue: a menu entry whose page is not built is neither routed nor shown. */
const [pagesModule] = Object.values(
  import.meta.glob<{ routeTable: { resolve(pathname: string): RouteDef | undefined } }>('../../web/src/app/pages.ts', {
    eager: true,
  }),
);
if (!pagesModule) throw new Error('no web/src/app/pages.ts');
const { routeTable } = pagesModule;

/** Each page of a list (an embedded screen is a tab of another family's detail page, opened with it). */
const listScreens = families.flatMap((family) =>
  Object.values(family.screens)
    .filter((screen) => !screen.embedded)
    .map((screen) => ({ family, screen })),
);

/**
 * Every list screen of the contracts (each family's `…Screens`) that opens from the sidebar: a hidden page lists
 * one parent's rows (上传日志详情 of a batch) and an embedded screen is a tab of a detail page.
 */
const declaredScreens: Screen[] = Object.entries(contracts)
  .filter(([name]) => name.endsWith('Screens'))
  .flatMap(([, screens]) => Object.values(screens as Record<string, Screen>))
  .filter((screen) => !screen.embedded && !screen.route.hidden);

/** The paths the walk of details opens (each list page, watched as the menu walk would). */
const walkedLists = new Set(listScreens.map(({ screen }) => screen.path));

/**
 * Lists the demo leaves empty for the admin of 北京分公司, each with why; any other empty list is reported.
 */
const emptyByDesign: Readonly<Record<string, string>> = {};

const toastWatcher = () => {
  // An error toast (a refusal, a failed call) or notification, recorded as it appears: it may be gone by the
  // time the step ends.
  const seen: string[] = [];
  (window as unknown as { __errorToasts: string[] }).__errorToasts = seen;
  const selector = '.ant-message-error, .ant-message-notice-error, .ant-notification-notice-error';
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (!(node instanceof Element)) continue;
        const found = node.matches(selector) ? [node] : Array.from(node.querySelectorAll(selector));
        for (const element of found) seen.push(element.textContent?.trim() ?? '');
      }
    }
  }).observe(document, { childList: true, subtree: true });
};

/**
 * Watches a page for what a user would meet: a script error, an error in the console, a call the server
 * refused (an HTTP error or an envelope whose code is not 0), an error toast; and counts the calls in flight.
 */
async function watch(page: Page) {
  const problems: string[] = [];
  const reading = new Set<Promise<void>>();
  let inFlight = 0;
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  const callName = (method: string, url: string) => {
    const { pathname, search } = new URL(url);
    return `${method} ${pathname}${decodeURIComponent(search)}`;
  };
  await page.addInitScript(toastWatcher);
  page.on('pageerror', (error) => problems.push(`脚本错误：${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`控制台错误：${message.text()}`);
  });
  page.on('request', (request) => {
    if (isApi(request.url())) inFlight += 1;
  });
  const settle = (request: { url(): string }) => {
    if (isApi(request.url())) inFlight -= 1;
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', (request) => {
    settle(request);
    // A call the page itself called off (its query superseded by a newer one) is not a failure a user meets.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    if (isApi(request.url())) problems.push(`请求失败：${callName(request.method(), request.url())}`);
  });
  page.on('response', (response) => {
    if (!isApi(response.url())) return;
    const call = callName(response.request().method(), response.url());
    if (response.status() >= 400) {
      problems.push(`拒绝的请求：${call} → HTTP ${response.status()}`);
      return;
    }
    if (!response.headers()['content-type']?.includes('json')) return;
    const read = response
      .json()
      .then((body: { code?: unknown; msg?: unknown }) => {
        if (typeof body.code === 'number' && body.code !== 0) {
          problems.push(`拒绝的请求：${call} → ${body.code} ${String(body.msg)}`);
        }
      })
      .catch(() => undefined)
      .finally(() => reading.delete(read));
    reading.add(read);
  });
  return {
    /** Waits for the page's calls to end and its spinners to stop, then answers (and forgets) what went wrong. */
    async drain(): Promise<string[]> {
      await expect.poll(() => inFlight, { timeout: 30_000 }).toBe(0);
      await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 30_000 });
      await Promise.all([...reading]);
      const toasts = await page.evaluate(
        () => (window as unknown as { __errorToasts?: string[] }).__errorToasts?.splice(0) ?? [],
      );
      const crashed = await page.getByText('页面出错了').count();
      return [
        ...problems.splice(0),
        ...toasts.map((text) => `错误提示：${text}`),
        ...(crashed > 0 ? ['页面出错了'] : []),
      ];
    },
  };
}

/**
 * Whether a list that opens from the sidebar shows its identity and every key column at 1440 × 900 without
 * scrolling sideways (a hidden page lists one parent's rows and is left to its own layout).
 */
async function columnProblems(page: Page, screen: Screen): Promise<string | undefined> {
  if (screen.route.hidden) return undefined;
  const columns = [screen.identity ?? '', ...screen.keyColumns].filter(Boolean);
  if (columns.length === 0) return undefined;
  await page.locator(`th[data-column="${columns[0]}"]`).waitFor();
  const { scrolled, hidden } = await headerPlaces(page, columns);
  if (scrolled) return '表格已横向滚动';
  if (hidden.length > 0) return `${hidden.join('、')} 不在 1440 × 900 的可见范围内`;
  return undefined;
}

/** The first row's 详情 opened from the list; answers what the detail shows, or why it shows nothing. */
async function openFirstDetail(page: Page, family: DeclaredFamily, screen: Screen): Promise<string | undefined> {
  await page.goto(screen.path);
  // The list's first row, or its empty state once the list has answered.
  const row = page.locator('.ant-table-tbody tr.ant-table-row:visible').first();
  const empty = page.locator('.ant-table-tbody .ant-empty:visible').first();
  await row.or(empty).waitFor();
  if (!(await row.isVisible())) {
    // An empty state drawn while the list still loads is not yet the answer.
    await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
    if (!(await row.isVisible())) return '列表没有数据';
  }
  const columns = await columnProblems(page, screen);
  if (columns) return columns;
  const id = (await row.getAttribute('data-row-key')) ?? '';
  await row.getByRole('button', { name: /^详\s*情$/ }).click();
  const { detail, detailBy } = family.routes ?? {};
  const route: RouteDef | undefined = detail ? routesByKey.get(detail) : undefined;
  if (route && detailBy) {
    // 详情 of an upload is the list of its rows.
    await expectLocation(page, `${route.path}?${detailBy}=${id}`);
    await page.locator('.ant-table-tbody tr.ant-table-row:visible').first().waitFor();
    return undefined;
  }
  // A detail page, or the same view in a drawer over the list for a family without one. A page kept by the
  // page cache stays in the document, hidden: only what is visible is the detail.
  if (route) {
    // The detail's path, its parameters (`/retailOrderView/:id`) filled in.
    const path = new RegExp(`^${route.path.replace(/:\w+/g, '[^/]+')}$`);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(path);
  }
  await page.locator('.ant-descriptions:visible').first().waitFor();
  const title = (await page.locator('h4:visible').first().textContent())?.trim();
  if (!title) return '详情没有标题';
  const values = await page.locator('.ant-descriptions-item-content:visible').allTextContents();
  if (!values.some((value) => value.trim() !== '' && value.trim() !== '—')) return `${title}：详情没有一项有值`;
  return undefined;
}

describe("each list and its first row's detail", () => {
  it('open for the admin of 北京分公司 at 1440 × 900: key columns in view, the detail with its title and values, without an error or a refusal', async () => {
    expect(listScreens.length).toBeGreaterThan(families.length / 2);
    console.info(`${listScreens.length} list screens of ${families.length} families`);
    // Every list screen the contracts declare is one a web family shows, and so walked here.
    const walked = new Set(listScreens.map(({ screen }) => screen.key));
    expect(declaredScreens.filter((screen) => !walked.has(screen.key)).map((screen) => screen.key)).toEqual([]);
    const { context, page } = await open({ width: 1440, height: 900 });
    await signIn(context, demoAccounts.admin);
    const watcher = await watch(page);
    const report: string[] = [];
    for (const { family, screen } of listScreens) {
      const name = `${screen.route.title}（${screen.key}）`;
      // A detail that never shows is reported with its screen, and the walk goes on to the next.
      const shown = await openFirstDetail(page, family, screen).catch((error: Error) => error.message.split('\n')[0]);
      const problems = await watcher.drain();
      if (shown === '列表没有数据' && emptyByDesign[screen.key]) continue;
      if (shown) report.push(`${name}：${shown}`);
      for (const problem of problems) report.push(`${name}：${problem}`);
    }
    expect(report).toEqual([]);
  }, 900_000);
});

/** The pages of a menu, in its order: entries with a path whose page the web has built. */
function menuPages(nodes: readonly MenuNode[]): { title: string; path: string }[] {
  return nodes.flatMap((node) => [
    ...(node.path && routeTable.resolve(node.path) ? [{ title: node.title, path: node.path }] : []),
    ...menuPages(node.children ?? []),
  ]);
}

describe('every page of each demo role’s menu', () => {
  const roles: [string, DemoAccount][] = Object.entries(demoAccounts);
  for (const [role, account] of roles) {
    it(`opens for ${role} without an error, a refusal or an error toast`, async () => {
      const { context, page } = await open();
      const token = await signIn(context, account);
      const menu = await api<MenuNode[] | { menuData: MenuNode[] }>('/api/user/role-menu?appId=cp-console', {
        token,
      });
      const nodes = Array.isArray(menu.data) ? menu.data : menu.data.menuData;
      const entries = menuPages(nodes);
      expect(entries.length).toBeGreaterThan(0);
      // The admin's list pages were each opened, watched the same way, by the walk of their details above.
      const pages = account === demoAccounts.admin ? entries.filter((entry) => !walkedLists.has(entry.path)) : entries;
      console.info(`${role}: ${entries.length} pages, ${pages.length} not walked above`);
      const watcher = await watch(page);
      const report: string[] = [];
      for (const { title, path } of pages) {
        // Drained once drawn: its calls are in flight by then (a call made later is caught with the next page's).
        await page.goto(path);
        await page.locator('.shell-breadcrumb').waitFor();
        for (const problem of await watcher.drain()) report.push(`${title}（${path}）：${problem}`);
      }
      // What the last page asked for late.
      await page.waitForLoadState('networkidle');
      for (const problem of await watcher.drain()) report.push(`${pages.at(-1)?.title}：${problem}`);
      expect(report).toEqual([]);
    }, 900_000);
  }
});
