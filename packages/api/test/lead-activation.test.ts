import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocationRules } from '../src/channels/tables';
import { drivers } from '../src/drivers/tables';
import { invalidLeadRuleCities, invalidLeadRules } from '../src/leads/tables';
import { callsAs } from './calls';
import { idOf } from './driver-support';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let admin: string;
let adminId: string;
let cityId: string;

type Row = Record<string, unknown> & { id: string; status: number };

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  const staff = await ctx.request<{ label: string; value: string }[]>({
    method: 'GET',
    url: '/api/lookups/tenant-users',
    token: admin,
  });
  adminId = String(staff.data.find((user) => user.label === '系统管理员')?.value);
  const cities = await ctx.request<{ value: string }[]>({ method: 'GET', url: '/api/lookups/cities', token: admin });
  cityId = String(cities.data[0]?.value);
  // New leads stay as these tests leave them: no demo rule allocates or invalidates them.
  await ctx.database.db.update(allocationRules).set({ enabled: false });
  await ctx.database.db.delete(invalidLeadRuleCities);
  await ctx.database.db.delete(invalidLeadRules);
});
afterAll(() => ctx.close());

const { get, post } = callsAs<Row, Row>(() => ({ ctx, token: admin }));

let serial = 0;
async function allocatedLead() {
  serial++;
  const lead = await post('/api/leads', {
    contactName: '线索转司机',
    mobile: `1367700${String(serial).padStart(4, '0')}`,
    business: 0,
    cityId,
  });
  expect(lead.msg).toBe('success');
  expect((await post(`/api/leads/${lead.data.id}/allocate`, { salespersonId: adminId })).msg).toBe('success');
  return lead.data;
}

/** What 新增网约车司机 sends when opened from a lead: the lead's contact, the form's other fields, the lead. */
const driverFrom = (leadId: string | undefined, n: number) => ({
  name: '线索转司机',
  mobile: `1357700${String(n).padStart(4, '0')}`,
  nationalId: idOf('19880808', 600 + n),
  cityId,
  licenseClass: 6,
  ...(leadId ? { leadId: Number(leadId) } : {}),
});

const driversOfLead = async (leadId: string) =>
  (
    await ctx.database.db
      .select({ id: drivers.id })
      .from(drivers)
      .where(eq(drivers.leadId, Number(leadId)))
  ).length;

describe('a driver saved from a lead (激活 → 去新增网约车司机)', () => {
  it('activates the lead in the same save: 已激活, naming the new driver, in its log', async () => {
    const lead = await allocatedLead();
    const driver = await post('/api/ride-hailing-drivers', driverFrom(lead.id, 1));
    expect(driver.msg).toBe('success');
    const after = await get(`/api/leads/${lead.id}`);
    expect(after.data).toMatchObject({
      status: 3,
      activatedKind: 0,
      activatedCustomerId: driver.data.id,
      activatedCustomer: `线索转司机（${driver.data.mobile}）`,
    });
    const events = await get<{ list: { summary: string }[] }>(
      `/api/lead-events/views/threadDetailsLog?leadId=${lead.id}`,
    );
    expect(events.data.list.map((event) => event.summary)).toContain(
      `激活为网约车司机：线索转司机（${driver.data.mobile}）`,
    );
  });

  it('a taxi driver activates its lead as 出租车司机', async () => {
    const lead = await allocatedLead();
    const driver = await post('/api/taxi-drivers', driverFrom(lead.id, 2));
    expect(driver.msg).toBe('success');
    expect((await get(`/api/leads/${lead.id}`)).data).toMatchObject({ status: 3, activatedKind: 1 });
  });

  it('refuses a lead already activated, and keeps no driver of that save', async () => {
    const lead = await allocatedLead();
    expect((await post('/api/ride-hailing-drivers', driverFrom(lead.id, 3))).msg).toBe('success');
    const again = await post('/api/ride-hailing-drivers', driverFrom(lead.id, 4));
    expect(again.msg).toBe('线索当前为「已激活」，不能激活');
    expect(await driversOfLead(lead.id)).toBe(1);
  });

  it('of two saves at once from one lead, one activates it and the other is refused', async () => {
    const lead = await allocatedLead();
    const answers = await Promise.all([
      post('/api/ride-hailing-drivers', driverFrom(lead.id, 5)),
      post('/api/ride-hailing-drivers', driverFrom(lead.id, 6)),
    ]);
    expect(answers.map((answer) => answer.msg).sort()).toEqual(['success', '线索当前为「已激活」，不能激活'].sort());
    expect(await driversOfLead(lead.id)).toBe(1);
    const saved = answers.find((answer) => answer.code === 0);
    expect((await get(`/api/leads/${lead.id}`)).data.activatedCustomerId).toBe(saved?.data.id);
  });

  it('refuses a lead not yet allocated, or one that does not exist, saving no driver', async () => {
    const waiting = await post('/api/leads', { contactName: '未分配', mobile: '13677009999', business: 0 });
    const refused = await post('/api/ride-hailing-drivers', driverFrom(waiting.data.id, 7));
    expect(refused.msg).toBe('线索当前为「待分配」，不能激活');
    expect(await driversOfLead(waiting.data.id)).toBe(0);
    const missing = await post('/api/ride-hailing-drivers', driverFrom('999999999', 8));
    expect(missing.msg).toBe('线索不存在');
  });

  it('needs the 激活 button of 线索明细: without it the driver is not saved from the lead', async () => {
    const lead = await allocatedLead();
    // A registrar: adds 网约车司机, reads 线索明细, but does not activate leads.
    const role = await post('/api/roles', {
      code: 'driverRegistrar',
      name: '司机登记员',
      menuKeys: ['ridehailingDrivers', 'threadDeatails'],
      buttonKeys: ['ridehailingDrivers:add'],
    });
    const user = await post<{ loginId: string; password: string }>('/api/users', {
      loginId: 'registrar',
      userName: '登记员',
      code: 'T900',
      roleIds: [role.data.id],
    });
    const registrar = await ctx.login(user.data.loginId, user.data.password);
    const refused = await post('/api/ride-hailing-drivers', driverFrom(lead.id, 9), registrar);
    expect(refused).toMatchObject({ code: 403, msg: '无权限：从线索新增司机需要线索的「激活」权限' });
    expect(await driversOfLead(lead.id)).toBe(0);
    expect((await get(`/api/leads/${lead.id}`)).data.status).toBe(1);
  });
});
