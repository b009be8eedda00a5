import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadNamedFamilies } from '../resource/familyRegistry';
import { relatedLists } from '../resource/related';
import { calls, lastCall, resetServer, serve } from '../resource/testing/fakeServer';
import { serveLookups } from '../resource/testing/lookups';
import { renderWithShell } from '../resource/testing/render';
import { buttonsOf, rowOf } from '../resource/testing/rows';
import { page, vehicleFamily } from './families';
import { scanSummary } from './recordSections';
import { allButtons, pageOf } from './testing';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 40_000 });

const base = { id: '1', vehicleId: '11', vin: 'LSVAU2180N2183294', version: 1 };
const drawer = async (title: string) => (await screen.findByText(title)).closest('.ant-drawer') as HTMLElement;
const loads = (url: string) => calls.filter((call) => call.method === 'GET' && call.url === url).length;

function open(routeKey: string, buttons: readonly string[] = allButtons) {
  const Page: ComponentType = page(routeKey);
  return renderWithShell(<Page />, { url: `/${routeKey}`, buttons });
}

/** Searches the 车辆 field for `typed` and picks the vehicle labelled `plate`. */
async function pickVehicle(form: HTMLElement, typed: string, plate: string) {
  const field = within(form).getByRole('combobox', { name: '车辆' });
  fireEvent.mouseDown(field);
  fireEvent.change(field, { target: { value: typed } });
  fireEvent.click(await screen.findByTitle(plate));
}

/** Types a date (and time) into a date picker and confirms it. */
function typeDate(form: HTMLElement, label: string, value: string) {
  const input = within(form).getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
}

/** The vehicle lookup: 京AD12345 (id 11) for a search of 京A or asked by its id. */
function serveVehicleLookup() {
  serve('GET', '/api/lookups/vehicles', ({ query }: { query: unknown }) => {
    const { search, ids } = query as { search?: string; ids?: string };
    return search === '京A' || ids === '11' ? [{ label: '京AD12345', value: '11' }] : [];
  });
}

beforeEach(() => {
  resetServer();
  serveLookups();
  serveVehicleLookup();
});

describe('风险管理', () => {
  const risks = '/api/vehicle-risks';
  beforeEach(() =>
    serve(
      'GET',
      risks,
      pageOf([
        { ...base, id: '3', plateNo: '京AD33333', status: 0, rule: 0 },
        { ...base, id: '4', plateNo: '京AD44444', status: 1, rule: 4 },
      ]),
    ),
  );

  it('offers 处理 for open risks and sends the note', async () => {
    serve('POST', '/api/vehicle-risks/:id/handle', null);
    open('riskManagement');
    const pending = await rowOf('京AD33333');
    expect(buttonsOf(await rowOf('京AD44444'))).toEqual(['详情']);
    fireEvent.click(within(pending).getByRole('button', { name: '处理' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入处理说明')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('处理说明'), { target: { value: '已续保' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lastCall('POST', '/api/vehicle-risks/3/handle')).toBeTruthy());
    expect(lastCall('POST', '/api/vehicle-risks/3/handle')?.body).toEqual({ note: '已续保' });
    expect(calls.some((call) => call.url === '/api/vehicle-risks/scan')).toBe(false);
  });

  it('重新扫描 asks the server to flag what the rules find now, says what it found, and reloads the list', async () => {
    serve('POST', '/api/vehicle-risks/scan', { flagged: 2, pending: 49 });
    open('riskManagement');
    await rowOf('京AD33333');
    const before = loads(risks);
    fireEvent.click(screen.getByRole('button', { name: '重新扫描' }));
    expect(await screen.findByText('扫描完成：新发现 2 项风险，共 49 项待处理')).toBeTruthy();
    await waitFor(() => expect(loads(risks)).toBeGreaterThan(before));
  });

  it('says so when a scan finds nothing new, or nothing at all', async () => {
    expect(scanSummary({ flagged: 0, pending: 52 })).toBe('扫描完成：未发现新风险，仍有 52 项待处理');
    expect(scanSummary({ flagged: 0, pending: 0 })).toBe('扫描完成：未发现风险');
  });

  it('offers neither 处理 nor 重新扫描 without the handle button', async () => {
    open('riskManagement', ['riskManagement:export']);
    expect(buttonsOf(await rowOf('京AD33333'))).toEqual(['详情']);
    expect(screen.queryByRole('button', { name: '重新扫描' })).toBeNull();
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
  });
});

describe('违章管理', () => {
  const violation = {
    id: '21',
    vehicleId: '11',
    plateNo: '京AD12345',
    occurredAt: '2024-05-01T08:00:00.000Z',
    place: '长安街',
    item: '闯红灯',
    points: 6,
    fine: 20000,
    status: 0,
    version: 3,
  };
  beforeEach(() => {
    serve('GET', '/api/vehicle-violations', pageOf([violation]));
    serve('GET', '/api/vehicle-violations/:id', violation);
  });

  it('records a violation of a vehicle found by the searched lookup', async () => {
    serve('POST', '/api/vehicle-violations', violation);
    open('violationManagement');
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    const form = await drawer('新增违章记录');
    await pickVehicle(form, '京A', '京AD12345');
    const lookups = calls.filter((call) => call.url === '/api/lookups/vehicles').map((call) => call.query);
    expect(lookups).toContainEqual({ search: '京A' });
    typeDate(form, '违章时间', '2024-05-01 08:00:00');
    fireEvent.change(within(form).getByLabelText('违章地点'), { target: { value: '长安街' } });
    fireEvent.change(within(form).getByLabelText('违章行为'), { target: { value: '闯红灯' } });
    fireEvent.change(within(form).getByLabelText('罚款（元）'), { target: { value: '200' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(lastCall('POST', '/api/vehicle-violations')).toBeTruthy());
    expect(lastCall('POST', '/api/vehicle-violations')?.body).toMatchObject({
      vehicleId: '11',
      occurredAt: '2024-05-01T08:00:00.000Z',
      place: '长安街',
      item: '闯红灯',
      fine: 20000,
      points: null,
    });
  });

  it('edits with the version of the row and the vehicle it had, named by the lookup', async () => {
    serve('PUT', '/api/vehicle-violations/:id', violation);
    open('violationManagement');
    fireEvent.click(within(await rowOf('京AD12345')).getByRole('button', { name: '编辑' }));
    const form = await drawer('编辑违章记录');
    expect(await within(form).findByTitle('京AD12345')).toBeTruthy();
    fireEvent.change(await within(form).findByDisplayValue('长安街'), { target: { value: '西单' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(lastCall('PUT', '/api/vehicle-violations/21')).toBeTruthy());
    expect(lastCall('PUT', '/api/vehicle-violations/21')?.body).toMatchObject({
      vehicleId: '11',
      place: '西单',
      version: 3,
    });
  });

  it('deletes after confirmation, and shows no buttons the user does not hold', async () => {
    serve('DELETE', '/api/vehicle-violations/:id', null);
    open('violationManagement', ['violationManagement:delete']);
    const row = await rowOf('京AD12345');
    expect(buttonsOf(row)).toEqual(['详情', '删除']);
    for (const name of ['新增', '导入', '导出']) expect(screen.queryByRole('button', { name })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    const confirm = (await screen.findByText('确定删除违章记录 京AD12345 吗？')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(lastCall('DELETE', '/api/vehicle-violations/21')).toBeTruthy());
  });

  it('imports violations from a sheet of the violation template', async () => {
    serve('GET', '/api/gateway/storage/templates/:kind', new Blob(['PK'], { type: 'application/octet-stream' }));
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:template');
    open('violationManagement');
    fireEvent.click(await screen.findByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('导入违章记录')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '下载模板' }));
    await waitFor(() => expect(lastCall('GET', '/api/gateway/storage/templates/violation')).toBeTruthy());
    created.mockRestore();
  });
});

describe('维保管理', () => {
  it('records a service of a vehicle found by the searched lookup', async () => {
    serve('GET', '/api/vehicle-maintenance', pageOf([]));
    serve('POST', '/api/vehicle-maintenance', { id: '1' });
    open('maintenanceManagement');
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    const form = await drawer('新增维保记录');
    await pickVehicle(form, '京A', '京AD12345');
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: '维保类型' }));
    fireEvent.click(await screen.findByTitle('维修'));
    typeDate(form, '维保日期', '2025-04-01');
    fireEvent.change(within(form).getByLabelText('里程（公里）'), { target: { value: '8000' } });
    fireEvent.change(within(form).getByLabelText('维保单位'), { target: { value: '亦庄4S店' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(lastCall('POST', '/api/vehicle-maintenance')).toBeTruthy());
    expect(lastCall('POST', '/api/vehicle-maintenance')?.body).toEqual({
      vehicleId: '11',
      type: 1,
      serviceDate: '2025-04-01',
      mileage: 8000,
      vendor: '亦庄4S店',
      cost: null,
      status: null,
      attachments: [],
      remark: null,
    });
  });
});

describe("a vehicle's related lists", () => {
  it('are its orders and every record screen, each filtered by the vehicle', async () => {
    await loadNamedFamilies([vehicleFamily]);
    const lists = relatedLists(vehicleFamily);
    expect(lists.map((list) => list.title)).toEqual([
      '租赁订单',
      '验车记录',
      '出库记录',
      '交车记录',
      '临时交车',
      '还车记录',
      '调车记录',
      '车辆风险',
      '违章记录',
      '维保记录',
    ]);
    expect(lists.every((list) => list.via === 'vehicleId' && list.screen.filters.includes('vehicleId'))).toBe(true);
  });
});
