import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickRowButton } from './support/actions';
import { useBrowser } from './support/browser';
import { chooseOption } from './support/page';
import { demoAccounts, signIn } from './support/session';

const open = useBrowser();

const success = (page: Page) => page.locator('.ant-message').getByText('操作成功').last().waitFor();

describe('渠道管理, 规则管理 and 政企客户', () => {
  it('creates a channel and stops it after the warning that new leads stop', { timeout: 120_000 }, async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    const name = `端到端渠道${Date.now() % 100000}`;
    await page.goto('/channelManagement');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: '新增渠道' });
    await drawer.getByLabel('渠道名称').fill(name);
    await drawer.getByLabel('渠道类型').click();
    await chooseOption(page, '地推');
    await drawer.getByLabel('负责人').click();
    await chooseOption(page, '系统管理员');
    await drawer.getByRole('button', { name: '保存' }).click();
    await success(page);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByRole('cell', { name: '启用', exact: true }).waitFor();
    await clickRowButton(page, row, '停用');
    const dialog = page.getByRole('dialog').filter({ hasText: '不再接收新线索' });
    await dialog.getByRole('button', { name: '确定', exact: true }).click();
    await success(page);
    await row.getByRole('cell', { name: '停用', exact: true }).waitFor();
  });

  it('creates an allocation rule with two salespeople', { timeout: 120_000 }, async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    const name = `端到端规则${Date.now() % 100000}`;
    await page.goto('/ruleManagement');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: '新增分配规则' });
    await drawer.getByLabel('规则名称').fill(name);
    await drawer.getByLabel('优先级').fill('555');
    await drawer.getByLabel('销售人员').click();
    await chooseOption(page, '系统管理员', { multiple: true });
    await chooseOption(page, '运营专员', { multiple: true });
    await drawer.getByRole('switch', { name: '启用' }).click();
    await drawer.getByRole('button', { name: '保存' }).click();
    await success(page);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    expect(await row.textContent()).toContain('555');
  });

  it('refuses a 政企客户 with a wrong credit code in words, then saves the right one and links to it', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    await page.goto('/governmentCustomerAdd');
    await page.getByLabel('企业名称').fill('端到端测试集团有限公司');
    await page.getByLabel('统一社会信用代码').fill('91110000802100433C');
    await page.getByLabel('法定代表人').fill('张三');
    await page.getByLabel('城市').click();
    await chooseOption(page, '北京市');
    await page.getByRole('textbox', { name: '联系人' }).fill('李四');
    await page.getByLabel('联系电话').fill('13900002222');
    await page.getByRole('button', { name: '保存' }).click();
    // Said under the field, and named in the message the form shows when a save is refused.
    await page
      .locator('.ant-form-item-explain-error', { hasText: '统一社会信用代码：校验位不正确，请核对营业执照上的代码' })
      .waitFor();
    await page.getByLabel('统一社会信用代码').fill('91110000802100433B');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('政企客户「端到端测试集团有限公司」已保存').waitFor();
    await page.getByRole('button', { name: '编辑该政企客户' }).click();
    await page.waitForURL(/\/governmentCustomerEdit\?id=\d+/);
    // No empty form in between: the saved row stays until the edit page shows the row loaded.
    expect(await page.getByLabel('统一社会信用代码').inputValue()).toBe('91110000802100433B');
    expect(await page.getByLabel('企业名称').inputValue()).toBe('端到端测试集团有限公司');
  });
});
