import { luhnCheckDigit, type PageResult } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeDriver, idOf } from './driver-support';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let admin: string;
let cityId: string;

type Driver = Record<string, unknown> & { id: string; status: number; version: number };

beforeAll(async () => {
  // A few demo vehicles, so that one in stock can be handed to a driver.
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 12 });
  admin = await ctx.login('admin', 'admin123');
  const cities = await ctx.request<{ value: string }[]>({ method: 'GET', url: '/api/lookups/cities', token: admin });
  cityId = cities.data[0]?.value ?? '';
});
afterAll(() => ctx.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let serial = 100;
const form = (extra: Record<string, unknown> = {}) => {
  serial++;
  return {
    name: `测试司机${serial}`,
    mobile: `1990000${String(serial).padStart(4, '0')}`,
    nationalId: idOf('19880315', serial),
    cityId,
    licenseClass: 6,
    ...extra,
  };
};
const ride = '/api/ride-hailing-drivers';
const taxi = '/api/taxi-drivers';
const create = (payload: object, url = ride, token = admin) =>
  ctx.request<Driver>({ method: 'POST', url, token, payload });
/** Takes an action; answers the refusal, or the driver as it is after it. */
async function act(id: string, action: string, payload: object = {}, url = ride, token = admin) {
  const answer = await ctx.request<Driver>({ method: 'POST', url: `${url}/${id}/${action}`, token, payload });
  if (answer.code !== 0) return answer;
  return ctx.request<Driver>({ method: 'GET', url: `${url}/${id}`, token });
}
const list = async (query: string, url = ride, token = admin) =>
  (await ctx.request<PageResult<Driver>>({ method: 'GET', url: `${url}?${query}`, token })).data;

describe('a driver is registered', () => {
  it('refuses a wrong ID with the words the form uses, then takes the right one', async () => {
    const wrong = await create(form({ nationalId: '110105198803150011' }));
    expect(wrong).toMatchObject({ code: 400, msg: '身份证号：校验位不正确，请核对号码' });
    const short = await create(form({ nationalId: '11010519880315' }));
    expect(short.msg).toBe('身份证号：应为18位，当前14位');
    const right = await create(form({ nationalId: idOf('19880315', 7).toLowerCase() }));
    expect(right.code).toBe(0);
    const id = idOf('19880315', 7);
    // Sent masked (sensitive-data.test.ts), in capitals.
    expect(right.data).toMatchObject({ nationalId: `${id.slice(0, 4)}**********${id.slice(-4)}`, status: 0 });
  });

  it('derives gender and birth date from the ID, whatever the request says', async () => {
    const man = await create(form({ nationalId: idOf('19791103', 31) }));
    expect(man.data).toMatchObject({ gender: 1, birthDate: '1979-11-03' });
    const woman = await create(form({ nationalId: idOf('19920229', 42) }));
    expect(woman.data).toMatchObject({ gender: 2, birthDate: '1992-02-29' });
    const forged = await create(form({ gender: 2 }));
    expect(forged.code).toBe(400);
  });

  it('refuses a minor, a wrong mobile and a bank card failing Luhn', async () => {
    const young = new Date();
    const date = `${young.getFullYear() - 17}0101`;
    expect((await create(form({ nationalId: idOf(date, 11) }))).msg).toBe('身份证号：持证人未满18周岁');
    expect((await create(form({ mobile: '1234' }))).msg).toBe('手机号：应为1开头的11位数字，如13800138000');
    const card = `622202020011223344${luhnCheckDigit('622202020011223344')}`;
    const badCard = `${card.slice(0, -1)}${(Number(card.at(-1)) + 1) % 10}`;
    expect((await create(form({ bankCardNo: badCard }))).msg).toBe('扣款银行卡号：校验不通过，请核对卡号');
    expect((await create(form({ bankCardNo: card }))).code).toBe(0);
  });

  it('answers 已存在 for a duplicate mobile or ID, also when requests race, across both kinds', async () => {
    const payload = form();
    const answers = await Promise.all([create(payload), create(payload, taxi), create(payload)]);
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.code !== 0)) {
      expect(answer.msg).toMatch(/^(手机号|身份证号) .+ 已存在$/);
    }
    const sameId = await create(form({ nationalId: payload.nationalId }), taxi);
    expect(sameId.msg).toBe(`身份证号 ${payload.nationalId} 已存在`);
  });
});

describe('the two kinds are slices of one table', () => {
  it('lists, reads and changes only drivers of its own kind', async () => {
    const taxiDriver = await create(form({ taxiCompany: '北京银建出租汽车公司' }), taxi);
    expect(taxiDriver.code).toBe(0);
    expect((await ctx.request({ method: 'GET', url: `${ride}/${taxiDriver.data.id}`, token: admin })).msg).toBe(
      '网约车司机不存在',
    );
    expect((await act(taxiDriver.data.id, 'approve')).msg).toBe('网约车司机不存在');
    expect((await list(`name=${taxiDriver.data.name}`)).total).toBe(0);
    expect((await list(`name=${taxiDriver.data.name}`, taxi)).total).toBe(1);
  });

  it("hides another branch company's driver by id", async () => {
    const made = await create(form());
    const shanghai = await ctx.loginToOtherTenant();
    const read = await ctx.request({ method: 'GET', url: `${ride}/${made.data.id}`, token: shanghai });
    expect(read.msg).toBe('网约车司机不存在');
    expect((await act(made.data.id, 'approve', {}, ride, shanghai)).msg).toBe('网约车司机不存在');
  });

  it('refuses ops, who holds vehicles and orders only', async () => {
    const ops = await ctx.login('ops', 'ops123');
    expect((await ctx.request({ method: 'GET', url: ride, token: ops })).code).toBe(403);
    expect((await create(form(), taxi, ops)).code).toBe(403);
  });
});

describe('searching the list', () => {
  it('finds a driver by the last digits of the mobile, a fragment of the name, and the ID', async () => {
    const made = await create(form({ name: '欧阳振华', mobile: '13912345678', nationalId: idOf('19850101', 77) }));
    expect(made.code).toBe(0);
    expect((await list('mobile=5678')).list.map((row) => row.name)).toContain('欧阳振华');
    expect((await list('mobile=13912345678')).total).toBe(1);
    expect((await list('mobile=1234')).list.map((row) => row.name)).not.toContain('欧阳振华');
    expect((await list(`name=${encodeURIComponent('振')}`)).list.map((row) => row.name)).toContain('欧阳振华');
    expect((await list(`name=${encodeURIComponent('欧阳振')}`)).total).toBe(1);
    const id = idOf('19850101', 77);
    expect((await list(`nationalId=${id.toLowerCase()}`)).list.map((row) => row.name)).toEqual(['欧阳振华']);
  });

  it('flags papers running out within 30 days or expired, and filters by it', async () => {
    const soon = await create(form({ licenseExpiry: inDays(400), permitExpiry: inDays(10) }));
    const gone = await create(form({ licenseExpiry: inDays(-3) }));
    const fine = await create(form({ licenseExpiry: inDays(400), permitExpiry: inDays(90) }));
    expect(soon.data).toMatchObject({ expiry: 1 });
    expect(gone.data).toMatchObject({ expiry: 2 });
    expect(fine.data).toMatchObject({ expiry: 0 });
    const flagged = (await list('expiry=1,2&limit=500')).list.map((row) => row.id);
    expect(flagged).toEqual(expect.arrayContaining([soon.data.id, gone.data.id]));
    expect(flagged).not.toContain(fine.data.id);
    await act(soon.data.id, 'approve');
    const home = await ctx.request<{ queues: { key: string; total: number }[] }>({
      method: 'GET',
      url: '/api/home/queues',
      token: admin,
    });
    const queue = (key: string) => home.data.queues.find((entry) => entry.key === key)?.total;
    expect(queue('rideHailingDriversExpiring')).toBeGreaterThanOrEqual(1);
    expect(queue('rideHailingDriversToReview')).toBeGreaterThan(0);
    const current = (await ctx.request<Driver>({ method: 'GET', url: `${ride}/${soon.data.id}`, token: admin })).data;
    const edited = await ctx.request<Driver>({
      method: 'PUT',
      url: `${ride}/${soon.data.id}`,
      token: admin,
      payload: { ...form(), ...pick(soon.data), permitExpiry: inDays(200), version: current.version },
    });
    expect(edited.data.expiry).toBe(0);
  });
});

const pick = (row: Driver) => ({
  name: row.name,
  mobile: row.mobile,
  nationalId: row.nationalId,
  cityId: row.cityId,
  licenseClass: row.licenseClass,
  licenseExpiry: row.licenseExpiry,
});

describe('the driver lifecycle', () => {
  const fresh = async (url = ride) => (await create(form(), url)).data;

  it('takes every allowed step, reasons kept', async () => {
    const driver = await fresh();
    expect((await act(driver.id, 'approve')).data.status).toBe(1);
    const frozen = await act(driver.id, 'freeze', { reason: '连续两期租金逾期' });
    expect(frozen.data).toMatchObject({ status: 2, statusReason: '连续两期租金逾期' });
    expect((await act(driver.id, 'unfreeze', { reason: '已结清欠款' })).data.status).toBe(1);
    expect((await act(driver.id, 'blacklist', { reason: '多次恶意违章' })).data.status).toBe(3);

    const rejected = await fresh(taxi);
    expect((await act(rejected.id, 'reject', { reason: '驾驶证照片不清晰' }, taxi)).data.status).toBe(5);
    expect((await act(rejected.id, 'resubmit', {}, taxi)).data.status).toBe(0);

    const leaving = await fresh();
    await act(leaving.id, 'approve');
    expect((await act(leaving.id, 'churn', {})).data.status).toBe(4);
    const frozenLeaving = await fresh();
    await act(frozenLeaving.id, 'approve');
    await act(frozenLeaving.id, 'freeze', { reason: '暂停合作' });
    expect((await act(frozenLeaving.id, 'churn', { reason: '转行' })).data.status).toBe(4);
  });

  it('refuses every step its status does not allow, saying why', async () => {
    const pending = await fresh();
    expect((await act(pending.id, 'freeze', { reason: 'x' })).msg).toBe('网约车司机当前为「待审核」，不能冻结');
    expect((await act(pending.id, 'blacklist', { reason: 'x' })).msg).toBe('网约车司机当前为「待审核」，不能拉黑');
    expect((await act(pending.id, 'churn', {})).msg).toBe('网约车司机当前为「待审核」，不能标记流失');
    expect((await act(pending.id, 'unfreeze', { reason: 'x' })).msg).toBe('网约车司机当前为「待审核」，不能解冻');
    expect((await act(pending.id, 'resubmit')).msg).toBe('网约车司机当前为「待审核」，不能重新提交');
    await act(pending.id, 'approve');
    expect((await act(pending.id, 'approve')).msg).toBe('网约车司机当前为「正常」，不能审核通过');
    expect((await act(pending.id, 'reject', { reason: 'x' })).msg).toBe('网约车司机当前为「正常」，不能审核不通过');
    expect((await act(pending.id, 'unfreeze', { reason: 'x' })).msg).toBe('网约车司机当前为「正常」，不能解冻');
    await act(pending.id, 'blacklist', { reason: '骗租' });
    for (const action of ['approve', 'freeze', 'unfreeze', 'churn']) {
      expect((await act(pending.id, action, { reason: 'x' })).msg).toMatch(/^网约车司机当前为「黑名单」，不能/);
    }
  });

  it('asks a reason where one is required', async () => {
    const driver = await fresh();
    await act(driver.id, 'approve');
    expect((await act(driver.id, 'blacklist', { reason: '' })).msg).toBe('拉黑原因：不能为空');
    expect((await act(driver.id, 'freeze', {})).code).toBe(400);
  });

  it('deletes only drivers never approved', async () => {
    const pending = await fresh();
    const active = await fresh();
    await act(active.id, 'approve');
    const removed = await ctx.request({ method: 'DELETE', url: `${ride}/${active.id}`, token: admin });
    expect(removed.msg).toBe('网约车司机当前为「正常」，不能删除');
    expect((await ctx.request({ method: 'DELETE', url: `${ride}/${pending.id}`, token: admin })).code).toBe(0);
  });
});

describe('交车 to a driver', () => {
  const checklist = [{ item: '外观', ok: true }];
  const inStock = async () => {
    const page = await ctx.request<PageResult<Driver>>({ method: 'GET', url: '/api/vehicles?stage=3,7', token: admin });
    return page.data.list[0] as Driver & { mileage: number; plateNo: string };
  };
  const handOver = (vehicle: Driver & { mileage: number }, driverId: string, token = admin) =>
    ctx.request({
      method: 'POST',
      url: `/api/vehicles/${vehicle.id}/temporary-deliver`,
      token,
      payload: { driverId, mileage: vehicle.mileage, energyLevel: 80, checklist },
    });

  it('finds only 正常 drivers in the picker, by mobile suffix, name or ID, for ops too', async () => {
    const driver = await activeDriver(ctx, admin, '诸葛明亮');
    const pendingForm = form({ name: '诸葛待审' });
    expect((await create(pendingForm)).code).toBe(0);
    const ops = await ctx.login('ops', 'ops123');
    const search = async (text: string) =>
      (
        await ctx.request<{ label: string; value: string }[]>({
          method: 'GET',
          url: `/api/lookups/drivers?search=${encodeURIComponent(text)}`,
          token: ops,
        })
      ).data.map((option) => option.value);
    expect(await search(driver.mobile.slice(-4))).toContain(driver.id);
    expect(await search('诸葛')).toEqual([driver.id]);
    expect(await search(pendingForm.nationalId)).toEqual([]);
  });

  it("stores the driver beside their name and phone; the driver's deliveries and violations follow", async () => {
    const vehicle = await inStock();
    const driver = await activeDriver(ctx, admin, '钱学军');
    expect((await handOver(vehicle, driver.id)).code).toBe(0);
    const deliveries = await list(`driverId=${driver.id}`, '/api/vehicle-deliveries/views/temporaryDelivery');
    expect(deliveries.list.map((row) => [row.plateNo, row.driverName, row.driverPhone])).toEqual([
      [vehicle.plateNo, '钱学军', driver.mobile],
    ]);
    const violation = await ctx.request({
      method: 'POST',
      url: '/api/vehicle-violations',
      token: admin,
      payload: { vehicleId: vehicle.id, occurredAt: new Date().toISOString(), place: '长安街', item: '闯红灯' },
    });
    expect(violation.code).toBe(0);
    const violations = await list(`driverId=${driver.id}`, '/api/vehicle-violations');
    expect(violations.list.map((row) => row.driverName)).toEqual(['钱学军']);
  });

  it('refuses a driver who is not 正常, or of another branch company', async () => {
    const vehicle = await inStock();
    const frozen = await activeDriver(ctx, admin, '孙冻结');
    await act(frozen.id, 'freeze', { reason: '逾期' });
    expect((await handOver(vehicle, frozen.id)).msg).toBe('司机孙冻结当前为「冻结」，不能交车');
    const shanghai = await ctx.loginToOtherTenant();
    const theirs = await activeDriver(ctx, shanghai, '上海司机');
    expect((await handOver(vehicle, theirs.id)).msg).toBe('司机不存在');
  });
});
