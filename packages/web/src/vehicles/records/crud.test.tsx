import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastCall, resetServer, serve } from '../../resource/testing/fakeServer';
import { serveLookups } from '../../resource/testing/lookups';
import { renderWithShell } from '../../resource/testing/render';
import { allButtons } from '../testing';
import { DeliveryDetailPage, ViolationManagementPage } from './pages';

vi.mock('../../request', () => import('../../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 40_000 });

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

describe('violation management', () => {
  beforeEach(() => {
    resetServer();
    serveLookups();
    serve('GET', '/api/vehicle-violations', { list: [violation], total: 1, totalExact: true, page: 1, limit: 10 });
    serve('GET', '/api/vehicles', { list: [], total: 0, totalExact: true, page: 1, limit: 20 });
  });

  it('edits with the version of the row and the vehicle it had', async () => {
    serve('PUT', '/api/vehicle-violations/:id', violation);
    renderWithShell(<ViolationManagementPage />, { url: '/violationManagement', buttons: allButtons });
    const row = (await screen.findByText('京AD12345')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑违章')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('违章地点'), { target: { value: '西单' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(lastCall('PUT', '/api/vehicle-violations/21')).toBeTruthy());
    expect(lastCall('PUT', '/api/vehicle-violations/21')?.body).toMatchObject({
      vehicleId: '11',
      place: '西单',
      version: 3,
    });
  });

  it('deletes after confirmation, and shows no buttons the user does not hold', async () => {
    serve('DELETE', '/api/vehicle-violations/:id', null);
    const view = renderWithShell(<ViolationManagementPage />, {
      url: '/violationManagement',
      buttons: ['violationManagement:delete'],
    });
    const row = (await screen.findByText('京AD12345')).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    const confirm = (await screen.findByText('确定删除该违章记录吗？')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(lastCall('DELETE', '/api/vehicle-violations/21')).toBeTruthy());
    view.unmount();
  });
});

describe('delivery detail', () => {
  it('shows the fields, the checklist and the photos', async () => {
    resetServer();
    serve('GET', '/api/vehicle-deliveries/:id', {
      id: '5',
      vehicleId: '11',
      kind: 0,
      driverName: '张三',
      driverPhone: '13800138000',
      checklist: [{ item: '轮胎', ok: false, note: '左前胎磨损' }],
      photos: ['private/2024/交车照片.jpg'],
    });
    renderWithShell(<DeliveryDetailPage />, { url: '/deliveryDetail?id=5' });
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.getByText('左前胎磨损')).toBeTruthy();
    expect(screen.getByText('异常')).toBeTruthy();
    expect(screen.getByRole('button', { name: /交车照片\.jpg/ })).toBeTruthy();
  });
});
