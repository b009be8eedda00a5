import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, lastCall, resetServer, serve } from '../../resource/testing/fakeServer';
import { serveLookups } from '../../resource/testing/lookups';
import { renderWithShell } from '../../resource/testing/render';
import { allButtons, vehicle } from '../testing';
import { CarReturnRecordPage, DeliveryRecordPage, RiskManagementPage, TemporaryDeliveryPage } from './pages';

vi.mock('../../request', () => import('../../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 40_000 });

const page =
  (rows: Record<string, unknown>[]) =>
  ({ query }: { query: unknown }) => {
    const { limit } = query as { limit: number };
    return { list: rows, total: rows.length, totalExact: true, page: 1, limit };
  };
const rowOf = async (plate: string) => (await screen.findByText(plate)).closest('tr') as HTMLElement;
const base = { id: '1', vehicleId: '11', vin: 'LSVAU2180N2183294', version: 1 };

beforeEach(() => {
  resetServer();
  serveLookups();
});

describe('temporary delivery', () => {
  beforeEach(() =>
    serve(
      'GET',
      '/api/vehicle-deliveries',
      page([
        { ...base, plateNo: '京AD11111', kind: 1, endedAt: null },
        { ...base, id: '2', plateNo: '京AD22222', kind: 1, endedAt: '2024-05-01T08:00:00.000Z' },
      ]),
    ),
  );

  it('lists kind 1 and offers 收回 only for rows not yet recalled', async () => {
    renderWithShell(<TemporaryDeliveryPage />, { url: '/temporaryDelivery', buttons: allButtons });
    const open = await rowOf('京AD11111');
    const ended = await rowOf('京AD22222');
    expect(lastCall('GET', '/api/vehicle-deliveries')?.query).toMatchObject({ kind: '1' });
    expect(within(open).getByRole('button', { name: '收回' })).toBeTruthy();
    expect(within(ended).queryByRole('button', { name: '收回' })).toBeNull();
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
  });

  it('hides 新增 and 收回 without their buttons', async () => {
    renderWithShell(<TemporaryDeliveryPage />, { url: '/temporaryDelivery', buttons: [] });
    const open = await rowOf('京AD11111');
    expect(within(open).queryByRole('button', { name: '收回' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('新增 picks among vehicles in stock (stage 7)', async () => {
    serve('GET', '/api/vehicles', page([vehicle({ id: '31', plateNo: '京AD33333', stage: 7 })]));
    renderWithShell(<TemporaryDeliveryPage />, { url: '/temporaryDelivery', buttons: allButtons });
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('临时交车')).toBeTruthy();
    await waitFor(() => expect(lastCall('GET', '/api/vehicles')?.query).toMatchObject({ stage: '7' }));
  });
});

describe('delivery record', () => {
  it('lists kind 0 and opens 交车详情 from a row', async () => {
    serve('GET', '/api/vehicle-deliveries', page([{ ...base, id: '5', plateNo: '京AD55555', kind: 0 }]));
    const view = renderWithShell(<DeliveryRecordPage />, {
      url: '/deliveryRecord',
      buttons: allButtons,
      menus: ['deliveryRecord'],
    });
    const row = await rowOf('京AD55555');
    expect(lastCall('GET', '/api/vehicle-deliveries')?.query).toMatchObject({ kind: '0' });
    fireEvent.click(within(row).getByRole('button', { name: '详情' }));
    await waitFor(() => expect(view.location()?.pathname).toBe('/deliveryDetail'));
    expect(view.search().get('id')).toBe('5');
  });
});

describe('car return record', () => {
  it('offers 验收 for returns waiting for acceptance only, and sends the return id', async () => {
    serve(
      'GET',
      '/api/vehicle-returns',
      page([
        { ...base, id: '7', plateNo: '京AD77777', status: 0 },
        { ...base, id: '8', plateNo: '京AD88888', status: 1 },
      ]),
    );
    serve('POST', '/api/vehicle-returns/:id/accept', null);
    renderWithShell(<CarReturnRecordPage />, { url: '/carReturnRecord', buttons: allButtons });
    const waiting = await rowOf('京AD77777');
    expect(within(await rowOf('京AD88888')).queryByRole('button', { name: '验收' })).toBeNull();
    fireEvent.click(within(waiting).getByRole('button', { name: '验收' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('里程（公里）'), { target: { value: '1200' } });
    fireEvent.change(within(dialog).getByLabelText('油量/电量（%）'), { target: { value: '80' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lastCall('POST', '/api/vehicle-returns/7/accept')).toBeTruthy());
    expect(lastCall('POST', '/api/vehicle-returns/7/accept')?.body).toMatchObject({ mileage: 1200, energyLevel: 80 });
  });
});

describe('risk management', () => {
  it('offers 处理 for open risks and sends the note with the version', async () => {
    serve(
      'GET',
      '/api/vehicle-risks',
      page([
        { ...base, id: '3', plateNo: '京AD33333', status: 0, version: 4 },
        { ...base, id: '4', plateNo: '京AD44444', status: 1 },
      ]),
    );
    serve('POST', '/api/vehicle-risks/:id/handle', null);
    renderWithShell(<RiskManagementPage />, { url: '/riskManagement', buttons: allButtons });
    const open = await rowOf('京AD33333');
    expect(within(await rowOf('京AD44444')).queryByRole('button', { name: '处理' })).toBeNull();
    fireEvent.click(within(open).getByRole('button', { name: '处理' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('处理说明'), { target: { value: '已续保' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lastCall('POST', '/api/vehicle-risks/3/handle')).toBeTruthy());
    expect(lastCall('POST', '/api/vehicle-risks/3/handle')?.body).toEqual({ note: '已续保', version: 4 });
    expect(calls.some((call) => call.url === '/api/vehicle-risks/scan')).toBe(false);
  });
});
