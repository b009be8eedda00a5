import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { act } from './support/actions';
import { useBrowser } from './support/browser';
import { api, appCall, demoAccounts, signIn } from './support/session';

const open = useBrowser();

/** The value 优惠券详情 shows beside `label`. */
const described = (page: Page, label: string) =>
  page
    .locator('.ant-descriptions-item-label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::td[1] | following-sibling::*[1]')
    .first();

interface Offer {
  id: string;
  name: string;
  remaining: number;
}
interface Held {
  id: string;
  status: number;
  statusName: string;
}

describe('优惠券 through the app', () => {
  it('is put on sale on 优惠券管理, bought, paid and used through the app, and 优惠券详情 adds it up', async () => {
    const { context, page } = await open();
    const token = await signIn(context, demoAccounts.admin);
    const name = `端到端两个月租金券${String(Date.now()).slice(-6)}`;
    const now = Date.now();
    // The template as the form saves it: sold at 9.90 元, 100 元 off the rent of each of two months.
    const created = await api<{ id: string }>('/api/coupons', {
      method: 'POST',
      token,
      body: JSON.stringify({
        name,
        kind: 2,
        price: 990,
        stages: [
          { monthOffset: 1, amount: 10_000 },
          { monthOffset: 2, amount: 10_000 },
        ],
        totalStock: 5,
        perDriverLimit: 1,
        claimStart: new Date(now - 3_600_000).toISOString(),
        claimEnd: new Date(now + 7 * 86_400_000).toISOString(),
        validityType: 2,
        validDays: 30,
      }),
    });
    expect(created.msg).toBe('success');
    const [driver] = (await api<{ list: { id: string }[] }>('/api/ride-hailing-drivers?limit=1', { token })).data.list;
    const driverId = String(driver?.id);

    // Not on sale yet: the app does not offer it.
    const before = await appCall<Offer[]>('北京分公司', 'GET', '/api/app/coupons', { driverId });
    expect(before.data.map((offer) => offer.name)).not.toContain(name);

    await page.goto(`/couponManage?name=${encodeURIComponent(name)}`);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor({ timeout: 45_000 });
    await act(page, row, '上架');

    const offers = await appCall<Offer[]>('北京分公司', 'GET', '/api/app/coupons', { driverId });
    const offer = offers.data.find((item) => item.name === name);
    expect(offer?.remaining).toBe(5);
    const bought = await appCall<Held>('北京分公司', 'POST', `/api/app/coupons/${offer?.id}/claim`, {
      driverId,
      body: {},
    });
    expect(bought.data).toMatchObject({ status: 0, statusName: '待支付' });
    // The app reports the payment twice (a retry after a lost answer): recorded once.
    for (let time = 0; time < 2; time += 1) {
      const paid = await appCall<Held>('北京分公司', 'POST', `/api/app/coupon-orders/${bought.data.id}/pay`, {
        driverId,
        body: { paymentRef: 'E2EPAY0001' },
      });
      expect(paid.data).toMatchObject({ status: 2, statusName: '未使用' });
    }
    const used = await appCall<Held>('北京分公司', 'POST', `/api/app/coupon-orders/${bought.data.id}/use`, {
      driverId,
      body: {},
    });
    expect(used.data).toMatchObject({ status: 3, statusName: '已使用' });
    const again = await appCall<Held>('北京分公司', 'POST', `/api/app/coupon-orders/${bought.data.id}/use`, {
      driverId,
      body: {},
    });
    expect(again.code).not.toBe(0);

    // 优惠券详情: one sold and used, its money received once, four left.
    await page.goto(`/couponDetail/${created.data.id}`);
    await expect.poll(() => described(page, '售出张数').textContent(), { timeout: 45_000 }).toMatch(/^1\b/);
    expect(await described(page, '已使用').textContent()).toMatch(/^1\b/);
    expect(await described(page, '已发放').textContent()).toMatch(/^1\b/);
    expect(await described(page, '剩余').textContent()).toMatch(/^4\b/);
    expect(await described(page, '售券收款').textContent()).toContain('9.90');

    // 券订单管理 lists the driver's coupon as 已使用.
    await page.goto(`/couponOrderManage?couponId=${created.data.id}`);
    const order = page.locator('.ant-table-row').first();
    await order.waitFor({ timeout: 45_000 });
    await order.getByText('已使用').waitFor();
    expect(await page.locator('.ant-table-row').count()).toBe(1);
  });

  it('is issued on 优惠券管理 by 指定发放 to a pasted mobile, and a bought one is refunded on 券订单管理', async () => {
    const { context, page } = await open();
    const token = await signIn(context, demoAccounts.admin);
    const stamp = String(Date.now()).slice(-6);
    const now = Date.now();
    const template = (name: string, kind: number) =>
      api<{ id: string }>('/api/coupons', {
        method: 'POST',
        token,
        body: JSON.stringify({
          name,
          kind,
          ...(kind === 2 ? { price: 990 } : {}),
          stages: [{ monthOffset: 1, amount: 5_000 }],
          totalStock: 5,
          perDriverLimit: 1,
          claimStart: new Date(now - 3_600_000).toISOString(),
          claimEnd: new Date(now + 7 * 86_400_000).toISOString(),
          validityType: 2,
          validDays: 30,
        }),
      });
    const [driver] = (
      await api<{ list: { id: string; mobile: string }[] }>('/api/ride-hailing-drivers?limit=1', { token })
    ).data.list;
    const driverId = String(driver?.id);

    // 指定发放 of a coupon still 下架: the mobile pasted into the dialog, the driver sees it in the app.
    const gift = `端到端指定发放券${stamp}`;
    const assigned = await template(gift, 3);
    await page.goto(`/couponManage?name=${encodeURIComponent(gift)}`);
    const row = page.getByRole('row', { name: new RegExp(gift) });
    await row.waitFor({ timeout: 45_000 });
    await act(page, row, '指定发放', async (dialog) => {
      await dialog
        .locator('.ant-form-item')
        .filter({ hasText: '手机号名单' })
        .locator('input, textarea')
        .first()
        .fill(String(driver?.mobile));
    });
    const mine = await appCall<(Held & { couponId: string; source: number })[]>(
      '北京分公司',
      'GET',
      '/api/app/coupon-orders',
      { driverId },
    );
    expect(mine.data.find((held) => held.couponId === assigned.data.id)).toMatchObject({ status: 2, source: 2 });

    // A bought coupon, paid, then refunded on 券订单管理 with its reason; 优惠券详情 counts the refund.
    const sold = `端到端退款券${stamp}`;
    const created = await template(sold, 2);
    await api(`/api/coupons/${created.data.id}/put-on-shelf`, { method: 'POST', token, body: '{}' });
    const bought = await appCall<Held>('北京分公司', 'POST', `/api/app/coupons/${created.data.id}/claim`, {
      driverId,
      body: {},
    });
    await appCall('北京分公司', 'POST', `/api/app/coupon-orders/${bought.data.id}/pay`, {
      driverId,
      body: { paymentRef: `E2EREFUND${stamp}` },
    });
    await page.goto(`/couponOrderManage?couponId=${created.data.id}`);
    const order = page.locator('.ant-table-row').first();
    await order.waitFor({ timeout: 45_000 });
    await act(page, order, '退款', async (dialog) => {
      await dialog
        .locator('.ant-form-item')
        .filter({ hasText: '退款原因' })
        .locator('input, textarea')
        .first()
        .fill('司机申请退款');
    });
    await order.getByText('已退款').waitFor();
    await page.goto(`/couponDetail/${created.data.id}`);
    await expect.poll(() => described(page, '退款金额').textContent(), { timeout: 45_000 }).toContain('9.90');
    expect(await described(page, '已发放').textContent()).toMatch(/^0\b/);
  });
});
