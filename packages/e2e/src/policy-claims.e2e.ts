import { addDays, beijingDay } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { act, input } from './support/actions';
import { useBrowser } from './support/browser';
import {
  chooseOption,
  expectLocation,
  formItem,
  pickOption,
  waitForDialogsToSettle,
  waitForToast,
} from './support/page';
import { api, demoAccounts, signIn } from './support/session';

const open = useBrowser();

/** Types a day into the date picker of a form item and takes it. */
async function typeDay(scope: import('playwright-core').Locator, label: string, value: string) {
  const field = scope.locator('.ant-form-item').filter({ hasText: label }).locator('input').first();
  await field.click();
  await field.fill(value);
  await field.press('Enter');
}

describe('政策管理', () => {
  it('publishes a policy, binds it to an order and verifies it once (a second 确认核销 refused)', async () => {
    const { context, page } = await open();
    const token = await signIn(context, demoAccounts.admin);
    // An order being signed: its driver, city and model as 新增订单 takes them, starting in a week.
    const drivers = await api<{ label: string; value: string }[]>('/api/lookups/drivers?search=', { token });
    const cities = await api<{ label: string; value: string }[]>('/api/lookups/cities', { token });
    type Node = { value: string; children?: Node[] };
    const leaves = (nodes: Node[]): string[] =>
      nodes.flatMap((node) => (node.children ? leaves(node.children) : [node.value]));
    const models = leaves((await api<Node[]>('/api/lookups/vehicle-catalog', { token })).data);
    const city = cities.data.at(-1);
    const startDate = addDays(beijingDay(new Date()), 7);
    const saved = await api<{ id: string; orderNo: string }>('/api/lease-orders', {
      token,
      method: 'POST',
      body: JSON.stringify({
        driverId: drivers.data.at(-1)?.value,
        cityId: city?.value,
        modelId: models[0],
        rentalMode: 0,
        orderType: 0,
        rentReceipt: 0,
        rentTiming: 1,
        maintenancePlan: 0,
        rentSettlement: 0,
        startDate,
        termMonths: 12,
        rent: 400_000,
      }),
    });
    expect(saved.msg).toBe('success');
    const { orderNo } = saved.data;

    // 新增政策 in the browser: 阶梯租金 in the order's city for the week of its start.
    const name = `端到端阶梯租金优惠${Date.now() % 100_000}`;
    await page.goto('/policyAdd');
    const form = page.locator('form');
    await input(form, '政策名称').waitFor({ timeout: 45_000 });
    await input(form, '政策名称').fill(name);
    await pickOption(page, form, '政策类型', '阶梯租金');
    await typeDay(form, '开始日期', startDate);
    await typeDay(form, '结束日期', addDays(startDate, 6));
    // Cities are many: typed to find, as a clerk would.
    await formItem(page, form, '适用城市').locator('.ant-select').click();
    await page.keyboard.type(String(city?.label));
    await chooseOption(page, city?.label, { multiple: true });
    await page.keyboard.press('Escape');
    await input(form, '单笔优惠').fill('300');
    await form.locator('.ant-form-item').filter({ hasText: '政策说明' }).locator('textarea').fill('签约司机减免300元');
    await page.getByRole('button', { name: '保存' }).click();
    await expectLocation(page, '/policyList');
    const listed = await api<{ list: { id: string; name: string }[] }>(`/api/policies?name=${name}`, { token });
    const policyId = listed.data.list[0]?.id;
    expect(policyId).toBeDefined();

    // 绑定政策 on 营销政策核销: the order and the policy; the claim keeps the policy's terms.
    await page.goto('/marketingPolicyCancellation');
    await page.getByRole('button', { name: '绑定政策', exact: true }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '租赁订单' });
    await drawer.waitFor();
    await waitForDialogsToSettle(page);
    await formItem(page, drawer, '租赁订单').locator('.ant-select').click();
    await page.keyboard.type(orderNo);
    await chooseOption(page, new RegExp(orderNo));
    await pickOption(page, drawer, '政策', name);
    await drawer.getByRole('button', { name: '保存' }).click();
    await waitForToast(page, '操作成功');
    await drawer.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor({ timeout: 45_000 });

    await act(page, row, '核单', async (dialog) => {
      await pickOption(page, dialog, '核单结果', '通过');
    });
    await act(page, row, '开始核销');
    await act(page, row, '确认核销');
    await row.getByText('已核销', { exact: true }).waitFor();
    // Nothing left to confirm: the button is gone, and the API refuses a second 确认核销.
    expect(await row.getByRole('button', { name: '确认核销' }).count()).toBe(0);
    const claims = await api<{ list: { id: string; status: number; amount: number }[] }>(
      `/api/policy-claims?policyId=${policyId}`,
      { token },
    );
    expect(claims.data.list.map((claim) => [claim.status, claim.amount])).toEqual([[2, 30_000]]);
    const again = await api(`/api/policy-claims/${claims.data.list[0]?.id}/verify`, {
      token,
      method: 'POST',
      body: '{}',
    });
    expect(again.msg).toBe('核销单当前为「已核销」，不能确认核销');

    // 营销政策详情 sums it: one order bound, 300.00 granted.
    await page.goto(`/marketingPolicyDetails?id=${policyId}`);
    await expectLocation(page, `/marketingPolicyDetails?id=${policyId}`);
    await page.getByText('¥300.00').first().waitFor({ timeout: 45_000 });
  });
});
