import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ActionDialog } from '../resource/ActionDialog';
import { calls, lastCall, resetServer, serve } from '../resource/testing/fakeServer';
import { renderWithShell } from '../resource/testing/render';
import { leaseOrderFamily } from './families';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 30_000 });

const order = { id: '7', orderNo: 'ZL202601010001', status: 1, version: 1 };

beforeEach(() => resetServer());

function open(onClose = () => {}) {
  renderWithShell(
    <ActionDialog target={{ family: leaseOrderFamily, action: 'cancel', id: '7', record: order }} onClose={onClose} />,
  );
  return screen.findByRole('dialog');
}

describe('取消订单', () => {
  it('offers 取消订单 and 不取消, never a 取消 that could mean either', async () => {
    const dialog = await open();
    expect(within(dialog).getByRole('button', { name: '取消订单' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '不取消' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '取消' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: '确定' })).toBeNull();
  });

  it('不取消 closes the dialog and keeps the order', async () => {
    const onClose = vi.fn();
    const dialog = await open(onClose);
    fireEvent.click(within(dialog).getByRole('button', { name: '不取消' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('取消订单 cancels it with the reason typed', async () => {
    serve('POST', '/api/lease-orders/:id/cancel', null);
    const dialog = await open();
    fireEvent.change(within(dialog).getByRole('textbox', { name: '取消原因' }), { target: { value: '客户放弃' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '取消订单' }));
    await waitFor(() => expect(lastCall('POST', '/api/lease-orders/7/cancel')?.body).toEqual({ reason: '客户放弃' }));
  });
});
