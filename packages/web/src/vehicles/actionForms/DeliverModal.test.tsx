import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastCall, resetServer, serve } from '../../resource/testing/fakeServer';
import { renderWithShell } from '../../resource/testing/render';
import { vehicle } from '../testing';
import { DeliverModal } from './DeliverModal';
import { OutboundModal } from './OutboundModal';

vi.mock('../../request', () => import('../../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 40_000 });

const out = vehicle({ id: '7', stage: 4, mileage: 1500 });
const type = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
const ok = () => fireEvent.click(screen.getByRole('button', { name: '确定' }));

beforeEach(() => {
  resetServer();
  serve('POST', '/api/vehicles/:id/deliver', { deliveryId: '1' });
  serve('POST', '/api/vehicles/:id/outbound', { outboundId: '1' });
});

describe('交车', () => {
  it('checks the phone number as the server does', async () => {
    renderWithShell(<DeliverModal vehicle={out} onClose={() => {}} />);
    type('司机姓名', '王师傅');
    type('联系电话', '12345');
    ok();
    expect(await screen.findByText('联系电话：应为11位手机号')).toBeTruthy();
    expect(await screen.findByText('请填写油量/电量（%）')).toBeTruthy();
    expect(lastCall('POST', '/api/vehicles/7/deliver')).toBeUndefined();
  });

  it('hands the vehicle over with the driver, mileage, energy and checklist', async () => {
    renderWithShell(<DeliverModal vehicle={out} onClose={() => {}} />);
    type('司机姓名', ' 王师傅 ');
    type('联系电话', '13800138000');
    fireEvent.change(screen.getByRole('spinbutton', { name: '油量/电量（%）' }), { target: { value: '80' } });
    ok();
    await waitFor(() => expect(lastCall('POST', '/api/vehicles/7/deliver')).toBeTruthy());
    expect(lastCall('POST', '/api/vehicles/7/deliver')?.body).toMatchObject({
      driverName: '王师傅',
      driverPhone: '13800138000',
      mileage: 1500,
      energyLevel: 80,
      photos: [],
    });
    expect(await screen.findByText('操作成功')).toBeTruthy();
  });
});

describe('出库', () => {
  it('needs a place and sends the outbound', async () => {
    renderWithShell(<OutboundModal vehicle={vehicle({ id: '7', stage: 3, mileage: 900 })} onClose={() => {}} />);
    ok();
    expect(await screen.findByText('请填写出库地点')).toBeTruthy();
    type('出库地点', '北京亦庄库');
    ok();
    await waitFor(() => expect(lastCall('POST', '/api/vehicles/7/outbound')).toBeTruthy());
    expect(lastCall('POST', '/api/vehicles/7/outbound')?.body).toMatchObject({ location: '北京亦庄库', mileage: 900 });
  });
});
