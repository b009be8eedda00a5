import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, lastCall, refuse, serve } from '../resource/testing/fakeServer';
import { renderWithShell } from '../resource/testing/render';
import { VehicleListPage } from './pages';
import { allButtons, serveVehicles, vehicle, vehicleMenus } from './testing';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 40_000 });

const pending = vehicle({ id: '7', plateNo: '京AD12345', stage: 0 });
const leased = vehicle({ id: '8', plateNo: '京B12345', vin: '11111111111111111', stage: 5, rentStatus: 0 });

const rowOf = async (plate: string) => (await screen.findByText(plate)).closest('tr') as HTMLElement;

beforeEach(() => serveVehicles([pending, leased]));

describe('车辆列表', () => {
  it('offers 验车 for a vehicle waiting for inspection and not for one on lease', async () => {
    renderWithShell(<VehicleListPage />, { url: '/vehicleList', buttons: allButtons, menus: vehicleMenus });
    expect(within(await rowOf('京AD12345')).getByRole('button', { name: '验车' })).toBeTruthy();
    const onLease = await rowOf('京B12345');
    expect(within(onLease).queryByRole('button', { name: '验车' })).toBeNull();
    expect(within(onLease).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
  });

  it('shows no button the user does not hold', async () => {
    renderWithShell(<VehicleListPage />, { url: '/vehicleList', buttons: [], menus: ['vehicleList'] });
    const row = await rowOf('京AD12345');
    expect(within(row).getByRole('button', { name: '详情' })).toBeTruthy();
    for (const name of ['验车', '编辑', '删除']) expect(within(row).queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
  });

  it('opens the detail page of a row', async () => {
    const view = renderWithShell(<VehicleListPage />, {
      url: '/vehicleList',
      buttons: allButtons,
      menus: vehicleMenus,
    });
    fireEvent.click(within(await rowOf('京AD12345')).getByRole('button', { name: '详情' }));
    await waitFor(() => expect(view.location()?.pathname).toBe('/vehicleDetail'));
    expect(view.search().get('id')).toBe('7');
  });

  it('deletes a vehicle after confirmation', async () => {
    serve('DELETE', '/api/vehicles/:id', null);
    renderWithShell(<VehicleListPage />, { url: '/vehicleList', buttons: allButtons, menus: vehicleMenus });
    fireEvent.click(within(await rowOf('京AD12345')).getByRole('button', { name: '删除' }));
    const confirm = (await screen.findByText('确定删除车辆 京AD12345 吗？')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(lastCall('DELETE', '/api/vehicles/7')).toBeTruthy());
    expect(await screen.findByText('操作成功')).toBeTruthy();
  });

  it('edits with the version it loaded, and says so when someone saved first', async () => {
    serve('PUT', '/api/vehicles/:id', () => refuse(409, '数据已被他人修改，请刷新后重试'));
    renderWithShell(<VehicleListPage />, { url: '/vehicleList', buttons: allButtons, menus: vehicleMenus });
    fireEvent.click(within(await rowOf('京AD12345')).getByRole('button', { name: '编辑' }));
    const drawer = (await screen.findByText('编辑车辆')).closest('.ant-drawer') as HTMLElement;
    await waitFor(() => expect((within(drawer).getByLabelText('车架号') as HTMLInputElement).value).toBe(pending.vin));
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(lastCall('PUT', '/api/vehicles/7')).toBeTruthy());
    expect(lastCall('PUT', '/api/vehicles/7')?.body).toMatchObject({ version: 3, vin: pending.vin, modelId: '3' });
    expect(await within(drawer).findByText('数据已被他人修改，请刷新后重试')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: '重新加载' })).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
