import { describe, expect, it } from 'vitest';
import { input } from './support/actions';
import { useBrowser } from './support/browser';
import { chooseOption, formItem, pickOption, waitForDialogsToSettle, waitForToast } from './support/page';
import { api, demoAccounts, loginToken, signIn } from './support/session';

const open = useBrowser();

type Listed<T> = { list: T[]; total: number };
type Option = { label: string; value: string; children?: Option[] };

/** The first model of the catalogue: a leaf under a brand and a series. */
const firstLeaf = (options: readonly Option[]): string | undefined => {
  const [first] = options;
  if (!first) return undefined;
  return first.children?.length ? firstLeaf(first.children) : first.label;
};

describe('产品报价', () => {
  it('is started from 我发起的, decided by the 运营经理 on its approval page, and approved', {
    timeout: 180_000,
  }, async () => {
    const admin = await loginToken(demoAccounts.admin);
    const clients = await api<{ label: string; value: string }[]>('/api/lookups/customers?search=', { token: admin });
    const client = clients.data[0];
    if (!client) throw new Error('no customer');
    const model = firstLeaf((await api<Option[]>('/api/lookups/vehicle-catalog', { token: admin })).data) ?? '';

    const { context, page } = await open();
    await signIn(context, demoAccounts.admin);
    await page.goto('/initiated');
    await page.getByRole('button', { name: '新增', exact: true }).hover();
    await page.getByRole('menuitem', { name: '产品报价' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '新增产品报价' });
    await drawer.waitFor();
    await waitForDialogsToSettle(page);
    await formItem(page, drawer, '客户').locator('.ant-select').click();
    await page.keyboard.type(client.label.slice(0, 3));
    await chooseOption(page);
    await pickOption(page, drawer, '用车城市');
    await formItem(page, drawer, '车型').locator('.ant-select').click();
    await page.keyboard.type(model);
    await page.locator('.ant-select-dropdown:visible').getByTitle(model, { exact: true }).first().click();
    await input(drawer, '台数').fill('15');
    await input(drawer, '租期（月）').fill('24');
    await input(drawer, '月租金（元）').fill('3650');
    await pickOption(page, drawer, '维保方案', '公司承担');
    await drawer.getByLabel('报价有效期至').click();
    const today = page.locator('.ant-picker-dropdown:visible').getByText('今天', { exact: true });
    await today.waitFor();
    await waitForDialogsToSettle(page);
    await today.click();
    await expect.poll(() => drawer.getByLabel('报价有效期至').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await drawer.getByLabel('报价说明').fill('端到端：客户扩充车队');
    await drawer.getByRole('button', { name: '保存' }).click();
    await waitForToast(page, '操作成功');
    await drawer.waitFor({ state: 'hidden' });

    const mine = await api<Listed<{ title: string; businessId: string; status: number }>>(
      '/api/approval-instances?businessType=3&limit=5',
      { token: admin },
    );
    const started = mine.data.list.find((row) => row.title.includes('15台'));
    expect(started?.status).toBe(1);
    const quoteNo = /BJ\d{14}/.exec(started?.title ?? '')?.[0] ?? '';
    expect(quoteNo).not.toBe('');

    // The 运营经理 finds it in 待办事项 and decides on the quote's own page.
    const manager = await open();
    await signIn(manager.context, demoAccounts.manager);
    await manager.page.goto(`/productQuoteApproval/${started?.businessId}/approve`);
    await manager.page.getByText(quoteNo).first().waitFor({ timeout: 30_000 });
    await manager.page.getByText(model).first().waitFor();
    // 3,650.00 a month × 15 cars × 24 months.
    await manager.page.getByText('1,314,000.00').waitFor();
    await manager.page.getByRole('button', { name: '通过', exact: true }).click();
    const confirm = manager.page.locator('.ant-modal').filter({ hasText: '审批意见' }).last();
    await confirm.waitFor();
    await waitForDialogsToSettle(manager.page);
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await waitForToast(manager.page, '操作成功');
    await manager.context.close();

    const quote = await api<{ status: number }>(`/api/product-quotes/${started?.businessId}`, { token: admin });
    expect(quote.data.status).toBe(2);
  });
});
