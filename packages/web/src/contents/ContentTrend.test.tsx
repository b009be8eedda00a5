import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetServer, serve } from '../resource/testing/fakeServer';
import { renderWithShell } from '../resource/testing/render';
import { ContentTrendSection } from './ContentTrend';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 20_000 });

/** `days` days ending 2026-11-28, the second-to-last with views, a share and a 留资. */
const trend = (days: number) => ({
  days: Array.from({ length: days }, (_, n) => {
    const day = new Date(Date.UTC(2026, 10, 28 - (days - 1 - n))).toISOString().slice(0, 10);
    return n === days - 2
      ? { day, views: 12, likes: 3, shares: 1, leads: 2 }
      : { day, views: n === 0 ? 5 : 0, likes: 0, shares: 0, leads: 0 };
  }),
});

beforeEach(() => {
  resetServer();
  serve('GET', '/api/contents/:id/trend', ({ query }: { query: unknown }) =>
    trend(Number((query as { days?: string }).days ?? 7)),
  );
});

describe('互动趋势', () => {
  it('lists the last 7 days newest first with their totals, and the last 30 on 近30天', async () => {
    renderWithShell(<ContentTrendSection record={{ id: '9', version: 1, viewCount: 17, leadCount: 2 }} />);
    const card = await screen.findByTestId('content-trend');
    expect(await within(card).findByText('2026-11-27')).toBeTruthy();
    const rows = within(card).getAllByRole('row');
    // Header, seven days (today first), the totals.
    expect(rows).toHaveLength(9);
    expect(within(rows[1] as HTMLElement).getByText('2026-11-28')).toBeTruthy();
    const totals = rows.at(-1) as HTMLElement;
    expect(within(totals).getByText('合计')).toBeTruthy();
    expect(within(totals).getByText('17')).toBeTruthy();
    fireEvent.click(within(card).getByText('近30天'));
    expect(await within(card).findByText('2026-11-19')).toBeTruthy();
  });
});
