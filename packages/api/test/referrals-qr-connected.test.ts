import { addDays, beijingDay, nationalIdCheckCharacter, type PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { callsAs, writesBy } from './calls';
import { startTestApp, type TestContext } from './harness';
import { leaseOrderTerms } from './task-support';

type QrCode = { id: string; code: string; channelId: string; signUpCount: number; scanCount: number };
type Lead = { id: string; mobile: string; channelId: string | null; source: number; contactName: string };
type Referral = {
  id: string;
  stage: number;
  inviteeDriverId: string | null;
  registeredAt: string | null;
  signedAt: string | null;
  deliveredAt: string | null;
};
type Entry = { action: string; userName: string | null };
type Task = { id: string; businessId: string; businessType: number };
type Driver = { id: string; name: string; mobile: string };

let ctx: TestContext;
let admin: string;
let manager: string;
let finance: string;
let tenantId: number;
let invitees: Driver[];
let inviter: Driver;

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 40 });
  admin = await ctx.login('admin', 'admin123');
  manager = await ctx.login('manager', 'manager123');
  finance = await ctx.login('finance', 'finance123');
  admin = await ctx.login('admin', 'admin123');
  const db = ctx.database.db;
  const [tenant] = rowsOf<{ id: number }>(await db.execute(sql`select id from tenants where code = 'BJ'`));
  tenantId = Number(tenant?.id);
  // New drivers, approved: people with no order and nobody's referral yet.
  const free: Driver[] = [];
  for (const sequence of [1, 2, 3, 4]) free.push(await newDriver(sequence));
  inviter = free[0] as Driver;
  invitees = free.slice(1);
});
afterAll(() => ctx.close());

/** A 正常 ride-hailing driver of 北京分公司, registered on 网约车司机 and approved. */
async function newDriver(sequence: number): Promise<Driver> {
  const cities = await get<{ value: string }[]>('/api/lookups/cities');
  const first17 = `110105199002070${String(sequence).padStart(2, '0')}`;
  const name = `转介绍司机${sequence}`;
  const mobile = `1660001000${sequence}`;
  const saved = await post<{ id: string }>('/api/ride-hailing-drivers', admin, {
    name,
    mobile,
    nationalId: first17 + nationalIdCheckCharacter(first17),
    cityId: cities.data[0]?.value,
    licenseClass: 6,
  });
  expect(saved.msg).toBe('success');
  expect((await post(`/api/ride-hailing-drivers/${saved.data.id}/approve`, admin)).msg).toBe('success');
  return { id: saved.data.id, name, mobile };
}

const { get } = callsAs(() => ({ ctx, token: admin }));
const { post } = writesBy(() => ctx);

async function decide(token: string, businessId: string) {
  const todo = await get<PageResult<Task>>('/api/approval-tasks?limit=100', token);
  const task = todo.data.list.find((row) => row.businessType === 1 && row.businessId === businessId);
  expect(task).toBeDefined();
  expect((await post(`/api/approval-tasks/${task?.id}/approve`, token)).msg).toBe('success');
}

async function invite(invitee: Driver) {
  const saved = await post<Referral>('/api/referrals', admin, {
    inviteeName: invitee.name,
    inviteeMobile: invitee.mobile,
    inviterId: inviter.id,
    invitedAt: new Date(Date.now() - 86_400_000).toISOString(),
    remark: null,
  });
  expect(saved.msg).toBe('success');
  return saved.data.id;
}
const referralOf = async (id: string) => (await get<Referral>(`/api/referrals/${id}`)).data;

describe('二维码报名', () => {
  it('a sign-up through a QR code counts in its 报名人数 and makes a lead of its channel', async () => {
    const codes = await get<PageResult<QrCode>>('/api/qr-codes?limit=5');
    const qr = codes.data.list[0] as QrCode;
    expect(qr).toBeDefined();
    const { code } = rowsOf<{ code: string }>(
      await ctx.database.db.execute(sql`select code from qr_codes where id = ${Number(qr.id)}`),
    )[0] ?? {
      code: '',
    };
    const signUp = { code, contactName: '扫码报名人', mobile: '19987650001' };
    const answer = await post<{ signedUp: boolean; message: string }>('/api/public/qr-sign-up', undefined, signUp);
    expect(answer.data).toEqual({ signedUp: true, message: '报名成功，我们会尽快与您联系' });
    expect((await get<QrCode>(`/api/qr-codes/${qr.id}`)).data.signUpCount).toBe(qr.signUpCount + 1);
    const leads = await get<PageResult<Lead>>('/api/leads?mobile=19987650001');
    expect(leads.data.list).toHaveLength(1);
    expect(leads.data.list[0]).toMatchObject({ contactName: '扫码报名人', channelId: qr.channelId, source: 2 });
    // The same visitor again: the same answer, no second lead, no second count.
    const again = await post<{ signedUp: boolean }>('/api/public/qr-sign-up', undefined, signUp);
    expect(again.data.signedUp).toBe(true);
    expect((await get<QrCode>(`/api/qr-codes/${qr.id}`)).data.signUpCount).toBe(qr.signUpCount + 1);
    expect((await get<PageResult<Lead>>('/api/leads?mobile=19987650001')).data.list).toHaveLength(1);
    // A code nobody issued is refused and counts nowhere.
    const unknown = await post('/api/public/qr-sign-up', undefined, {
      ...signUp,
      code: 'no-such-code-0000',
      mobile: '19987650002',
    });
    expect(unknown.msg).toBe('二维码无效，请确认扫描的是本公司的报名二维码');
    expect((await get<PageResult<Lead>>('/api/leads?mobile=19987650002')).data.list).toHaveLength(0);
  });
});

describe('司机拉新 follows the invitee’s order', () => {
  it('a referred driver who gets an order and a car moves the referral to 已签约 and 已交车', async () => {
    const invitee = invitees[0] as Driver;
    const referralId = await invite(invitee);
    const [car] = rowsOf<{ id: number; model_id: number; city_id: number }>(
      await ctx.database.db.execute(
        sql`select id, model_id, city_id from vehicles where tenant_id = ${tenantId} and stage in (4, 7) order by id desc limit 1`,
      ),
    );
    const saved = await post<{ id: string }>(
      '/api/lease-orders',
      admin,
      leaseOrderTerms({
        driverId: invitee.id,
        cityId: String(car?.city_id),
        modelId: String(car?.model_id),
        startDate: addDays(beijingDay(new Date()), 1),
        rent: 350_000,
      }),
    );
    expect(saved.msg).toBe('success');
    const orderId = saved.data.id;
    expect((await post(`/api/lease-orders/${orderId}/submit`, admin)).msg).toBe('success');
    expect((await referralOf(referralId)).stage).toBe(1);
    await decide(manager, orderId);
    await decide(finance, orderId);
    // The order signed: 已签约, the stage passed over (已注册) dated with it, the driver record linked.
    const signed = await referralOf(referralId);
    expect(signed).toMatchObject({ stage: 3, inviteeDriverId: invitee.id, deliveredAt: null });
    expect(signed.registeredAt).toBe(signed.signedAt);
    const filled = await post(`/api/lease-orders/${orderId}/fill-delivery`, admin, {
      vehicleId: String(car?.id),
      mileage: 100_000,
      energyLevel: 90,
    });
    expect(filled.msg).toBe('success');
    const delivered = await referralOf(referralId);
    expect(delivered.stage).toBe(4);
    expect(delivered.deliveredAt).not.toBeNull();
    const history = await get<Entry[]>(`/api/referrals/${referralId}/history`);
    expect(history.data.map((entry) => [entry.action, entry.userName])).toEqual([
      ['deliver', '系统管理员'],
      ['sign', '系统'],
      ['create', '系统管理员'],
    ]);
  });

  it('a referral cannot be moved to 已交车 by hand without an order', async () => {
    const invitee = invitees[1] as Driver;
    const referralId = await invite(invitee);
    expect((await post(`/api/referrals/${referralId}/register`, admin, {})).msg).toBe('success');
    expect((await post(`/api/referrals/${referralId}/sign`, admin)).msg).toBe('success');
    const refused = await post(`/api/referrals/${referralId}/deliver`, admin);
    expect(refused.msg).toBe(`被邀请人${invitee.name}还没有已交车的租赁订单，不能确认交车`);
    expect((await referralOf(referralId)).stage).toBe(3);
  });
});
