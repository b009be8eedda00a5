import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ActionDialog } from '../resource/ActionDialog';
import { lastCall, resetServer, serve } from '../resource/testing/fakeServer';
import { renderWithShell } from '../resource/testing/render';
import { overdueCaseFamily } from './families';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 30_000 });

const overdueCase = { id: '7', version: 1, orderNo: 'ZL202611010001', status: 1, overdueAmount: 403_000 };

beforeEach(() => {
  resetServer();
  serve('POST', '/api/overdue-cases/:id/call', null);
});

describe('催收 of an overdue account', () => {
  it('asks for the promised amount in yuan, label and placeholder alike, and sends it in fen', async () => {
    renderWithShell(
      <ActionDialog
        target={{ family: overdueCaseFamily, action: 'call', id: '7', record: overdueCase }}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByRole('spinbutton', { name: '承诺还款金额（元）' }) as HTMLInputElement;
    expect(amount.getAttribute('placeholder')).toBe('请输入承诺还款金额（元）');
    expect(within(dialog).queryByText(/（分）/)).toBeNull();

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '催收方式' }));
    fireEvent.click(await screen.findByTitle('电话'));
    fireEvent.click(within(dialog).getByRole('switch', { name: '是否联系上' }));
    fireEvent.change(within(dialog).getByPlaceholderText('请选择承诺还款日'), { target: { value: '2026-12-01' } });
    fireEvent.keyDown(within(dialog).getByPlaceholderText('请选择承诺还款日'), { key: 'Enter' });
    fireEvent.change(amount, { target: { value: '12.34' } });
    fireEvent.blur(amount);
    fireEvent.change(within(dialog).getByRole('textbox', { name: '催收结果' }), {
      target: { value: '客户承诺月初还款' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));

    await waitFor(() => expect(lastCall('POST', '/api/overdue-cases/7/call')).toBeTruthy());
    expect(lastCall('POST', '/api/overdue-cases/7/call')?.body).toMatchObject({
      way: 1,
      reached: true,
      promiseDate: '2026-12-01',
      promiseAmount: 1234,
      result: '客户承诺月初还款',
    });
  });
});
