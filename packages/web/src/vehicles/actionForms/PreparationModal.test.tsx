import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastCall, resetServer, serve } from '../../resource/testing/fakeServer';
import { renderWithShell } from '../../resource/testing/render';
import { vehicle } from '../testing';
import { PreparationModal } from './PreparationModal';

vi.mock('../../request', () => import('../../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 40_000 });

const preparing = vehicle({ id: '7', stage: 2, plateNo: null, drivingLicenseIssueDate: '2025-01-02' });
const ok = () => fireEvent.click(screen.getByRole('button', { name: '确定' }));

beforeEach(() => {
  resetServer();
  serve('POST', '/api/vehicles/:id/preparations/:item', { allDone: false });
});

describe('完成整备项目', () => {
  it('GPS needs its device number', async () => {
    renderWithShell(<PreparationModal vehicle={preparing} item={2} onClose={() => {}} />);
    expect(screen.getByText('完成GPS 1M8GDM9AXKP042788')).toBeTruthy();
    ok();
    expect(await screen.findByText('请填写GPS设备号')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'GPS设备号' }), { target: { value: 'GPS-0091' } });
    ok();
    await waitFor(() => expect(lastCall('POST', '/api/vehicles/7/preparations/2')).toBeTruthy());
    expect(lastCall('POST', '/api/vehicles/7/preparations/2')?.body).toEqual({
      gpsDeviceNo: 'GPS-0091',
      attachments: [],
    });
  });

  it('行驶证 takes the plate, checked and upper-cased, and the issue date', async () => {
    renderWithShell(<PreparationModal vehicle={preparing} item={1} onClose={() => {}} />);
    expect((screen.getByLabelText('行驶证发证日期') as HTMLInputElement).value).toBe('2025-01-02');
    const plate = screen.getByRole('textbox', { name: '车牌号' });
    fireEvent.change(plate, { target: { value: '京A1234' } });
    expect(await screen.findByText('车牌号：车牌号应为7位（新能源8位）')).toBeTruthy();
    fireEvent.change(plate, { target: { value: '京ad12345' } });
    ok();
    await waitFor(() => expect(lastCall('POST', '/api/vehicles/7/preparations/1')).toBeTruthy());
    expect(lastCall('POST', '/api/vehicles/7/preparations/1')?.body).toMatchObject({
      plateNo: '京AD12345',
      drivingLicenseIssueDate: '2025-01-02',
    });
    expect(await screen.findByText('操作成功')).toBeTruthy();
  });

  it('入网维护 asks only for a note and attachments', async () => {
    renderWithShell(<PreparationModal vehicle={preparing} item={0} onClose={() => {}} />);
    expect(screen.getByRole('textbox', { name: '备注' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '上传文件' })).toBeTruthy();
    ok();
    await waitFor(() => expect(lastCall('POST', '/api/vehicles/7/preparations/0')).toBeTruthy());
  });
});
