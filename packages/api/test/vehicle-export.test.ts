import {
  type DownloadLink,
  type DownloadRecordDto,
  type PageResult,
  type RoleDto,
  vehicleEnums,
  vehicleRecordScreens,
  vehicleScreens,
} from '@cp/contracts';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 40 });
  admin = await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

const cellTexts = (xlsx: Buffer) => {
  const sheet = new TextDecoder().decode(unzipSync(xlsx)['xl/worksheets/sheet1.xml']);
  return [...sheet.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((match) => match[1] ?? '');
};

/**
 * Exports `kind` with `filters` through the download center as a user would: queued under a name matching
 * `name`, run, listed as 已完成 with `rows` rows, then downloaded; answers the sheet's cell texts.
 */
async function exportCells(kind: string, filters: Record<string, string>, name: RegExp, rows: number) {
  const queued = await ctx.request<DownloadRecordDto>({
    method: 'POST',
    url: '/api/exports',
    token: admin,
    payload: { kind, filters },
  });
  expect(queued.data.name).toMatch(name);
  await ctx.app.jobs.runUntilIdle();
  const records = await ctx.request<PageResult<DownloadRecordDto>>({
    method: 'GET',
    url: '/api/download-records',
    token: admin,
  });
  expect(records.data.list.find((row) => row.id === queued.data.id)).toMatchObject({
    statusLabel: '已完成',
    rowCount: rows,
  });
  const link = await ctx.request<DownloadLink>({
    method: 'GET',
    url: `/api/download-records/${queued.data.id}/url`,
    token: admin,
  });
  return cellTexts((await ctx.app.inject({ method: 'GET', url: link.data.url })).rawPayload);
}

describe('vehicle export', () => {
  it('writes the filtered vehicles with Chinese headers, names and labels', async () => {
    const list = await ctx.request<{ list: Record<string, string>[]; total: number }>({
      method: 'GET',
      url: '/api/vehicles?stage=5&limit=500',
      token: admin,
    });
    const texts = await exportCells('vehicleList', { stage: '5' }, /^车辆列表_\d{14}$/, list.data.total);
    expect(texts.slice(0, 4)).toEqual(['车牌号', '车架号', '车型', '能源类型']);
    const first = list.data.list[0] as Record<string, string>;
    expect(texts).toEqual(
      expect.arrayContaining([first.plateNo, first.vin, first.modelName, first.cityName, '租赁中']),
    );
    expect(texts).not.toContain('待验车');
  });

  it('exports a record list (violations) with the vehicle plate, labels and the list filters', async () => {
    const list = await ctx.request<{ list: Record<string, unknown>[]; total: number }>({
      method: 'GET',
      url: '/api/vehicle-violations?status=2&limit=500',
      token: admin,
    });
    const texts = await exportCells('violationManagement', { status: '2' }, /^违章管理_\d{14}$/, list.data.total);
    expect(texts.slice(0, 3)).toEqual(['车牌号', '违章时间', '违章地点']);
    expect(texts).toContain('已处理');
    expect(texts).not.toContain('未处理');
  });
});

describe('exports of the screens', () => {
  it('gives every screen with an 导出 button its own export, guarded by that button', async () => {
    const kinds = await ctx.request<{ kind: string; permission: string }[]>({
      method: 'GET',
      url: '/api/exports/kinds',
      token: admin,
    });
    const offered = new Map(kinds.data.map((kind) => [kind.kind, kind.permission]));
    for (const screen of [...Object.values(vehicleScreens), ...Object.values(vehicleRecordScreens)]) {
      expect(offered.get(screen.key), screen.key).toBe(`${screen.key}:export`);
    }
  });

  it('exports a stage screen with its fixed stage, whatever filter is sent', async () => {
    const screen = await ctx.request<PageResult<Record<string, string>>>({
      method: 'GET',
      url: `${vehicleScreens.vehicleInspected.endpoint}?limit=10`,
      token: admin,
    });
    const waiting = screen.data.total;
    expect(waiting).toBeGreaterThan(0);
    const cells = await exportCells('vehicleInspected', {}, /^待验车辆_\d{14}$/, waiting);
    expect(cells.filter((text) => text === vehicleEnums.stage.label(0))).toHaveLength(waiting);
    for (const later of [1, 2, 3, 5]) expect(cells).not.toContain(vehicleEnums.stage.label(later));
    const refused = await ctx.request({
      method: 'POST',
      url: '/api/exports',
      token: admin,
      payload: { kind: 'vehicleInspected', filters: { stage: '5' } },
    });
    expect(refused).toMatchObject({ code: 400, msg: '不支持的字段：stage' });
  });

  it('needs the export button of the screen itself: 临时交车 with temporaryDelivery:export, not 交车记录’s', async () => {
    const roles = await ctx.request<{ list: RoleDto[] }>({
      method: 'GET',
      url: '/api/roles?keyword=vehicleOrderOps',
      token: admin,
    });
    const role = roles.data.list[0] as RoleDto;
    const granted = await ctx.request({
      method: 'PUT',
      url: `/api/roles/${role.id}`,
      token: admin,
      payload: {
        code: role.code,
        name: role.name,
        menuKeys: role.menuKeys,
        buttonKeys: [...role.buttonKeys, 'temporaryDelivery:export'],
        version: role.version,
      },
    });
    expect(granted.code).toBe(0);
    const ops = await ctx.login('ops', 'ops123');
    const submit = (kind: string) =>
      ctx.request({ method: 'POST', url: '/api/exports', token: ops, payload: { kind, filters: {} } });
    expect((await submit('temporaryDelivery')).code).toBe(0);
    expect(await submit('deliveryRecord')).toMatchObject({ code: 403, msg: '无权限' });
  });
});
