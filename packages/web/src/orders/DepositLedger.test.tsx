import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetServer, serve } from '../resource/testing/fakeServer';
import { renderWithShell } from '../resource/testing/render';
import { DepositLedgerSection } from './DepositLedger';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  resetServer();
  serve('GET', '/api/lease-orders/:id/deposit-ledger', {
    orderId: '5',
    orderNo: 'ZL2026112701000001',
    agreed: 800_000,
    collected: 300_000,
    offset: 0,
    refunded: 300_000,
    forfeited: 0,
    carriedOut: 0,
    carriedIn: 0,
    held: 0,
    entries: [
      { day: '2026-11-01', kind: 0, amount: 300_000, reference: 'SK2026110100000001', note: '押金收款' },
      {
        day: '2026-11-27',
        kind: 2,
        amount: -300_000,
        reference: 'TK20261127000001',
        note: '押金退款 TK20261127000001 已打款',
      },
    ],
  });
});

describe('押金台账', () => {
  it('shows what the contract asks, what was collected and paid back, and the deposit held, row by row', async () => {
    renderWithShell(<DepositLedgerSection record={{ id: '5', version: 3 }} />);
    expect(await screen.findByText('持有余额')).toBeTruthy();
    expect(screen.getByText('合同押金')).toBeTruthy();
    expect(screen.getAllByText('¥3,000.00').length).toBeGreaterThan(0);
    expect(screen.getByText('-¥3,000.00')).toBeTruthy();
    expect(screen.getByText('收取')).toBeTruthy();
    expect(screen.getByText('退还')).toBeTruthy();
    expect(screen.getByText('TK20261127000001')).toBeTruthy();
  });
});
