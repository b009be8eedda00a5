import type { DynamicRentTrend } from '@cp/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, resetServer, serve } from '../../resource/testing/fakeServer';
import { renderWithShell } from '../../resource/testing/render';
import { DynamicRentTrendPage, defaultMonths } from './RentTrendPage';

vi.mock('../../request', () => import('../../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 30_000 });

/** ECharts draws on a canvas happy-dom lacks: a stand-in keeps what the page gives the chart. */
const chart = vi.hoisted(() => ({ options: [] as { series: { name: string; data: (number | null)[] }[] }[] }));
vi.mock('./echarts', () => ({
  init: () => ({
    setOption: (option: never) => chart.options.push(option),
    on: () => {},
    resize: () => {},
    dispose: () => {},
  }),
}));

const answer: DynamicRentTrend = {
  from: '2026-10',
  to: '2026-11',
  months: [
    { month: '2026-10', due: 1_000_000, collected: 800_000, overdue: 200_000, rate: 0.8 },
    { month: '2026-11', due: 500_000, collected: 0, overdue: 0, rate: 0 },
  ],
  byCity: [{ key: '1', name: '北京市', due: 1_500_000, collected: 800_000 }],
  byChannel: [{ key: '3', name: '微信', due: 0, collected: 800_000 }],
  asOf: '2026-11-25T05:00:00.000Z',
};

beforeEach(() => {
  resetServer();
  chart.options.length = 0;
  serve('GET', '/api/rent-trends/dynamic', answer);
  serve('POST', '/api/exports', { id: '9' });
});

const render = (url = '/dynamicRentTrend') =>
  renderWithShell(<DynamicRentTrendPage />, {
    url,
    buttons: ['dynamicRentTrend:export'],
    menus: ['dynamicRentTrend'],
  });

describe('动态租金趋势', () => {
  it('asks for the last twelve months, and shows each month with totals that add its lines up', async () => {
    render();
    expect(await screen.findByText('动态租金趋势（2026-10 至 2026-11）')).toBeTruthy();
    const asked = calls.find((call) => call.url === '/api/rent-trends/dynamic');
    expect(asked?.query).toMatchObject({ months: defaultMonths() });
    const total = (await screen.findByText('合计')).closest('tr') as HTMLElement;
    expect(within(total).getByText('¥15,000.00')).toBeTruthy();
    expect(within(total).getByText('¥8,000.00')).toBeTruthy();
    expect(within(total).getByText('53.3%')).toBeTruthy();
    await waitFor(() => expect(chart.options).toHaveLength(1));
    expect(chart.options[0]?.series.map((series) => series.name)).toEqual(['应收', '实收', '收款率']);
    expect(chart.options[0]?.series[2]?.data).toEqual([80, 0]);
    expect(screen.getByRole('img', { name: '动态租金趋势（共2个月）：应收1.50万元，实收0.80万元' })).toBeTruthy();
  });

  it('exports what it shows', async () => {
    render('/dynamicRentTrend?months=2026-10,2026-11&channel=3');
    fireEvent.click(await screen.findByRole('button', { name: /导出/ }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST' && call.url === '/api/exports')).toBeTruthy(),
    );
    const exported = calls.find((call) => call.method === 'POST' && call.url === '/api/exports');
    expect(exported?.body).toMatchObject({
      kind: 'dynamicRentTrend',
      filters: { months: '2026-10,2026-11', channel: '3' },
    });
  });
});
