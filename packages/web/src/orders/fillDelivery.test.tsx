import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastCall, resetServer, serve } from '../resource/testing/fakeServer';
import { serveLookups } from '../resource/testing/lookups';
import { renderWithShell } from '../resource/testing/render';
import { page } from './families';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 40_000 });

const order = {
  id: '12',
  orderNo: 'ZL2026112701000012',
  driverId: '41',
  cityId: '1',
  modelId: '3',
  status: 3,
  deliveryState: 0,
  startDate: '2026-11-27',
  termMonths: 12,
  rent: 300_000,
  version: 2,
};

const cars = [
  { label: '京AD12345（LSVAU2180N2183294）', value: '7', details: ['秦PLUS EV 2023款 510km', '在库', '12,345公里'] },
  { label: '京AD67890（LSVAU2180N2183295）', value: '8', details: ['秦PLUS EV 2023款 510km', '已出库', '830公里'] },
];

beforeEach(() => {
  resetServer();
  serveLookups();
  serve('GET', '/api/lease-orders/:id', order);
  serve('GET', '/api/lookups/drivers', [{ label: '王建国（13800138000）', value: '41' }]);
  serve('GET', '/api/lookups/vehicles', ({ query }: { query: unknown }) =>
    (query as { handoverFor?: string }).handoverFor === '12' ? cars : [],
  );
  serve('POST', '/api/lease-orders/:id/fill-delivery', { vehicleId: '7' });
});

describe('填写交车信息', () => {
  it('offers the cars this order may hand over, each with its model, stage and mileage, and hands the one picked over', async () => {
    const Page: ComponentType = page('leaseOrderFillDelivery');
    renderWithShell(<Page />, { url: '/leaseOrderFillDelivery?id=12', buttons: ['leaseOrder:fillDelivery'] });
    const field = await screen.findByRole('combobox', { name: '交付车辆' });
    await waitFor(() => expect(lastCall('GET', '/api/lookups/vehicles')?.query).toEqual({ handoverFor: '12' }));
    fireEvent.mouseDown(field);
    const first = await screen.findByTitle('京AD12345（LSVAU2180N2183294）');
    expect(within(first).getByText('秦PLUS EV 2023款 510km · 在库 · 12,345公里')).toBeTruthy();
    expect(screen.getByText('秦PLUS EV 2023款 510km · 已出库 · 830公里')).toBeTruthy();

    // Typing searches within the order's cars.
    fireEvent.change(field, { target: { value: '京AD1' } });
    await waitFor(() =>
      expect(lastCall('GET', '/api/lookups/vehicles')?.query).toEqual({ handoverFor: '12', search: '京AD1' }),
    );
    fireEvent.click(await screen.findByTitle('京AD12345（LSVAU2180N2183294）'));
    fireEvent.change(screen.getByRole('spinbutton', { name: '交车里程（公里）' }), { target: { value: '12400' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: '油量/电量（%）' }), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lastCall('POST', '/api/lease-orders/12/fill-delivery')).toBeTruthy());
    expect(lastCall('POST', '/api/lease-orders/12/fill-delivery')?.body).toEqual({
      vehicleId: '7',
      mileage: 12400,
      energyLevel: 90,
    });
  });
});
