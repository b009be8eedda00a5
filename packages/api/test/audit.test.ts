import type { RoleDto } from '@cp/contracts';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../src/audit/history';
import { auditLog } from '../src/audit/tables';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await startTestApp();
  token = await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

const latestAudit = async () => {
  const [row] = await ctx.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row;
};

describe('audit trail', () => {
  it('records a login with who and where', async () => {
    await ctx.login('ops', 'ops123', '10.9.9.9');
    expect(await latestAudit()).toMatchObject({
      action: 'login',
      entity: 'user',
      userName: '运营专员',
      clientAddress: '10.9.9.9',
    });
  });

  it('keeps a role history of create and update with the changed fields, newest first', async () => {
    const created = await ctx.request<RoleDto>({
      method: 'POST',
      url: '/api/roles',
      token,
      payload: { code: 'dispatcher', name: '调度员', menuKeys: ['shuntingManagement'], buttonKeys: [] },
    });
    const id = created.data.id;
    await ctx.request({
      method: 'PUT',
      url: `/api/roles/${id}`,
      token,
      payload: {
        code: 'dispatcher',
        name: '调度主管',
        menuKeys: ['shuntingManagement'],
        buttonKeys: ['shuntingManagement:add'],
        version: 1,
      },
    });
    const history = await ctx.request<HistoryEntry[]>({ method: 'GET', url: `/api/roles/${id}/history`, token });
    expect(history.data.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(history.data[0]).toMatchObject({
      userName: '系统管理员',
      changes: {
        name: { from: '调度员', to: '调度主管' },
        buttonKeys: { from: [], to: ['shuntingManagement:add'] },
      },
    });
    expect(Object.keys(history.data[0]?.changes ?? {}).sort()).toEqual(['buttonKeys', 'name']);
  });

  it('records a delete with what was removed, and a logout', async () => {
    const created = await ctx.request<RoleDto>({
      method: 'POST',
      url: '/api/roles',
      token,
      payload: { code: 'temp', name: '临时角色', menuKeys: [], buttonKeys: [] },
    });
    await ctx.request({ method: 'DELETE', url: `/api/roles/${created.data.id}`, token });
    expect(await latestAudit()).toMatchObject({
      action: 'delete',
      entity: 'role',
      entityId: created.data.id,
      changes: { name: { from: '临时角色', to: null } },
    });
    const other = await ctx.login('admin', 'admin123');
    await ctx.request({ method: 'POST', url: '/api/auth/logout', token: other });
    expect(await latestAudit()).toMatchObject({ action: 'logout', userName: '系统管理员' });
  });

  it('writes nothing for a refused change', async () => {
    const before = await latestAudit();
    await ctx.request({ method: 'POST', url: '/api/roles', token, payload: { code: '1bad', name: '' } });
    expect((await latestAudit())?.id).toBe(before?.id);
  });

  it('records a switch of tenant with both tenants', async () => {
    const other = await ctx.login('admin', 'admin123');
    const rows = await ctx.request<{ tenantId: string; currentUser: boolean }[]>({
      method: 'GET',
      url: '/api/user/accounts',
      token: other,
    });
    const from = rows.data.find((row) => row.currentUser)?.tenantId;
    const to = rows.data.find((row) => !row.currentUser)?.tenantId;
    await ctx.request({
      method: 'POST',
      url: '/api/user/switch-account',
      token: other,
      payload: { appId: 'cp-console', loginId: 'admin', tenantId: to },
    });
    expect(await latestAudit()).toMatchObject({ action: 'switch-account', changes: { tenantId: { from, to } } });
  });
});
