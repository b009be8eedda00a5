import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { expectLocation } from './support/page';
import { demoAccounts, signIn } from './support/session';

const open = useBrowser();

describe('role management', () => {
  it('keeps the keyword filter in the URL across a reload and a trip to /home and back', async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    await page.goto('/roleManagement');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await page.getByRole('cell', { name: 'vehicleOrderOps' }).waitFor();
    // 超级管理员, 车辆订单专员 and the approvers' 运营经理 and 财务专员.
    expect(await rows.count()).toBe(4);

    await page.getByLabel('关键字').fill('超级');
    await page.getByRole('button', { name: '查询' }).click();
    await expectLocation(page, '/roleManagement?keyword=超级');
    await page.getByRole('cell', { name: 'vehicleOrderOps' }).waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(1);

    await page.reload();
    await page.getByRole('cell', { name: 'superAdmin' }).waitFor();
    expect(await page.getByLabel('关键字').inputValue()).toBe('超级');
    expect(await rows.count()).toBe(1);

    await page.locator('.shell-breadcrumb').getByRole('link', { name: '首页' }).click();
    await expectLocation(page, '/home');
    await page.goBack();
    await expectLocation(page, '/roleManagement?keyword=超级');
    await page.getByRole('cell', { name: 'superAdmin' }).waitFor();
    expect(await page.getByLabel('关键字').inputValue()).toBe('超级');
    expect(await rows.count()).toBe(1);
  });

  it('adds a role with permissions from the tree, then deletes it after confirmation', async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    await page.goto('/roleManagement');
    await page.getByRole('button', { name: '新增角色' }).click();
    const drawer = page.getByRole('dialog', { name: '新增角色' });
    await drawer.getByLabel('角色编码').fill('e2eAuditor');
    await drawer.getByLabel('角色名称').fill('端到端审计员');
    await drawer.getByRole('checkbox', { name: '财务管理' }).click();
    await drawer.getByRole('button', { name: '保存' }).click();
    await page.locator('.ant-message').getByText('操作成功').waitFor();

    const row = page.getByRole('row', { name: /e2eAuditor/ });
    await row.waitFor();
    await row.getByRole('button', { name: '分配权限' }).click();
    const grant = page.getByRole('dialog', { name: '分配权限' });
    const finance = grant.getByRole('checkbox', { name: '财务管理' });
    await finance.waitFor();
    expect(await finance.getAttribute('aria-checked')).toBe('true');
    expect(await grant.getByRole('checkbox', { name: '车辆管理' }).getAttribute('aria-checked')).toBe('false');
    await grant.getByRole('button', { name: '取消' }).click();

    await row.getByRole('button', { name: '删除' }).click();
    await page.getByText('确定删除角色「端到端审计员」吗？').waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-message').getByText('删除成功').waitFor();
    await row.waitFor({ state: 'detached' });
  });
});
