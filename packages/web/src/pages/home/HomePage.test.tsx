import type { FleetByStage, HomeQueues } from '@cp/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, resetServer, serve } from '../../resource/testing/fakeServer';
import { renderWithShell } from '../../resource/testing/render';
import { HomePage } from './HomePage';

vi.mock('../../request', () => import('../../resource/testing/requestMock'));
// antd renders slowly in happy-dom.
vi.setConfig({ testTimeout: 30_000 });

/** ECharts draws on a canvas happy-dom lacks: a stand-in keeps what the page gives the chart. */
const chart = vi.hoisted(() => ({
  options: [] as unknown[],
  clicks: [] as ((event: { data?: unknown }) => void)[],
}));
vi.mock('./echarts', () => ({
  init: () => ({
    setOption: (option: unknown) => chart.options.push(option),
    on: (_event: string, handler: (event: { data?: unknown }) => void) => chart.clicks.push(handler),
    resize: () => {},
    dispose: () => {},
  }),
}));

const queues = (counts: HomeQueues['queues']): HomeQueues => ({
  queues: counts,
  pendingNum: counts.reduce((sum, count) => sum + count.total, 0),
});
const fleet: FleetByStage = {
  stages: [0, 1, 2, 3, 4, 5, 6, 7, 8].map((stage) => ({ stage, count: stage === 3 ? 12 : stage })),
};

beforeEach(() => {
  resetServer();
  chart.options.length = 0;
  chart.clicks.length = 0;
  serve('GET', '/api/home/fleet', fleet);
});

const renderHome = (menus: readonly string[] = []) => renderWithShell(<HomePage />, { url: '/home', menus });

describe('the home page', () => {
  it('shows each queue with work waiting, its count linking to its list filtered to that work', async () => {
    serve(
      'GET',
      '/api/home/queues',
      queues([
        { key: 'pendingInspection', total: 0, totalExact: true },
        { key: 'returnsToAccept', total: 16, totalExact: true },
        { key: 'risksToHandle', total: 52, totalExact: true },
      ]),
    );
    const view = renderHome();
    const risks = await screen.findByRole('link', { name: /^待处理的风险\s*52\s*项$/ });
    expect(risks.getAttribute('href')).toBe('/riskManagement?status=0');
    expect(screen.getByRole('link', { name: /^待验收的还车\s*16\s*项$/ }).getAttribute('href')).toBe(
      '/carReturnRecord?status=0',
    );
    expect(screen.queryByText('待验车')).toBeNull();
    expect(screen.getByText('共 68 项')).toBeTruthy();
    fireEvent.click(risks);
    expect(view.location()?.pathname).toBe('/riskManagement');
    expect(view.search().get('status')).toBe('0');
  });

  it('says 10000+ for a queue past the cap', async () => {
    serve('GET', '/api/home/queues', queues([{ key: 'risksToHandle', total: 10_000, totalExact: false }]));
    renderHome();
    expect(await screen.findByRole('link', { name: /^待处理的风险\s*10000\+\s*项$/ })).toBeTruthy();
    expect(screen.getByText('共 10000+ 项')).toBeTruthy();
  });

  it('says 暂无待办 when nothing waits', async () => {
    serve('GET', '/api/home/queues', queues([{ key: 'risksToHandle', total: 0, totalExact: true }]));
    renderHome();
    expect(await screen.findByText('暂无待办')).toBeTruthy();
    expect(screen.getByText('共 0 项')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /待处理的风险/ })).toBeNull();
  });

  it('charts the fleet by stage for users of 车辆列表; a bar opens the list filtered to its stage', async () => {
    serve('GET', '/api/home/queues', queues([]));
    const view = renderHome(['vehicleList']);
    expect((await screen.findByRole('link', { name: '共 45 辆' })).getAttribute('href')).toBe('/vehicleList');
    expect(
      screen.getByRole('img', {
        name: '车辆阶段分布：待验车0辆，已验车1辆，整备中2辆，待出库12辆，已出库4辆，租赁中5辆，还车中6辆，在库7辆，临时交车8辆',
      }),
    ).toBeTruthy();
    await waitFor(() => expect(chart.options).toHaveLength(1));
    const option = chart.options[0] as { xAxis: { data: string[] }; series: { data: { value: number }[] }[] };
    expect(option.xAxis.data.slice(0, 4)).toEqual(['待验车', '已验车', '整备中', '待出库']);
    expect(option.series[0]?.data[3]?.value).toBe(12);
    act(() => chart.clicks[0]?.({ data: { value: 12, stage: 3 } }));
    expect(view.location()?.pathname).toBe('/vehicleList');
    expect(view.search().get('stage')).toBe('3');
  });

  it('shows no fleet chart, nor asks for it, without 车辆列表', async () => {
    serve('GET', '/api/home/queues', queues([]));
    renderHome();
    await screen.findByText('暂无待办');
    expect(screen.queryByText('车辆阶段分布')).toBeNull();
    expect(calls.some((call) => call.url === '/api/home/fleet')).toBe(false);
  });
});
