import { addDays, addMonthsClamped, beijingDay, lateFeeOnDay } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { act, approveAs, input, recordPayment } from './support/actions';
import { useBrowser } from './support/browser';
import { pickOption } from './support/page';
import { api, demoAccounts, loginToken, signIn } from './support/session';

const open = useBrowser();

type Listed<T> = { list: T[]; total: number };
type Receivable = { id: string; kind: number; period: number; dueDate: string; lateFee: number; outstanding: number };
type Account = { totals: { outstanding: number; overdue: number; refunded: number; deposit: number } };

const yuan = (fen: number) => (fen / 100).toFixed(2);
const today = beijingDay(new Date());
/** The car went out 40 days ago: recorded after the fact (交车日期), its rent counting from then. */
const handover = addDays(today, -40);
const rent = 300_000;
const deposit = 500_000;
const terms = { graceDays: 3, dailyRate: 20 };

describe('a lease’s money from deposit to settlement', () => {
  it('deposit billed and paid, two months billed, one paid late, a return with damage settled, the rest refunded', {
    timeout: 600_000,
  }, async () => {
    const ops = await loginToken(demoAccounts.ops);
    const admin = await loginToken(demoAccounts.admin);
    const finance = await loginToken(demoAccounts.finance);
    const stock = await api<Listed<{ id: string; plateNo: string; modelId: string; cityId: string }>>(
      '/api/vehicles?stage=7&limit=50',
      { token: ops },
    );
    // Another car than 租赁订单's test takes (the last in stock).
    const car = stock.data.list.at(-3);
    if (!car) throw new Error('no vehicle in stock');
    // A driver with no order and nothing owed: what this test sees on the account is its own.
    const lookup = await api<{ label: string; value: string }[]>('/api/lookups/drivers?search=', { token: ops });
    let driver: { label: string; value: string } | undefined;
    for (const candidate of lookup.data.slice(1)) {
      const owed = await api<Listed<unknown>>(`/api/receivables?driverId=${candidate.value}&limit=1`, { token: admin });
      const orders = await api<Listed<unknown>>(`/api/lease-orders?driverId=${candidate.value}&limit=1`, {
        token: ops,
      });
      if (owed.data.total === 0 && orders.data.total === 0) {
        driver = candidate;
        break;
      }
    }
    if (!driver) throw new Error('no driver without an order');
    const driverId = driver.value;

    // The order: ¥3,000 a month in advance, ¥5,000 deposit, 3 grace days and 20‱ a day of its own.
    const saved = await api<{ id: string; orderNo: string }>('/api/lease-orders', {
      token: ops,
      method: 'POST',
      body: JSON.stringify({
        driverId,
        cityId: car.cityId,
        modelId: car.modelId,
        rentalMode: 0,
        orderType: 0,
        rentReceipt: 0,
        rentTiming: 1,
        maintenancePlan: 0,
        rentSettlement: 0,
        startDate: handover,
        termMonths: 12,
        rent,
        deposit,
        graceDays: terms.graceDays,
        lateFeeRate: terms.dailyRate,
      }),
    });
    expect(saved.msg).toBe('success');
    const { id, orderNo } = saved.data;
    expect((await api(`/api/lease-orders/${id}/submit`, { token: ops, method: 'POST', body: '{}' })).msg).toBe(
      'success',
    );
    await approveAs(open, demoAccounts.manager, orderNo);
    await approveAs(open, demoAccounts.finance, orderNo);
    const filled = await api(`/api/lease-orders/${id}/fill-delivery`, {
      token: ops,
      method: 'POST',
      body: JSON.stringify({ vehicleId: car.id, mileage: 1_000_000, energyLevel: 90, deliveredOn: handover }),
    });
    expect(filled.msg).toBe('success');

    // Owed: the deposit and each month's rent, billed by the billing rule — the handover's month with its
    // deposit, and the next month that fell due since.
    const receivables = async () =>
      (await api<Listed<Receivable>>(`/api/receivables?orderNo=${orderNo}&limit=100`, { token: admin })).data.list;
    const owed = await receivables();
    const depositRow = owed.find((row) => row.kind === 2);
    expect(depositRow).toMatchObject({ dueDate: handover, outstanding: deposit });
    const second = addMonthsClamped(handover, 1);
    const bills = await api<Listed<{ billNo: string; period: string }>>(
      `/api/bills?driverId=${driverId}&tab=all&limit=10`,
      { token: admin },
    );
    expect(bills.data.list.map((bill) => bill.period).sort()).toEqual([handover.slice(0, 7), second.slice(0, 7)]);

    // The deposit and the first month paid on the day; the second month paid today, late.
    const onTime = await api('/api/payments', {
      token: admin,
      method: 'POST',
      body: JSON.stringify({ driverId, amount: deposit + rent, paidOn: handover, channel: 2 }),
    });
    expect(onTime.msg).toBe('success');
    const fee = lateFeeOnDay({ amount: rent, dueDate: second, day: today, movements: [], terms }).fee;
    expect(fee).toBeGreaterThan(0);
    const mobile = /（(\d{11})）/.exec(driver.label)?.[1] ?? driver.label;
    const { context, page } = await open();
    await signIn(context, demoAccounts.finance);
    await recordPayment(page, mobile, yuan(rent + fee));
    // The late fee by the order's own terms, from the due date: paid with the month, nothing left owing.
    const paidLate = (await receivables()).find((row) => row.kind === 1 && row.dueDate === second);
    expect(paidLate).toMatchObject({ lateFee: fee, outstanding: 0 });
    expect((await receivables()).find((row) => row.kind === 2)?.outstanding).toBe(0);

    // The car comes back with damage; the settlement offsets the deposit held and refunds the rest.
    const opsPage = await open();
    await signIn(opsPage.context, demoAccounts.ops);
    await opsPage.page.goto(`/leaseOrder?orderNo=${orderNo}`);
    const row = opsPage.page.getByRole('row', { name: new RegExp(orderNo) });
    await row.waitFor({ timeout: 45_000 });
    await act(opsPage.page, row, '退租', async (dialog) => {
      await dialog.getByLabel('退租原因').fill('司机回老家');
    });
    const order = await api<{ returnId: string }>(`/api/lease-orders/${id}`, { token: ops });
    const accepted = await api(`/api/vehicle-returns/${order.data.returnId}/accept`, {
      token: ops,
      method: 'POST',
      body: JSON.stringify({ mileage: 1_004_000, energyLevel: 60, damage: '后保险杠刮伤', photos: [] }),
    });
    expect(accepted.msg).toBe('success');
    await opsPage.page.goto(`/vehicleReturnCalculation?orderNo=${orderNo}`);
    const returned = opsPage.page.getByRole('row', { name: new RegExp(orderNo) });
    await returned.getByText('已退车', { exact: true }).waitFor({ timeout: 45_000 });
    await act(opsPage.page, returned, '核算', async (dialog) => {
      await pickOption(opsPage.page, dialog, '核算主体');
      await input(dialog, '车损费用').fill('800');
    });
    await opsPage.context.close();
    const sheets = await api<Listed<{ id: string }>>(`/api/return-settlements?orderNo=${orderNo}`, { token: ops });
    const made = sheets.data.list[0];
    if (!made) throw new Error('no settlement made');
    const sheet = (
      await api<{ id: string; settlementNo: string; total: number; deposit: number }>(
        `/api/return-settlements/${made.id}`,
        { token: ops },
      )
    ).data;
    expect(sheet.deposit).toBe(deposit);
    expect(sheet.total).toBeLessThan(0);
    await approveAs(open, demoAccounts.manager, sheet.settlementNo);
    await approveAs(open, demoAccounts.finance, sheet.settlementNo);

    // One refund of what is owed back, decided by 运营经理 and 财务 together, paid out by 财务.
    const refunds = await api<Listed<{ id: string; refundNo: string; amount: number }>>(
      `/api/deposit-refunds/views/refunds?settlementId=${sheet.id}&limit=10`,
      { token: finance },
    );
    expect(refunds.msg).toBe('success');
    expect(refunds.data.total).toBe(1);
    const refund = refunds.data.list[0];
    if (!refund) throw new Error('no refund made');
    expect(refund.amount).toBe(-sheet.total);
    await approveAs(open, demoAccounts.manager, refund.refundNo);
    await approveAs(open, demoAccounts.finance, refund.refundNo);
    const paid = await api(`/api/deposit-refunds/${refund.id}/pay`, {
      token: finance,
      method: 'POST',
      body: JSON.stringify({
        payeeName: '收款人',
        bankName: '中国工商银行北京分行',
        bankAccount: '6222020200112233446',
        paidOn: today,
        paymentReference: 'TK-E2E-0001',
      }),
    });
    expect(paid.msg).toBe('success');

    // 查看账户: nothing owed, the refund paid out; 逾期明细: nothing for the order.
    const account = await api<Account>(`/api/customer-accounts/${driverId}`, { token: finance });
    expect(account.data.totals).toMatchObject({ outstanding: 0, overdue: 0, refunded: refund.amount, deposit: 0 });
    await page.goto(`/lookaccount?driverId=${driverId}`);
    const refundCard = page.locator('.ant-card').filter({ has: page.getByText('押金退款', { exact: true }) });
    await refundCard.getByRole('row', { name: new RegExp(refund.refundNo) }).waitFor({ timeout: 30_000 });
    await page.goto(`/overdueDetails?orderNo=${orderNo}`);
    await page
      .locator('.ant-table-placeholder .ant-empty-description', { hasText: '暂无数据' })
      .waitFor({ timeout: 30_000 });
    expect(await page.getByRole('row', { name: new RegExp(orderNo) }).count()).toBe(0);
    await context.close();
  });

  it('a 运营经理’s own request is not in their 待办: it waits for another', { timeout: 180_000 }, async () => {
    const manager = await loginToken(demoAccounts.manager);
    const admin = await loginToken(demoAccounts.admin);
    const customers = await api<{ value: string }[]>('/api/lookups/customers?search=', { token: manager });
    const vehicles = await api<Listed<{ modelId: string; cityId: string }>>('/api/vehicles?limit=1', { token: admin });
    const car = vehicles.data.list[0];
    const quote = await api<{ id: string; quoteNo: string }>('/api/product-quotes', {
      token: manager,
      method: 'POST',
      body: JSON.stringify({
        customerId: customers.data[0]?.value,
        cityId: car?.cityId,
        modelId: car?.modelId,
        quantity: 6,
        termMonths: 12,
        rent: 360_000,
        maintenancePlan: 0,
        validUntil: addDays(today, 30),
        explanation: '车队扩充报价',
      }),
    });
    expect(quote.msg).toBe('success');
    const { context, page } = await open();
    await signIn(context, demoAccounts.manager);
    await page.goto('/tobeDone');
    await page.locator('.ant-table-tbody').first().waitFor({ timeout: 45_000 });
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('row', { name: new RegExp(quote.data.quoteNo) }).count()).toBe(0);
    await context.close();
    // It is in the admin's, who decides it.
    await approveAs(open, demoAccounts.admin, quote.data.quoteNo);
    const decided = await api<{ status: number }>(`/api/product-quotes/${quote.data.id}`, { token: admin });
    expect(decided.data.status).toBe(2);
  });
});
