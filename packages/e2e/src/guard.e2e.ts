import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { expectLocation, expectTitle, submitLogin, waitForToast } from './support/page';
import { api, demoAccounts, loginToken, signIn, tokenCookie } from './support/session';

const open = useBrowser();
const { admin } = demoAccounts;

describe('route guard', () => {
  it('sends / to the login page', async () => {
    const { page } = await open();
    await page.goto('/');
    await expectLocation(page, '/login');
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
    await expectTitle(page, '登录 - CP运营管理系统');
  });

  it('shows 404 for an unknown path inside the console, naming the path, with a way home', async () => {
    const { context, page } = await open();
    await signIn(context, admin);
    await page.goto('/no-such-page');
    await expectLocation(page, '/404?path=/no-such-page');
    await page.getByText('页面不存在：/no-such-page').waitFor();
    await expectTitle(page, '404 - CP运营管理系统');
    // The frame stays: header with the user, and the menus to go on from.
    await page.locator('header').getByText('系统管理员').waitFor();
    await page.getByRole('navigation', { name: '顶部菜单' }).waitFor();
    await page.getByRole('navigation', { name: '侧边菜单' }).waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await expectLocation(page, '/home');
  });

  it('shows 404 alone, naming the path, to a visitor without a session', async () => {
    const { page } = await open();
    await page.goto('/no-such-page');
    await expectLocation(page, '/404?path=/no-such-page');
    await page.getByText('页面不存在：/no-such-page').waitFor();
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
    expect(await page.locator('header').count()).toBe(0);
  });

  it('a first visit to /login transfers at most 250 KB of scripts and styles: the login form, not the console', async () => {
    const { page } = await open();
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      // Bytes as sent (compressed bodies: brotli or gzip, whichever the browser took), in a fresh context.
      if (/\.(?:js|css)$/.test(new URL(request.url()).pathname)) {
        sizes.push(request.sizes().then((size) => size.responseBodySize));
      }
    });
    await page.goto('/login');
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const kilobytes = (await Promise.all(sizes)).reduce((sum, bytes) => sum + bytes, 0) / 1024;
    // Before the console was split off the login page loaded it all: 339 KB (docs/BENCHMARKS.md, first visit).
    expect(kilobytes).toBeLessThanOrEqual(250);
  });

  it('sends a signed-out visitor of a console page to login, remembering the page', async () => {
    const { page } = await open();
    await page.goto('/roleManagement?keyword=运营');
    await page.getByLabel('登录账号').waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe(`/roleManagement?keyword=${encodeURIComponent('运营')}`);
  });

  it('reports a wrong password, then logs in and returns to the remembered page', async () => {
    const { context, page } = await open();
    await page.goto('/roleManagement');
    await expectLocation(page, '/login?redirect=/roleManagement');
    await submitLogin(page, 'admin', 'wrong-password');
    await page.getByRole('alert').getByText('账号或密码错误').waitFor();
    expect(await tokenCookie(context)).toBeUndefined();

    await submitLogin(page, admin.loginId, admin.password);
    await expectLocation(page, '/roleManagement');
    await expectTitle(page, '角色管理 - CP运营管理系统');
    expect(await tokenCookie(context)).toMatch(/^[\w-]{20,}$/);
    const breadcrumb = page.locator('.shell-breadcrumb');
    await breadcrumb.getByRole('link', { name: '首页' }).waitFor();
    const crumbs = await breadcrumb.locator('li').allTextContents();
    expect(crumbs.map((text) => text.trim()).filter((text) => text !== '/')).toEqual(['首页', '配置管理', '角色管理']);
  });

  it('still opens /login and /404 with a token', async () => {
    const { context, page } = await open();
    await signIn(context, admin);
    await page.goto('/login');
    await page.getByLabel('登录账号').waitFor();
    await expectLocation(page, '/login');
    await page.goto('/404');
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
    await page.locator('header').getByText('系统管理员').waitFor();
    await expectLocation(page, '/404');
  });

  it('logs in directly with ?token= and lands on the page without the token in the URL', async () => {
    const { context, page } = await open();
    const token = await loginToken(admin);
    await page.goto(`/roleManagement?token=${token}`);
    await expectLocation(page, '/roleManagement');
    await page.getByRole('cell', { name: 'superAdmin' }).waitFor();
    const session = await tokenCookie(context);
    expect(session).toBeDefined();
    expect(session).not.toBe(token);
  });

  it('turns an authorization code at / into a messaging-platform login, which says it is not configured', async () => {
    const { page } = await open();
    await page.goto('/?code=auth-code-1&state=success');
    await expectLocation(page, '/login?code=auth-code-1&state=success');
    await page.getByRole('alert').getByText('未配置企业消息平台登录').waitFor();
  });

  it('clears a rejected token, says why and goes to login with the redirect', async () => {
    const { context, page } = await open();
    const token = await signIn(context, admin);
    await api('/api/auth/logout', { method: 'POST', token });
    await page.goto('/home');
    await expectLocation(page, '/login?redirect=/home');
    await waitForToast(page, '登录已过期，请重新登录');
    expect(await tokenCookie(context)).toBeUndefined();
  });
});
