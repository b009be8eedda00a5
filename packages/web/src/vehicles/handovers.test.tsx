import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastCall, resetServer, serve } from '../resource/testing/fakeServer';
import { serveLookups } from '../resource/testing/lookups';
import { renderWithShell } from '../resource/testing/render';
import { buttonsOf, rowOf } from '../resource/testing/rows';
import { page } from './families';
import { allButtons, pageOf } from './testing';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 40_000 });

const base = { id: '1', vehicleId: '11', vin: 'LSVAU2180N2183294', version: 1 };
const ok = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
const type = (dialog: HTMLElement, name: string, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
const number = (dialog: HTMLElement, name: string, value: string) =>
  fireEvent.change(within(dialog).getByRole('spinbutton', { name }), { target: { value } });

function open(routeKey: string, options: { buttons?: readonly string[]; menus?: readonly string[] } = {}) {
  const Page: ComponentType = page(routeKey);
  return renderWithShell(<Page />, { url: `/${routeKey}`, buttons: allButtons, ...options });
}

/** Picks the vehicle labelled `plate` in a dialog's searched 车辆 field. */
async function pickVehicle(dialog: HTMLElement, plate: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '车辆' }));
  fireEvent.click(await screen.findByTitle(plate));
}

beforeEach(() => {
  resetServer();
  serveLookups();
});

describe('临时交车', () => {
  beforeEach(() =>
    serve(
      'GET',
      '/api/vehicle-deliveries/views/temporaryDelivery',
      pageOf([
        { ...base, plateNo: '京AD11111', kind: 1, mileage: 1500, energyLevel: 90, endedAt: null },
        { ...base, id: '2', plateNo: '京AD22222', kind: 1, endedAt: '2024-05-01T08:00:00.000Z' },
      ]),
    ),
  );

  it('lists its view and offers 收回 only for a delivery not yet recalled', async () => {
    open('temporaryDelivery');
    expect(buttonsOf(await rowOf('京AD11111'))).toEqual(['收回']);
    expect(buttonsOf(await rowOf('京AD22222'))).toEqual([]);
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: '交车类型' })).toBeNull();
  });

  it('hides 新增 and 收回 without their buttons', async () => {
    open('temporaryDelivery', { buttons: [] });
    expect(buttonsOf(await rowOf('京AD11111'))).toEqual([]);
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('新增 picks among the vehicles the lifecycle lets it take (待出库 and 在库) and hands the one picked over to a driver searched by name, mobile or ID', async () => {
    serve('GET', '/api/lookups/vehicles', [{ label: '京AD33333', value: '31' }]);
    serve('GET', '/api/lookups/drivers', [{ label: '王建国（13800138000）', value: '41' }]);
    serve('POST', '/api/vehicles/:id/temporary-deliver', { deliveryId: '3' });
    open('temporaryDelivery');
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('临时交车')).toBeTruthy();
    await waitFor(() => expect(lastCall('GET', '/api/lookups/vehicles')?.query).toEqual({ stage: '3,7' }));
    await pickVehicle(dialog, '京AD33333');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '司机' }));
    fireEvent.change(within(dialog).getByRole('combobox', { name: '司机' }), { target: { value: '8000' } });
    await waitFor(() => expect(lastCall('GET', '/api/lookups/drivers')?.query).toMatchObject({ search: '8000' }));
    fireEvent.click(await screen.findByTitle('王建国（13800138000）'));
    number(dialog, '里程（公里）', '2000');
    number(dialog, '油量/电量（%）', '70');
    ok(dialog);
    await waitFor(() => expect(lastCall('POST', '/api/vehicles/31/temporary-deliver')).toBeTruthy());
    const body = lastCall('POST', '/api/vehicles/31/temporary-deliver')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ driverId: '41', mileage: 2000, energyLevel: 70 });
    expect(body).not.toHaveProperty('targetId');
    expect(body.checklist).toHaveLength(5);
  });

  it("收回 acts on the delivery's vehicle, starting from the handover's mileage", async () => {
    serve('POST', '/api/vehicles/:id/recall', null);
    open('temporaryDelivery');
    fireEvent.click(within(await rowOf('京AD11111')).getByRole('button', { name: '收回' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('收回 京AD11111')).toBeTruthy();
    expect((within(dialog).getByRole('spinbutton', { name: '里程（公里）' }) as HTMLInputElement).value).toBe('1500');
    expect((within(dialog).getByRole('spinbutton', { name: '油量/电量（%）' }) as HTMLInputElement).value).toBe('');
    number(dialog, '里程（公里）', '1620');
    number(dialog, '油量/电量（%）', '90');
    ok(dialog);
    await waitFor(() => expect(lastCall('POST', '/api/vehicles/11/recall')).toBeTruthy());
    expect(lastCall('POST', '/api/vehicles/11/recall')?.body).toEqual({ mileage: 1620, energyLevel: 90 });
    expect(await screen.findByText('收回 京AD11111：操作成功')).toBeTruthy();
  });
});

describe('交车记录', () => {
  it('lists the deliveries and opens 交车详情 from a row', async () => {
    serve('GET', '/api/vehicle-deliveries', pageOf([{ ...base, id: '5', plateNo: '京AD55555', kind: 0 }]));
    const view = open('deliveryRecord', { menus: ['deliveryRecord'] });
    const row = await rowOf('京AD55555');
    expect(lastCall('GET', '/api/vehicle-deliveries')?.query).toEqual({ page: 1, limit: 20 });
    expect(buttonsOf(row)).toEqual(['详情']);
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '详情' }));
    await waitFor(() => expect(view.location()?.pathname).toBe('/deliveryDetail'));
    expect(view.search().get('id')).toBe('5');
  });

  it('交车详情 shows the fields, the checklist and the photos', async () => {
    serve('GET', '/api/vehicle-deliveries/:id', {
      ...base,
      id: '5',
      plateNo: '京AD55555',
      kind: 0,
      driverName: '张三',
      driverPhone: '13800138000',
      checklist: [{ item: '轮胎', ok: false, note: '左前胎磨损' }],
      photos: ['private/2024/交车照片.jpg'],
    });
    serve('GET', '/api/vehicle-deliveries/:id/history', []);
    const Detail = page('deliveryDetail');
    renderWithShell(<Detail />, { url: '/deliveryDetail?id=5' });
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.getByText('正式交车')).toBeTruthy();
    const checklist = screen.getByText('检查清单').closest('.ant-card') as HTMLElement;
    expect(within(checklist).getByText('左前胎磨损')).toBeTruthy();
    expect(within(checklist).getByText('异常')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /交车照片\.jpg/ })).toHaveLength(1);
  });
});

describe('还车记录', () => {
  beforeEach(() =>
    serve(
      'GET',
      '/api/vehicle-returns',
      pageOf([
        { ...base, id: '7', plateNo: '京AD77777', status: 0 },
        { ...base, id: '8', plateNo: '京AD88888', status: 1 },
      ]),
    ),
  );

  it('offers 验收 for returns waiting for acceptance only, and sends it for the return', async () => {
    serve('POST', '/api/vehicle-returns/:id/accept', null);
    open('carReturnRecord');
    const waiting = await rowOf('京AD77777');
    expect(buttonsOf(await rowOf('京AD88888'))).toEqual(['详情']);
    fireEvent.click(within(waiting).getByRole('button', { name: '验收' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('还车验收 京AD77777')).toBeTruthy();
    number(dialog, '里程（公里）', '1200');
    number(dialog, '油量/电量（%）', '80');
    ok(dialog);
    await waitFor(() => expect(lastCall('POST', '/api/vehicle-returns/7/accept')).toBeTruthy());
    expect(lastCall('POST', '/api/vehicle-returns/7/accept')?.body).toEqual({
      mileage: 1200,
      energyLevel: 80,
      photos: [],
    });
  });

  it('还车登记 picks among the vehicles on lease', async () => {
    serve('GET', '/api/lookups/vehicles', [{ label: '京AD99999', value: '41' }]);
    serve('POST', '/api/vehicles/:id/request-return', { returnId: '9' });
    open('carReturnRecord');
    fireEvent.click(await screen.findByRole('button', { name: '还车登记' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(lastCall('GET', '/api/lookups/vehicles')?.query).toEqual({ stage: '5' }));
    await pickVehicle(dialog, '京AD99999');
    ok(dialog);
    await waitFor(() => expect(lastCall('POST', '/api/vehicles/41/request-return')).toBeTruthy());
    expect(lastCall('POST', '/api/vehicles/41/request-return')?.body).toEqual({});
  });
});

describe('调车管理', () => {
  it('调车 picks among the vehicles the lifecycle lets it move, and sends where to', async () => {
    serve('GET', '/api/vehicle-shunting', pageOf([]));
    serve('GET', '/api/lookups/vehicles', [{ label: '京AD12345', value: '7' }]);
    serve('POST', '/api/vehicles/:id/shunt', { shuntingId: '1' });
    open('shuntingManagement');
    fireEvent.click(await screen.findByRole('button', { name: '调车' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(lastCall('GET', '/api/lookups/vehicles')?.query).toEqual({ stage: '1,2,3,7' }));
    await pickVehicle(dialog, '京AD12345');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '调入城市' }));
    fireEvent.click(await screen.findByTitle('天津市'));
    type(dialog, '调出地点', '北京亦庄库');
    type(dialog, '调入地点', '天津西青库');
    type(dialog, '调车司机', '李师傅');
    ok(dialog);
    await waitFor(() => expect(lastCall('POST', '/api/vehicles/7/shunt')).toBeTruthy());
    expect(lastCall('POST', '/api/vehicles/7/shunt')?.body).toEqual({
      toCityId: '2',
      fromLocation: '北京亦庄库',
      toLocation: '天津西青库',
      driver: '李师傅',
    });
  });
});
