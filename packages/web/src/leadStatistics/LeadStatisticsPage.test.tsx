import type { LeadStatistics, LeadStatisticsRow } from '@cp/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, resetServer, serve } from '../resource/testing/fakeServer';
import { renderWithShell } from '../resource/testing/render';
import { defaultRange, LeadStatisticsPage } from './LeadStatisticsPage';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 30_000 });

/** ECharts draws on a canvas happy-dom lacks: a stand-in keeps what the page gives the chart. */
const chart = vi.hoisted(() => ({ options: [] as { series: { name: string; data: number[] }[] }[] }));
vi.mock('./echarts', () => ({
  init: () => ({
    setOption: (option: never) => chart.options.push(option),
    resize: () => {},
    dispose: () => {},
  }),
}));

const row = (key: string | null, name: string, total: number, activated: number, invalid: number) =>
  ({
    key,
    name,
    total,
    activated,
    invalid,
    followedUp: total - invalid,
    activationRate: total ? activated / total : null,
    invalidRate: total ? invalid / total : null,
    followUpRate: total ? (total - invalid) / total : null,
  }) satisfies LeadStatisticsRow;

const answer: LeadStatistics = {
  from: '2026-10-26',
  to: '2026-11-24',
  interval: 'day',
  total: row(null, '合计', 8, 2, 1),
  byChannel: [row('1', '抖音投放', 6, 2, 0), row(null, '未填写渠道', 2, 0, 1)],
  byCity: [row('110100', '北京市', 8, 2, 1)],
  bySalesperson: [row('7', '张敏', 8, 2, 1)],
  byStatus: [row('0', '待分配', 0, 0, 0), row('3', '已激活', 2, 2, 0)],
  trend: [
    { period: '2026-11-23', created: 5, activated: 2, invalid: 0 },
    { period: '2026-11-24', created: 3, activated: 0, invalid: 1 },
  ],
};

beforeEach(() => {
  resetServer();
  chart.options.length = 0;
  serve('GET', '/api/lead-statistics', answer);
  serve('GET', '/api/lookups/channels', [{ value: '1', label: '抖音投放' }]);
  serve('GET', '/api/lookups/cities', []);
  serve('GET', '/api/lookups/tenant-users', []);
  serve('POST', '/api/exports', { id: '1' });
});

const renderPage = (url = '/threadStatistics', buttons: string[] = ['threadStatistics:export']) =>
  renderWithShell(<LeadStatisticsPage />, { url, buttons, menus: ['threadStatistics'] });

const statisticsCalls = () => calls.filter((call) => call.url === '/api/lead-statistics');

describe('线索统计', () => {
  it('asks for the last 30 days, shows the totals with their rates, the trend and each dimension’s table', async () => {
    renderPage();
    expect(await screen.findByText('抖音投放')).toBeTruthy();
    expect(statisticsCalls()[0]?.query).toEqual({ createdAt: defaultRange() });
    expect(screen.getByText('激活率 25.0%')).toBeTruthy();
    expect(screen.getByText('无效率 12.5%')).toBeTruthy();
    // The channel table: a group's counts and rates, — where a group has no leads to divide by.
    const table = screen.getByRole('table');
    const channelRow = within(table).getByText('抖音投放').closest('tr') as HTMLElement;
    expect(within(channelRow).getByText('33.3%')).toBeTruthy();
    await waitFor(() => expect(chart.options).toHaveLength(1));
    expect(chart.options[0]?.series.map((line) => [line.name, line.data])).toEqual([
      ['新增', [5, 3]],
      ['已激活', [2, 0]],
      ['无效', [0, 1]],
    ]);
    expect(screen.getByRole('img', { name: '线索趋势（共2天）：新增8条，其中已激活2条，无效1条' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '按线索状态' }));
    const pending = (await screen.findByText('待分配')).closest('tr') as HTMLElement;
    expect(within(pending).getAllByText('—')).toHaveLength(3);
  });

  it('asks again per week, and exports the filters shown through the download center', async () => {
    renderPage('/threadStatistics?createdAt=2026-01-01,2026-03-31&channelId=1');
    await screen.findByText('抖音投放');
    fireEvent.click(screen.getByText('按周'));
    await waitFor(() =>
      expect(statisticsCalls().at(-1)?.query).toEqual({
        createdAt: '2026-01-01,2026-03-31',
        channelId: '1',
        interval: 'week',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: /导出/ }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/exports')).toBe(true));
    expect(calls.find((call) => call.url === '/api/exports')?.body).toEqual({
      kind: 'threadStatistics',
      filters: { createdAt: '2026-01-01,2026-03-31', channelId: '1', interval: 'week' },
    });
    expect(await screen.findByText('跳转至下载中心')).toBeTruthy();
  });

  it('offers 导出 only with its button, and says when the range holds no leads', async () => {
    const empty = row(null, '合计', 0, 0, 0);
    serve('GET', '/api/lead-statistics', { ...answer, total: empty, byChannel: [], trend: [] });
    renderPage('/threadStatistics', []);
    expect(await screen.findByText('所选范围内没有线索', { selector: '.ant-empty-description' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /导出/ })).toBeNull();
    expect(screen.getByText('激活率 —')).toBeTruthy();
    expect(chart.options).toHaveLength(0);
  });
});
