import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastCall, serve } from '../resource/testing/fakeServer';
import { renderWithShell } from '../resource/testing/render';
import { GpsListPage, InspectedVehiclePage, VehicleInspectedPage, WaitingOutPage } from './pages';
import { allButtons, serveVehicles, vehicle, vehicleMenus } from './testing';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 40_000 });

const listQuery = () => lastCall('GET', '/api/vehicles')?.query as Record<string, unknown> | undefined;
const rowOf = async (plate: string) => (await screen.findByText(plate)).closest('tr') as HTMLElement;
const shell = { buttons: allButtons, menus: vehicleMenus };

describe('stage screens', () => {
  beforeEach(() => serveVehicles([vehicle({ id: '7', plateNo: '京AD12345', stage: 0 })]));

  it('待验车辆 lists stage 0 only and offers 验车, without the vehicle list buttons', async () => {
    renderWithShell(<VehicleInspectedPage />, { url: '/vehicleInspected', ...shell });
    const row = await rowOf('京AD12345');
    expect(listQuery()).toMatchObject({ stage: '0' });
    expect(within(row).getByRole('button', { name: '验车' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: '车辆阶段' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '验车' }));
    expect(await screen.findByText('验车 京AD12345')).toBeTruthy();
  });

  it('已验车辆 starts 整备 after a confirmation', async () => {
    serveVehicles([vehicle({ id: '9', plateNo: '京C12345', stage: 1 })]);
    serve('POST', '/api/vehicles/:id/start-preparation', null);
    renderWithShell(<InspectedVehiclePage />, { url: '/inspectedVehicle', ...shell });
    fireEvent.click(within(await rowOf('京C12345')).getByRole('button', { name: '整备' }));
    const [title] = await screen.findAllByText('确定开始整备 京C12345 吗？');
    const confirm = title?.closest('.ant-modal-confirm') as HTMLElement;
    expect(within(confirm).getByText(/需完成入网维护、行驶证、GPS、运输证四项/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lastCall('POST', '/api/vehicles/9/start-preparation')).toBeTruthy());
    expect(await screen.findByText('操作成功')).toBeTruthy();
    expect(listQuery()).toMatchObject({ stage: '1' });
  });

  it('待出库 lists stages 3 and 4 and offers 出库 or 交车 by stage', async () => {
    serveVehicles([
      vehicle({ id: '1', plateNo: '京D12345', stage: 3 }),
      vehicle({ id: '2', plateNo: '京E12345', stage: 4 }),
    ]);
    renderWithShell(<WaitingOutPage />, { url: '/waitingOut', ...shell });
    const awaiting = await rowOf('京D12345');
    const out = await rowOf('京E12345');
    expect(listQuery()).toMatchObject({ stage: '3,4' });
    expect(within(awaiting).getByRole('button', { name: '出库' })).toBeTruthy();
    expect(within(awaiting).queryByRole('button', { name: '交车' })).toBeNull();
    expect(within(out).getByRole('button', { name: '交车' })).toBeTruthy();
  });
});

describe('preparation screens', () => {
  beforeEach(() => serveVehicles([vehicle({ id: '7', plateNo: '京AD12345', stage: 2 })]));

  it('GPS管理 lists vehicles in 整备中 and completes GPS for a holder of gpsList:edit', async () => {
    renderWithShell(<GpsListPage />, { url: '/gpsList', ...shell });
    const row = await rowOf('京AD12345');
    expect(listQuery()).toMatchObject({ stage: '2' });
    expect(screen.getByRole('columnheader', { name: 'GPS设备号' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '完成' }));
    expect(await screen.findByRole('textbox', { name: 'GPS设备号' })).toBeTruthy();
  });

  it('offers no 完成 without the button', async () => {
    renderWithShell(<GpsListPage />, { url: '/gpsList', buttons: ['drivingLicense:edit'], menus: ['gpsList'] });
    expect(within(await rowOf('京AD12345')).queryByRole('button', { name: '完成' })).toBeNull();
  });
});
