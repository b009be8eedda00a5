import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickRowButton } from './support/actions';
import { useBrowser } from './support/browser';
import { chooseOption, expectLocation } from './support/page';
import { api, demoAccounts, signIn } from './support/session';

const open = useBrowser();

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

/**
 * A control of the add page's form. Not by label: the kept list page's search panel has the same field ids
 * (`name`), so a label's `for` may point at the panel.
 */
const control = (page: Page, label: string, kind: 'input' | '.ant-select' = 'input') =>
  page
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title', { hasText: /^新增网约车司机$/ }) })
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label:text-is("${label}")`) })
    .locator(kind)
    .first();

/** The value a bordered detail shows beside `label`. */
const described = (page: Page, label: string) =>
  page
    .locator('th.ant-descriptions-item-label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::td[1]');

/** GB 11643-1999: the check character of an ID's first 17 digits. */
function checkCharacter(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return '10X98765432'[sum % 11] ?? '';
}

interface Listed<T> {
  list: T[];
  total: number;
}

describe('网约车司机', () => {
  it('refuses a national ID with a wrong check digit in words, then saves the right one as 待审核 with gender and birth date from it', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await open();
    const token = await signIn(context, demoAccounts.admin);
    const serial = Date.now() % 100;
    // Born 1988-03-14; the 17th digit 7 is odd: 男.
    const first17 = `11010519880314${String(serial).padStart(2, '0')}7`;
    const right = `${first17}${checkCharacter(first17)}`;
    const wrong = `${first17}${right.endsWith('0') ? '1' : '0'}`;
    const name = `端到端司机${String(serial).padStart(2, '0')}`;
    const mobile = `139${String(Date.now() % 100_000_000).padStart(8, '0')}`;

    await page.goto('/ridehailingDrivers');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await expectLocation(page, '/ridehailingDriversAdd');
    await control(page, '姓名').fill(name);
    await control(page, '手机号').fill(mobile);
    await control(page, '身份证号').fill(wrong);
    await control(page, '城市', '.ant-select').click();
    await chooseOption(page, '北京市');
    await control(page, '准驾车型', '.ant-select').click();
    await chooseOption(page, 'C1');
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('.ant-form-item-explain-error').getByText('身份证号：校验位不正确，请核对号码').waitFor();
    expect(await page.locator('.ant-form-item-explain-error').count()).toBe(1);
    await expectLocation(page, '/ridehailingDriversAdd');
    const unsaved = await api<Listed<unknown>>(`/api/ride-hailing-drivers?name=${encodeURIComponent(name)}`, { token });
    expect(unsaved.data.total).toBe(0);

    await control(page, '身份证号').fill(right);
    await page.getByRole('button', { name: '保存' }).click();
    await expectLocation(page, '/ridehailingDrivers');
    // The newest first: the one saved, once.
    const row = rows(page).filter({ hasText: name });
    // The server sends the ID masked; the administrator holds 查看敏感信息 and sees it whole on asking.
    const masked = `${right.slice(0, 4)}**********${right.slice(-4)}`;
    await row.getByRole('cell', { name: masked, exact: true }).waitFor();
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('cell', { name: '待审核', exact: true }).waitFor();
    await row.getByRole('cell', { name: '男', exact: true }).waitFor();

    await row.getByRole('button', { name: '详情', exact: true }).click();
    await page.waitForURL(/\/ridehailingDriversDetails\?id=\d+/);
    await described(page, '身份证号').getByText(masked).waitFor();
    await described(page, '身份证号').getByRole('button', { name: '查看完整身份证号' }).click();
    await described(page, '身份证号').getByText(right).waitFor();
    expect((await described(page, '性别').textContent())?.trim()).toBe('男');
    expect((await described(page, '出生日期').textContent())?.trim()).toBe('1988-03-14');
    expect((await described(page, '司机状态').textContent())?.trim()).toContain('待审核');
  });

  it("lists a demo driver's delivered vehicle in their 交车记录", { timeout: 120_000 }, async () => {
    const { context, page } = await open();
    const token = await signIn(context, demoAccounts.admin);
    // A 正式交车 of the demo data whose driver drives for ride-hailing (the others are taxi drivers).
    const deliveries = await api<Listed<{ plateNo: string; driverName: string; driverPhone: string }>>(
      '/api/vehicle-deliveries?limit=50',
      { token },
    );
    expect(deliveries.code, deliveries.msg).toBe(0);
    let driver: { id: string; name: string; mobile: string; plateNo: string } | undefined;
    for (const delivery of deliveries.data.list) {
      const found = await api<Listed<{ id: string; name: string; mobile: string }>>(
        `/api/ride-hailing-drivers?mobile=${delivery.driverPhone}`,
        { token },
      );
      const match = found.data.list.find((candidate) => candidate.mobile === delivery.driverPhone);
      if (match && delivery.plateNo) {
        driver = { id: String(match.id), name: match.name, mobile: match.mobile, plateNo: delivery.plateNo };
        break;
      }
    }
    if (!driver) throw new Error('the demo data has no ride-hailing driver with a delivery');

    await page.goto('/ridehailingDrivers');
    await rows(page).first().waitFor();
    await page.getByRole('textbox', { name: '手机号' }).fill(driver.mobile);
    await page.getByRole('button', { name: '查询', exact: true }).click();
    const row = rows(page).filter({ hasText: driver.mobile });
    await row.waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    await row.getByRole('button', { name: '详情', exact: true }).click();
    await expectLocation(page, `/ridehailingDriversDetails?id=${driver.id}`);
    const related = page.locator('.ant-card').filter({ has: page.getByText('相关记录', { exact: true }) });
    const tab = related.getByRole('tab', { name: /^交车记录（[1-9]\d*）$/ });
    await tab.click();
    const panel = related.getByRole('tabpanel');
    await panel.getByRole('cell', { name: driver.plateNo, exact: true }).first().waitFor();
    await panel.getByRole('cell', { name: driver.name, exact: true }).first().waitFor();
  });

  it('a lead becomes a driver: 激活 → 去新增网约车司机 filled from the lead, saved, back on the lead 已激活', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await open();
    const token = await signIn(context, demoAccounts.admin);
    const stamp = String(Date.now()).slice(-7);
    const name = `线索司机${stamp.slice(-3)}`;
    const mobile = `137${stamp}0`;
    const cities = await api<{ label: string; value: string }[]>('/api/lookups/cities', { token });
    const city = cities.data.find((option) => option.label === '北京市') ?? cities.data[0];
    const channels = await api<{ label: string; value: string }[]>('/api/lookups/channels', { token });
    const channel = channels.data[0];
    if (!city || !channel) throw new Error('the demo has no city or channel');
    const staff = await api<{ label: string; value: string }[]>('/api/lookups/tenant-users', { token });
    const me = staff.data.find((user) => user.label === demoAccounts.admin.userName);
    const lead = await api<{ id: string; status: number }>('/api/leads', {
      token,
      method: 'POST',
      body: JSON.stringify({
        contactName: name,
        mobile,
        business: 0,
        customerKind: 0,
        cityId: city.value,
        channelId: channel.value,
      }),
    });
    expect(lead.msg).toBe('success');
    const allocated = await api(`/api/leads/${lead.data.id}/allocate`, {
      token,
      method: 'POST',
      body: JSON.stringify({ salespersonId: me?.value }),
    });
    expect(allocated.msg).toBe('success');

    // 线索明细: 激活 of the lead, whose 客户类型 (网约车司机) is chosen already; no such driver yet: 去新增.
    await page.goto(`/threadDeatails?mobile=${mobile}`);
    await expect.poll(() => rows(page).count()).toBe(1);
    await clickRowButton(page, rows(page).first(), '激活');
    const activate = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: '确定' }) });
    await activate.getByRole('button', { name: '还没有该客户？去新增网约车司机' }).click();
    await page.waitForURL(/\/ridehailingDriversAdd\?/);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // The form starts from the lead: name, mobile, city and channel.
    await expect.poll(() => control(page, '姓名').inputValue()).toBe(name);
    expect(await control(page, '手机号').inputValue()).toBe(mobile);
    expect(await control(page, '来源渠道').inputValue()).toBe(channel.label);
    await control(page, '城市', '.ant-select').getByText(city.label).waitFor();
    const first17 = `11010519900115${stamp.slice(-3)}`;
    await control(page, '身份证号').fill(`${first17}${checkCharacter(first17)}`);
    await control(page, '准驾车型', '.ant-select').click();
    await chooseOption(page, 'C1');
    await page.getByRole('button', { name: '保存' }).click();

    // Back on the lead: 已激活, as the driver just saved.
    await page.waitForURL(new RegExp(`/threadDeatails\\?detail=${lead.data.id}$`));
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('已激活', { exact: true }).first().waitFor();
    await described(page, '激活客户').getByText(`${name}（${mobile}）`).waitFor();
    const saved = await api<Listed<{ id: string; status: number }>>(`/api/ride-hailing-drivers?mobile=${mobile}`, {
      token,
    });
    expect(saved.data.total).toBe(1);
  });

  it("租赁订单详情 links its driver: the driver's page lists their orders and bills, and 账户 opens 查看账户", {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await open();
    const token = await signIn(context, demoAccounts.admin);
    const orders = await api<Listed<{ id: string; orderNo: string; driverId: string; driverKind: string }>>(
      '/api/lease-orders?tab=3&limit=50',
      { token },
    );
    const order = orders.data.list.find((row) => row.driverKind === '1');
    if (!order) throw new Error('the demo has no order in force of a 网约车司机');

    await page.goto(`/leaseOrderDetails?id=${order.id}`);
    await described(page, '承租司机').getByRole('link').click();
    await expectLocation(page, `/ridehailingDriversDetails?id=${order.driverId}`);
    const related = page.locator('.ant-card').filter({ has: page.getByText('相关记录', { exact: true }) });
    await related.getByRole('tab', { name: /^租赁订单（[1-9]\d*）$/ }).waitFor();
    await related.getByRole('tabpanel').getByText(order.orderNo, { exact: true }).waitFor();
    await related.getByRole('tab', { name: /^账单（\d+）$/ }).waitFor();
    await related.getByRole('tab', { name: '账户', exact: true }).click();
    await related.getByRole('tabpanel').getByText('押金余额').waitFor();
    await related.getByRole('link', { name: '查看账户' }).click();
    await expectLocation(page, `/lookaccount?driverId=${order.driverId}`);
    await page
      .getByText(/的账户$/)
      .first()
      .waitFor();
    await page.locator('.ant-card').filter({ hasText: '订单' }).getByText(order.orderNo).first().waitFor();
  });
});
