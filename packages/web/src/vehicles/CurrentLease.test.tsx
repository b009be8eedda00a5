import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaseOrderFamily } from '../orders/families';
import { loadFamily } from '../resource/familyRegistry';
import { ResourceDescriptions } from '../resource/ResourceDescriptions';
import { useRefLinks } from '../resource/refLinks';
import { lastCall, resetServer, serve } from '../resource/testing/fakeServer';
import { renderWithShell } from '../resource/testing/render';
import type { ResourceRecord } from '../resource/types';
import { CurrentLease } from './CurrentLease';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 30_000 });

const order = {
  id: '3',
  orderNo: 'ZL202501010001',
  driverId: '5',
  driverName: '王建国（13811112222）',
  driverKind: '1',
  vehicleId: '7',
  vehicleName: '京AD12345',
  status: 3,
  deliveryState: 1,
  startDate: '2025-01-01',
  endDate: '2026-01-01',
  rent: 350000,
};
const page = (list: object[]) => ({ list, total: list.length, totalExact: true, page: 1, limit: 5 });

beforeEach(() => resetServer());
// As the vehicle's page has it: a page loads the families its own names (its 租赁订单 list) before it renders.
beforeAll(() => loadFamily('leaseOrder'));

/** 租赁订单详情's fields as its detail page shows them, with the family's links. */
function OrderFields({ record }: { record: ResourceRecord }) {
  const groups = [{ title: '', fields: ['orderNo', 'driverId', 'vehicleId'] }];
  return (
    <ResourceDescriptions
      resource={leaseOrderFamily.resource}
      record={record}
      groups={groups}
      link={useRefLinks(leaseOrderFamily)}
    />
  );
}

describe("租赁订单详情's driver and car", () => {
  it("link to the driver's page of their kind and to the car's page", () => {
    const menus = ['leaseOrder', 'ridehailingDrivers', 'taxiDriver', 'vehicleList'];
    const view = renderWithShell(<OrderFields record={order} />, { menus });
    expect(screen.getByRole('link', { name: '王建国（13811112222）' }).getAttribute('href')).toBe(
      '/ridehailingDriversDetails?id=5',
    );
    expect(screen.getByRole('link', { name: '京AD12345' }).getAttribute('href')).toBe('/vehicleDetail?id=7');
    view.unmount();
    renderWithShell(<OrderFields record={{ ...order, driverKind: '2' }} />, { menus });
    expect(screen.getByRole('link', { name: '王建国（13811112222）' }).getAttribute('href')).toBe(
      '/taxiDriverDetails?id=5',
    );
  });

  it('are names without a link for a role that may not open those pages (车辆订单专员 has no drivers)', () => {
    renderWithShell(<OrderFields record={order} />, { menus: ['leaseOrder', 'vehicleList', 'taxiDriver'] });
    expect(screen.getByText('王建国（13811112222）').closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: '京AD12345' })).toBeTruthy();
  });
});

describe("车辆详情's 当前租赁", () => {
  it("shows the car's order in force and its driver, each a link, read from 租赁订单's 履约中 tab by the car", async () => {
    serve('GET', '/api/lease-orders', page([order]));
    renderWithShell(<CurrentLease record={{ id: '7' }} />, {
      menus: ['vehicleList', 'leaseOrder', 'ridehailingDrivers'],
    });
    expect((await screen.findByRole('link', { name: 'ZL202501010001' })).getAttribute('href')).toBe(
      '/leaseOrderDetails?id=3',
    );
    expect(screen.getByRole('link', { name: '王建国（13811112222）' }).getAttribute('href')).toBe(
      '/ridehailingDriversDetails?id=5',
    );
    expect(lastCall('GET', '/api/lease-orders')?.query).toMatchObject({ vehicleId: '7', tab: '3' });
  });

  it('says so when the car is not out on an order (an order in force whose car is back is not current)', async () => {
    serve('GET', '/api/lease-orders', page([{ ...order, deliveryState: 3 }]));
    renderWithShell(<CurrentLease record={{ id: '7' }} />, { menus: ['vehicleList', 'leaseOrder'] });
    expect(await screen.findByText('车辆当前没有履约中的租赁订单')).toBeTruthy();
  });

  it('is not shown, nor asked for, to a user who may not open 租赁订单', () => {
    renderWithShell(<CurrentLease record={{ id: '7' }} />, { menus: ['vehicleList'] });
    expect(screen.queryByText('当前租赁')).toBeNull();
    expect(lastCall('GET', '/api/lease-orders')).toBeUndefined();
  });
});
