import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { serve } from '../resource/testing/fakeServer';
import { renderWithShell } from '../resource/testing/render';
import { allButtons, serveVehicles, vehicle, vehicleMenus } from './testing';
import { VehicleDetailPage } from './VehicleDetailPage';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 40_000 });

const shell = { buttons: allButtons, menus: vehicleMenus };

describe('车辆详情', () => {
  it('shows plate, VIN and stage, the allowed actions, the sections, attachments and history', async () => {
    serveVehicles([vehicle({ id: '7', stage: 0 })]);
    serve('GET', '/api/vehicles/:id/history', [
      {
        id: '1',
        action: 'create',
        userName: '张三',
        at: '2025-01-01T02:00:00.000Z',
        changes: { vin: { from: null, to: '1M8GDM9AXKP042788' } },
      },
    ]);
    renderWithShell(<VehicleDetailPage />, { url: '/vehicleDetail?id=7', ...shell });
    expect(await screen.findByRole('heading', { name: '京AD12345' })).toBeTruthy();
    expect(screen.getByText('待验车', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '验车' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '交车' })).toBeNull();
    for (const title of ['基本信息', '证照信息', '保险信息', '其他', '附件', '变更记录']) {
      expect(screen.getByText(title)).toBeTruthy();
    }
    const insurance = screen.getByText('保险信息').closest('.ant-descriptions') as HTMLElement;
    expect(within(insurance).getByText('人保')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'purchase.pdf' })).toBeTruthy();
    expect(await screen.findByText('车架号：1M8GDM9AXKP042788')).toBeTruthy();
    expect(screen.getByText('新增')).toBeTruthy();
  });

  it('offers nothing to do for a vehicle on lease', async () => {
    serveVehicles([vehicle({ id: '8', stage: 5 })]);
    renderWithShell(<VehicleDetailPage />, { url: '/vehicleDetail?id=8', ...shell });
    expect(await screen.findByText('租赁中', { selector: '.ant-tag' })).toBeTruthy();
    for (const name of ['验车', '整备', '出库', '交车']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('says so when the id names no vehicle', async () => {
    serveVehicles([]);
    renderWithShell(<VehicleDetailPage />, { url: '/vehicleDetail?id=abc', ...shell });
    expect(await screen.findByText('车辆不存在或已删除')).toBeTruthy();
  });
});
