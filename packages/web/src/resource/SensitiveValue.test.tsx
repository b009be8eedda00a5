import { rideHailingDriverResource } from '@cp/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceDescriptions } from './ResourceDescriptions';
import { calls, resetServer, serve } from './testing/fakeServer';
import { renderWithShell } from './testing/render';

vi.mock('../request', () => import('./testing/requestMock'));
vi.setConfig({ testTimeout: 20_000 });

const driver = {
  id: '12',
  version: 1,
  name: '王建国',
  nationalId: '1101**********0319',
  bankCardNo: '6222 **** **** 3446',
};
const groups = [{ title: '身份', fields: ['name', 'nationalId', 'bankCardNo'] }];
const sensitiveCalls = () => calls.filter((call) => call.url.includes('/sensitive/'));

beforeEach(() => resetServer());

describe('a masked personal number on the detail view', () => {
  it('shows the masked value, and no 查看, to a user without 查看敏感信息', () => {
    renderWithShell(<ResourceDescriptions resource={rideHailingDriverResource} record={driver} groups={groups} />, {
      buttons: ['ridehailingDrivers:edit'],
    });
    expect(screen.getByText('1101**********0319')).toBeTruthy();
    expect(screen.getByText('6222 **** **** 3446')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /查看完整/ })).toBeNull();
  });

  it('查看 asks the server for the whole value and shows it until 隐藏', async () => {
    serve('GET', '/api/ride-hailing-drivers/:id/sensitive/:field', { value: '110105198507120319' });
    renderWithShell(<ResourceDescriptions resource={rideHailingDriverResource} record={driver} groups={groups} />, {
      buttons: ['ridehailingDrivers:viewSensitive'],
    });
    expect(sensitiveCalls()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '查看完整身份证号' }));
    expect(await screen.findByText('110105198507120319')).toBeTruthy();
    expect(sensitiveCalls().map((call) => call.url)).toEqual(['/api/ride-hailing-drivers/12/sensitive/nationalId']);
    expect(screen.getByText('6222 **** **** 3446')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '隐藏完整身份证号' }));
    await waitFor(() => expect(screen.queryByText('110105198507120319')).toBeNull());
    expect(screen.getByText('1101**********0319')).toBeTruthy();
  });
});
