import { describe, expect, it } from 'vitest';
import { act, approveAs, clickRowButton, input } from './support/actions';
import { useBrowser } from './support/browser';
import { chooseOption, expectLocation, pickOption, waitForDialogsToSettle, waitForToast } from './support/page';
import { api, demoAccounts, loginToken, signIn } from './support/session';

const open = useBrowser();

type Listed<T> = { list: T[]; total: number };

describe('租赁订单', () => {
  it('is approved by others in 待办事项, delivered with its car, shows its schedule, is renewed, ended and settled', {
    timeout: 360_000,
  }, async () => {
    const ops = await loginToken(demoAccounts.ops);
    const stock = await api<Listed<{ id: string; plateNo: string; modelId: string; cityId: string }>>(
      '/api/vehicles?stage=7&limit=50',
      { token: ops },
    );
    const vehicle = stock.data.list.at(-1);
    if (!vehicle) throw new Error('no vehicle in stock');
    // The driver picker of 新增订单 offers the branch company's 正常 drivers (ops may search them).
    const drivers = await api<{ label: string; value: string }[]>('/api/lookups/drivers?search=', { token: ops });
    const driver = drivers.data[0];
    const saved = await api<{ id: string; orderNo: string }>('/api/lease-orders', {
      token: ops,
      method: 'POST',
      body: JSON.stringify({
        driverId: driver?.value,
        cityId: vehicle.cityId,
        modelId: vehicle.modelId,
        rentalMode: 0,
        orderType: 0,
        rentReceipt: 0,
        rentTiming: 1,
        maintenancePlan: 0,
        rentSettlement: 0,
        startDate: '2026-11-30',
        termMonths: 12,
        rent: 450_000,
      }),
    });
    expect(saved.msg).toBe('success');
    const { orderNo, id } = saved.data;

    const { context, page } = await open();
    await signIn(context, demoAccounts.ops);
    await page.goto('/leaseOrder');
    const row = page.getByRole('row', { name: new RegExp(orderNo) });
    await row.waitFor({ timeout: 45_000 });
    await act(page, row, '提交审批');
    await row.getByText('审批中', { exact: true }).waitFor();

    await approveAs(open, demoAccounts.manager, orderNo);
    await approveAs(open, demoAccounts.finance, orderNo);

    await page.reload();
    await row.getByText('履约中', { exact: true }).waitFor();
    // 填写交车信息 has a page of its own: the order beside the handover form, then back to the list.
    await clickRowButton(page, row, '填写交车信息');
    await expectLocation(page, `/leaseOrderFillDelivery?id=${id}&from=/leaseOrder`);
    const handover = page.locator('.ant-card').filter({ has: page.getByText('填写交车信息', { exact: true }) });
    await page.getByText(`填写交车信息 ${orderNo}`).waitFor();
    await handover.locator('.ant-form-item').filter({ hasText: '交付车辆' }).locator('.ant-select').click();
    await page.keyboard.type(vehicle.plateNo);
    await chooseOption(page, new RegExp(vehicle.plateNo));
    await input(handover, '交车里程').fill('999999');
    await input(handover, '油量/电量').fill('90');
    await handover.getByRole('button', { name: /确\s*定/ }).click();
    await waitForToast(page, `填写交车信息 ${orderNo}：操作成功`);
    await expectLocation(page, '/leaseOrder');
    await row.getByText('已交车', { exact: true }).waitFor();
    const leased = await api<{ stage: number }>(`/api/vehicles/${vehicle.id}`, { token: ops });
    expect(leased.data.stage).toBe(5);

    await row.getByRole('button', { name: '详情', exact: true }).click();
    await expectLocation(page, `/leaseOrderDetails?id=${id}`);
    await page.getByRole('tab', { name: /应收计划（12）/ }).click();
    await page.getByRole('tabpanel').getByText('2026-11-30').first().waitFor();
    await page.getByTestId('approval-record').getByText('审批通过').waitFor();

    await page.goto('/leaseOrder');
    await act(page, row, '续租', async (dialog) => {
      await input(dialog, '续租租期').fill('6');
      await input(dialog, '续租月租金').fill('4200');
    });
    const renewals = await api<Listed<{ orderNo: string; status: number; rent: number }>>(
      `/api/lease-orders?driverId=${driver?.value}&limit=50`,
      { token: ops },
    );
    // Typed in yuan, kept in fen.
    expect(
      renewals.data.list.some((order) => order.orderNo !== orderNo && order.status === 1 && order.rent === 420_000),
    ).toBe(true);

    await act(page, row, '退租', async (dialog) => {
      await dialog.getByLabel('退租原因').fill('司机转行');
    });
    await row.getByText('退租中', { exact: true }).waitFor();
    const returning = await api<{ stage: number }>(`/api/vehicles/${vehicle.id}`, { token: ops });
    expect(returning.data.stage).toBe(6);

    // The car is back (还车验收 on its return record), then settled on 退车核算.
    const order = await api<{ returnId: string }>(`/api/lease-orders/${id}`, { token: ops });
    const accepted = await api(`/api/vehicle-returns/${order.data.returnId}/accept`, {
      token: ops,
      method: 'POST',
      body: JSON.stringify({ mileage: 1_000_500, energyLevel: 70, damage: '右前翼子板凹陷', photos: [] }),
    });
    expect(accepted.msg).toBe('success');
    await page.goto('/vehicleReturnCalculation');
    const returned = page.getByRole('row', { name: new RegExp(orderNo) });
    await returned.getByText('已退车', { exact: true }).waitFor({ timeout: 45_000 });
    await act(page, returned, '核算', async (dialog) => {
      await pickOption(page, dialog, '核算主体');
      await input(dialog, '车损费用').fill('1200');
      // The damage found at the return is the note's starting text.
      expect(await dialog.getByLabel('车损说明').inputValue()).toBe('右前翼子板凹陷');
    });
    await returned.getByText('审批中', { exact: true }).waitFor();
    const sheets = await api<Listed<{ id: string; settlementNo: string; damageFee: number }>>(
      `/api/return-settlements?orderNo=${orderNo}`,
      { token: ops },
    );
    const sheet = sheets.data.list[0];
    expect(sheet?.damageFee).toBe(120_000);

    await approveAs(open, demoAccounts.manager, sheet?.settlementNo ?? '');
    // 财务 decides on the settlement's own approval page: its lines, its record, 通过.
    const finance = await open();
    await signIn(finance.context, demoAccounts.finance);
    await finance.page.goto(`/returnCheckoutApproval/${sheet?.id}/approve`);
    const lines = finance.page.getByTestId('settlement-lines');
    await lines.getByText('车损费用').waitFor();
    await lines.getByText('应付租金').waitFor();
    await finance.page.getByTestId('approval-record').getByText('王经理 通过 「运营经理审批」').waitFor();
    await finance.page.getByRole('button', { name: '通过', exact: true }).click();
    const confirm = finance.page.locator('.ant-modal').filter({ hasText: '审批意见' }).last();
    await confirm.waitFor();
    await waitForDialogsToSettle(finance.page);
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await waitForToast(finance.page, '操作成功');
    await finance.page.getByText('该审批当前没有待您处理的任务，仅可查看').waitFor();
    await finance.context.close();

    await page.goto('/leaseOrder');
    await row.getByText('已完成', { exact: true }).waitFor({ timeout: 45_000 });
  });
});

describe('租赁订单 list as staff see it', () => {
  /** Where the table's header cells and its rows lie on screen, and whether the table scrolled sideways. */
  const tableOnScreen = (page: import('playwright-core').Page) =>
    page.evaluate(() => {
      const header = (name: string) => {
        const rect = document.querySelector(`th[data-column="${name}"]`)?.getBoundingClientRect();
        return rect ? { left: rect.left, right: rect.right } : null;
      };
      const table = document.querySelector('.ant-table-container')?.getBoundingClientRect();
      const rows = Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')).map((row) =>
        row.getBoundingClientRect(),
      );
      return {
        table: table ? { left: table.left, right: table.right, top: table.top } : null,
        actions: header('actions'),
        columns: Object.fromEntries(['orderNo', 'vehicleId', 'rent', 'endDate'].map((name) => [name, header(name)])),
        scrolled: Array.from(document.querySelectorAll('.ant-table-body, .ant-table-content')).some(
          (element) => element.scrollLeft > 0,
        ),
        rowsSeen: rows.filter((row) => row.top >= 0 && row.bottom <= window.innerHeight).length,
        wide: document.documentElement.scrollWidth > window.innerWidth,
      };
    });

  it('shows 车辆, 月租金, 到期日期 and 操作 at 1440 × 900 without scrolling sideways, rare actions under 更多', async () => {
    const { context, page } = await open({ width: 1440, height: 900 });
    await signIn(context, demoAccounts.admin);
    await page.goto('/leaseOrder');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    const seen = await tableOnScreen(page);
    expect(seen.scrolled).toBe(false);
    expect(seen.wide).toBe(false);
    const { table, actions } = seen;
    if (!table || !actions) throw new Error('no table or no 操作 column');
    expect(actions.right).toBeLessThanOrEqual(table.right + 1);
    expect(actions.right - actions.left).toBeLessThanOrEqual(260);
    for (const [name, cell] of Object.entries(seen.columns)) {
      expect(cell, name).not.toBeNull();
      expect(cell?.left ?? 0, name).toBeGreaterThanOrEqual(table.left - 1);
      expect(cell?.right ?? Number.POSITIVE_INFINITY, name).toBeLessThanOrEqual(actions.left + 1);
    }
    // An order in force offers more than fits: the rest are one click away under 更多.
    const more = page.locator('.ant-table-tbody').getByRole('button', { name: '更多' }).first();
    await more.click();
    const menu = page.getByTestId('row-actions-more').filter({ visible: true });
    await expect.poll(() => menu.getByRole('button').count()).toBeGreaterThan(0);
  });

  it('at 1280 × 720 opens with the search folded away (展开查询 brings it back) and shows at least 8 rows', async () => {
    const { context, page } = await open({ width: 1280, height: 720 });
    await signIn(context, demoAccounts.admin);
    await page.goto('/leaseOrder');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await expect.poll(async () => (await tableOnScreen(page)).rowsSeen).toBeGreaterThanOrEqual(8);
    expect(await page.getByPlaceholder('请输入订单编号').count()).toBe(0);
    await page.getByRole('button', { name: '展开查询' }).click();
    await page.getByPlaceholder('请输入订单编号').fill('ZL');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('orderNo')).toBe('ZL');
    await page.getByRole('button', { name: '收起查询' }).click();
    expect(await page.getByPlaceholder('请输入订单编号').count()).toBe(0);
  });
});
