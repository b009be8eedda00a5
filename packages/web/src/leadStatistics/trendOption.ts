import type { LeadStatistics } from '@cp/contracts';
import { themeColor } from '../app/theme';

const series = [
  ['新增', 'created', themeColor],
  ['已激活', 'activated', '#52c41a'],
  ['无效', 'invalid', '#8c8c8c'],
] as const;

/** The trend in words: what a screen reader reads for the chart. */
export function trendSummary({ trend, interval }: LeadStatistics): string {
  const sum = (key: 'created' | 'activated' | 'invalid') => trend.reduce((total, point) => total + point[key], 0);
  const unit = interval === 'week' ? '周' : '天';
  return `线索趋势（共${trend.length}${unit}）：新增${sum('created')}条，其中已激活${sum('activated')}条，无效${sum('invalid')}条`;
}

/** Lines of the leads created per period, and how many of them are now activated or invalid. */
export function trendOption({ trend, interval }: LeadStatistics) {
  return {
    color: series.map(([, , color]) => color),
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: trend.map((point) => (interval === 'week' ? `${point.period.slice(5)}周` : point.period.slice(5))),
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map(([name, key]) => ({
      name,
      type: 'line',
      smooth: true,
      showSymbol: trend.length <= 31,
      data: trend.map((point) => point[key]),
    })),
  };
}
