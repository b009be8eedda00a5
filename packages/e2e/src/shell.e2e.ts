import { describe, expect, it } from 'vitest';
import { narrow, useBrowser } from './support/browser';
import { expectLocation, openUserMenuItem, waitForToast } from './support/page';
import { api, demoAccounts, signIn } from './support/session';

const open = useBrowser();
const { admin } = demoAccounts;

describe('console shell', () => {
  it('has the logo, title, top menu, download records, avatar, user name and logout link', async () => {
    const { context, page } = await open();
    await signIn(context, admin);
    await page.goto('/home');
    await page.getByRole('heading', { name: /系统管理员/ }).waitFor();
    const header = page.locator('header');
    await header.getByRole('img', { name: 'CP运营管理系统标志' }).waitFor();
    await header.getByText('CP运营管理系统').waitFor();
    await header.getByRole('link', { name: '下载记录' }).waitFor();
    await header.getByText('系统管理员').waitFor();
    await header.getByRole('link', { name: '退出登录' }).waitFor();
    // Sections of the user's menus that have built pages; 下载记录 is never a top-menu entry.
    const topMenu = await page.getByRole('navigation', { name: '顶部菜单' }).getByRole('menuitem').allTextContents();
    expect(topMenu).toContain('配置管理');
    expect(topMenu).not.toContain('下载记录');
    await page.getByRole('navigation', { name: '顶部菜单' }).getByText('配置管理').click();
    await page.getByRole('navigation', { name: '侧边菜单' }).getByRole('link', { name: '角色管理' }).click();
    await expectLocation(page, '/roleManagement');
  });

  it('keeps the header in place on a page longer than the window', async () => {
    const { context, page } = await open({ width: 1440, height: 500 });
    await signIn(context, admin);
    await page.goto('/vehicleList');
    await page.locator('.ant-table-row').first().waitFor();
    await page.mouse.wheel(0, 2000);
    await page.waitForFunction(() => window.scrollY > 200);
    expect((await page.locator('header').boundingBox())?.y).toBe(0);
    await page.locator('header').getByRole('link', { name: '退出登录' }).waitFor();
  });

  it('wears the orange theme over the prebuilt antd styles: selected menu entry, primary button, focused input', async () => {
    const { context, page } = await open();
    await signIn(context, admin);
    await page.goto('/roleManagement');
    // The theme's #c2410c: white on it reads at 5.18:1 (web/src/app/theme.ts).
    const orange = 'rgb(194, 65, 12)';
    const style = (locator: ReturnType<typeof page.locator>, property: string) =>
      locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
    const selected = page.getByRole('navigation', { name: '侧边菜单' }).locator('.ant-menu-item-selected');
    expect(await style(selected, 'color')).toBe(orange);
    expect(await style(page.getByRole('button', { name: '新增角色' }), 'background-color')).toBe(orange);
    const keyword = page.getByLabel('关键字');
    await keyword.focus();
    await expect.poll(() => style(keyword.locator('xpath=..'), 'border-color')).toBe(orange);
  });

  it('greets the user on /home with the pending count and shortcuts to their menus', async () => {
    const { context, page } = await open();
    await signIn(context, admin);
    await page.goto('/home');
    await page.getByRole('heading', { name: /^(早上好|中午好|下午好|晚上好)，系统管理员$/ }).waitFor();
    await page.getByText('我的待办').waitFor();
    await page.locator('.home-page').getByRole('link', { name: '角色管理' }).click();
    await expectLocation(page, '/roleManagement');
  });

  it('draws the watermark of user name, code and date-time once user info is loaded', async () => {
    const { context, page } = await open();
    await page.goto('/login');
    await page.getByLabel('登录账号').waitFor();
    expect(await page.locator('[data-watermark]').count()).toBe(0);
    await signIn(context, admin);
    await page.goto('/home');
    const layer = page.locator('[data-watermark]');
    await layer.waitFor();
    expect(await layer.getAttribute('data-watermark')).toMatch(/^系统管理员 CP0001 \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const drawn = await layer.evaluate((element) =>
      Array.from(element.querySelectorAll('div')).some((div) =>
        getComputedStyle(div).backgroundImage.startsWith('url("data:image/png'),
      ),
    );
    expect(drawn).toBe(true);
  });

  it('shows personal info from the avatar menu', async () => {
    const { context, page } = await open();
    await signIn(context, admin);
    await page.goto('/home');
    await openUserMenuItem(page, '个人信息');
    const dialog = page.getByRole('dialog', { name: '个人信息' });
    for (const text of [
      '用户名',
      '登录账号',
      '角色',
      '手机号',
      '公司名称',
      '邮箱',
      '超级管理员',
      '北京分公司',
      'admin@cp-demo.cn',
    ]) {
      await dialog.getByText(text, { exact: true }).waitFor();
    }
  });

  it('checks the change-password form and says the change is not supported', async () => {
    const { context, page } = await open();
    await signIn(context, admin);
    await page.goto('/home');
    await openUserMenuItem(page, '修改密码');
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.getByText('密码长度6-10位，须包含数字、字母、符号中至少两种，不能包含手机号，不能包含空格').waitFor();
    await dialog.getByRole('button', { name: '确定' }).click();
    for (const text of ['旧密码不能为空', '密码不能为空', '确认密码不能为空']) {
      await dialog.getByText(text, { exact: true }).waitFor();
    }
    await dialog.getByLabel('旧密码').fill('admin123');
    await dialog.getByLabel('新密码').fill('abc12345');
    await dialog.getByLabel('确认密码').fill('abc12345');
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.locator('.ant-message').getByText('该功能暂不支持').waitFor();
  });

  it('logs out: the server session ends, cookies are cleared and the user is at /login', async () => {
    const { context, page } = await open();
    const token = await signIn(context, admin);
    await page.goto('/roleManagement');
    await page.getByRole('button', { name: '收起侧边栏' }).click();
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain('sidebarStatus');
    await page.getByRole('link', { name: '退出登录' }).click();
    await expectLocation(page, '/login');
    expect(await context.cookies()).toEqual([]);
    expect((await api('/api/user/info', { token })).code).toBe(1002);
    await page.goto('/home');
    await expectLocation(page, '/login?redirect=/home');
  });

  it('keeps the sidebar open or closed across reloads, 270px wide when open', async () => {
    const { context, page } = await open();
    await signIn(context, admin);
    await page.goto('/roleManagement');
    const sidebar = page.getByRole('navigation', { name: '侧边菜单' });
    await sidebar.waitFor();
    expect((await page.locator('.shell-sider').boundingBox())?.width).toBe(270);
    await page.getByRole('button', { name: '收起侧边栏' }).click();
    await sidebar.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('button', { name: '展开侧边栏' }).waitFor();
    expect(await sidebar.count()).toBe(0);
    await page.getByRole('button', { name: '展开侧边栏' }).click();
    await sidebar.waitFor();
  });

  it('turns mobile below 992px: the sidebar closes and opens as a drawer', async () => {
    const { context, page } = await open(narrow);
    await signIn(context, admin);
    await page.goto('/roleManagement?keyword=超级');
    await page.getByRole('cell', { name: 'superAdmin' }).waitFor();
    expect(await page.getByRole('navigation', { name: '侧边菜单' }).count()).toBe(0);
    await page.getByRole('button', { name: '展开侧边栏' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByRole('link', { name: '角色管理' }).click();
    await expectLocation(page, '/roleManagement');
    await drawer.waitFor({ state: 'detached' });
  });

  it('shows a failed call as a closable error toast', async () => {
    const { context, page } = await open();
    await signIn(context, admin);
    await page.goto('/roleManagement');
    await page.getByRole('button', { name: '新增角色' }).click();
    const drawer = page.getByRole('dialog', { name: '新增角色' });
    await drawer.getByLabel('角色编码').fill('superAdmin');
    await drawer.getByLabel('角色名称').fill('重复编码');
    await drawer.getByRole('button', { name: '保存' }).click();
    await waitForToast(page, '角色编码 superAdmin 已存在');
    await page.locator('.ant-message').getByRole('button', { name: '关闭' }).click();
    await page.locator('.ant-message').getByText('角色编码 superAdmin 已存在').waitFor({ state: 'detached' });
  });
});
