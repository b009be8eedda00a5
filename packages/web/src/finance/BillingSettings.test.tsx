import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastCall, resetServer, serve } from '../resource/testing/fakeServer';
import { renderWithShell } from '../resource/testing/render';
import { BillingSettings } from './BillingSettings';

vi.mock('../request', () => import('../resource/testing/requestMock'));

beforeEach(() => {
  resetServer();
  serve('GET', '/api/finance-settings', { billLeadDays: 5 });
  serve('PUT', '/api/finance-settings', null);
});

describe('出账设置', () => {
  it('shows the branch company’s 出账提前天数 and saves a new one', async () => {
    renderWithShell(<BillingSettings />);
    fireEvent.click(screen.getByRole('button', { name: '出账设置' }));
    const days = await screen.findByRole('spinbutton', { name: '出账提前天数' });
    expect((days as HTMLInputElement).value).toBe('5');
    fireEvent.change(days, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(lastCall('PUT', '/api/finance-settings')?.body).toEqual({ billLeadDays: 7 }));
  });
});
