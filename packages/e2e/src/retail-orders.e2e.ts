import { describe, expect, it } from 'vitest';
import { act, approveAs, input } from './support/actions';
import { useBrowser } from './support/browser';
import {
  chooseOption,
  expectLocation,
  formItem,
  pickOption,
  waitForDialogsToSettle,
  waitForToast,
} from './support/page';
import { api, demoAccounts, loginToken, signIn } from './support/session';

const open = useBrowser();

type Listed<T> = { list: T[]; total: number };
type Option = { label: string; value: string; children?: Option[] };
type Order = { id: string; orderNo: string; status: number; workOrderId: string | null; workOrderNo: string | null };

/** The label of a lookup's option by value, at any depth (a model is a leaf of the catalogue). */
function labelOf(options: readonly Option[], value: string): string | undefined {
  for (const option of options) {
    if (option.value === value) return option.label;
    const found = labelOf(option.children ?? [], value);
    if (found) return found;
  }
  return undefined;
}

describe('零售订单', () => {
  it('is added on its page, put to approval, approved by others, handed over with a car of its model and transferred', {
    timeout: 300_000,
  }, async () => {
    const ops = await loginToken(demoAccounts.ops);
    const stock = await api<Listed<{ id: string; plateNo: string; modelId: string; cityId: string }>>(
      '/api/vehicles?stage=7&limit=50',
      { token: ops },
    );
    // Not the last car in stock: the lease order test hands that one over.
    const car = stock.data.list.filter((vehicle) => vehicle.plateNo).at(-3);
    if (!car) throw new Error('no plated car in stock');
    const catalogue = await api<Option[]>('/api/lookups/vehicle-catalog', { token: ops });
    const cities = await api<Option[]>('/api/lookups/cities', { token: ops });
    const model = labelOf(catalogue.data, car.modelId) ?? '';
    const city = labelOf(cities.data, car.cityId) ?? '';
    const buyer = `端到端购车人${Date.now() % 100_000}`;

    const { context, page } = await open();
    await signIn(context, demoAccounts.ops);
    await page.goto('/retailOrder');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await expectLocation(page, '/retailOrderAdd');
    const form = page.locator('.ant-card').filter({ has: page.getByText('新增零售订单', { exact: true }) });
    await pickOption(page, form, '购车人类型', '个人');
    await formItem(page, form, '购车人').locator('input').fill(buyer);
    await formItem(page, form, '联系电话').locator('input').fill('13912345678');
    await formItem(page, form, '证件号码').locator('input').fill('110105198506123411');
    await pickOption(page, form, '城市', city);
    await formItem(page, form, '车型').locator('.ant-select').click();
    await page.keyboard.type(model);
    await page.locator('.ant-select-dropdown:visible').getByTitle(model, { exact: true }).first().click();
    await input(form, '成交价').fill('98000');
    await pickOption(page, form, '付款方式', '全款');
    await page.getByRole('button', { name: '保存' }).click();
    await expectLocation(page, '/retailOrder');
    const row = page.getByRole('row', { name: new RegExp(buyer) });
    await row.getByText('待提交', { exact: true }).waitFor({ timeout: 30_000 });

    await act(page, row, '提交工单', async (dialog) => {
      await input(dialog, '优惠金额').fill('1000');
      await dialog.getByLabel('申请说明').fill('老客户转介绍');
    });
    await row.getByText('审批中', { exact: true }).waitFor();
    const listed = await api<Listed<Order>>(`/api/retail-orders?buyerName=${encodeURIComponent(buyer)}`, {
      token: ops,
    });
    // The list row is the list's columns; the order itself names its work order.
    const found = await api<Order>(`/api/retail-orders/${listed.data.list[0]?.id}`, { token: ops });
    const order = found.data;
    if (!order.workOrderNo) throw new Error('no work order');

    await approveAs(open, demoAccounts.manager, order.workOrderNo);
    // 财务 decides on the work order's own page: its terms, the order's link, its record, 通过.
    const finance = await open();
    await signIn(finance.context, demoAccounts.finance);
    await finance.page.goto(`/retailWorkOrderApproval/${order.workOrderId}/approve`);
    await finance.page.getByText('97,000.00').first().waitFor();
    await finance.page.getByRole('link', { name: new RegExp(`查看零售订单 ${order.orderNo}`) }).waitFor();
    await finance.page.getByTestId('approval-record').getByText('王经理 通过 「运营经理审批」').waitFor();
    await finance.page.getByRole('button', { name: '通过', exact: true }).click();
    const confirm = finance.page.locator('.ant-modal').filter({ hasText: '审批意见' }).last();
    await confirm.waitFor();
    await waitForDialogsToSettle(finance.page);
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await waitForToast(finance.page, '操作成功');
    await finance.context.close();

    await page.reload();
    await row.getByText('待交车', { exact: true }).waitFor({ timeout: 30_000 });
    await act(page, row, '交车', async (dialog) => {
      await dialog.locator('.ant-form-item').filter({ hasText: '交付车辆' }).locator('.ant-select').click();
      await page.keyboard.type(car.plateNo);
      await chooseOption(page, new RegExp(car.plateNo));
      await input(dialog, '交车里程').fill('900000');
    });
    await row.getByText('待过户', { exact: true }).waitFor();
    const sold = await api<{ stage: number }>(`/api/vehicles/${car.id}`, { token: ops });
    expect(sold.data.stage).toBe(9);

    await act(page, row, '过户', async (dialog) => {
      await dialog.getByLabel('过户日期').click();
      // 今天 once the calendar has finished sliding in: a click during the animation is lost.
      const today = page.locator('.ant-picker-dropdown:visible').getByText('今天', { exact: true });
      await today.waitFor();
      await waitForDialogsToSettle(page);
      await today.click();
      await expect.poll(() => dialog.getByLabel('过户日期').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // The calendar closed before anything else is typed or pressed: left open, it takes the next click.
      await dialog.locator('.ant-modal-title').click();
      await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count(), { timeout: 15_000 }).toBe(0);
      await input(dialog, '过户后车牌').fill('京Q8A123');
    });
    await row.getByText('已完成', { exact: true }).waitFor();

    await row.getByRole('button', { name: '详情', exact: true }).click();
    await expectLocation(page, `/retailOrderView/${order.id}`);
    // In the order's fields and in its 变更记录 (过户's change).
    await page.getByText('京Q8A123').first().waitFor();
    await page.getByTestId('approval-record').getByText('审批通过').waitFor();
  });

  it('is put to approval from 我发起的 by 新建零售工单', { timeout: 180_000 }, async () => {
    const ops = await loginToken(demoAccounts.ops);
    const stock = await api<Listed<{ modelId: string; cityId: string }>>('/api/vehicles?stage=7&limit=5', {
      token: ops,
    });
    const car = stock.data.list[0];
    const saved = await api<Order>('/api/retail-orders', {
      token: ops,
      method: 'POST',
      body: JSON.stringify({
        buyerType: 1,
        buyerName: `端到端工单${Date.now() % 100_000}`,
        buyerMobile: '13812345678',
        buyerIdNo: '110105198506123411',
        cityId: car?.cityId,
        modelId: car?.modelId,
        price: 8_800_000,
        paymentMethod: 1,
      }),
    });
    expect(saved.msg).toBe('success');

    const { context, page } = await open();
    await signIn(context, demoAccounts.manager);
    await page.goto('/initiated');
    await page.getByRole('button', { name: '新增', exact: true }).hover();
    await page.getByRole('menuitem', { name: '零售工单' }).click();
    await expectLocation(page, '/retailWorkOrder/new');
    const form = page.locator('.ant-card').filter({ has: page.getByText('新增零售工单', { exact: true }) });
    await formItem(page, form, '零售订单').locator('.ant-select').click();
    await page.keyboard.type(saved.data.orderNo);
    await chooseOption(page, new RegExp(saved.data.orderNo));
    await form.getByLabel('申请说明').fill('按指导价成交');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText(/零售工单「GD\d+」已保存/).waitFor();
    const order = await api<Order>(`/api/retail-orders/${saved.data.id}`, { token: ops });
    expect(order.data.status).toBe(2);
  });
});
