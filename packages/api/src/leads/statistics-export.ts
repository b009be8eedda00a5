import { formatRate, type LeadStatisticsRow, leadStatisticsDimensions, leadStatisticsQuery } from '@cp/contracts';
import { column } from '../exports/columns';
import { defineExport } from '../exports/registry';
import { leadStatistics } from './statistics';

interface StatisticsExportRow {
  dimension: string;
  row: LeadStatisticsRow;
}

const rateColumn = (header: string, get: (row: LeadStatisticsRow) => number | null) =>
  column.text<StatisticsExportRow>(header, ({ row }) => formatRate(get(row)), 10);

/**
 * 线索统计 → 导出: what the page shows for the same filters, one sheet — the total, each dimension's
 * groups, then the trend (新增 per period, with how many of them are activated and invalid).
 */
export const leadStatisticsExport = defineExport({
  name: '线索统计',
  permission: 'threadStatistics:export',
  filters: leadStatisticsQuery,
  columns: [
    column.text<StatisticsExportRow>('统计维度', ({ dimension }) => dimension, 14),
    column.text<StatisticsExportRow>('名称', ({ row }) => row.name, 20),
    column.number<StatisticsExportRow>('线索数', ({ row }) => row.total),
    column.number<StatisticsExportRow>('已激活', ({ row }) => row.activated),
    rateColumn('激活率', (row) => row.activationRate),
    column.number<StatisticsExportRow>('无效', ({ row }) => row.invalid),
    rateColumn('无效率', (row) => row.invalidRate),
    column.number<StatisticsExportRow>('已跟进', ({ row }) => row.followedUp),
    rateColumn('跟进率', (row) => row.followUpRate),
  ],
  async *rows(db, scope) {
    const statistics = await leadStatistics(db, scope.tenantId, scope.filters);
    const range = `${statistics.from} 至 ${statistics.to}`;
    const trendTitle = statistics.interval === 'week' ? '趋势（按周）' : '趋势（按日）';
    yield [
      { dimension: '合计', row: { ...statistics.total, name: range } },
      ...leadStatisticsDimensions.flatMap(([key, title]) => statistics[key].map((row) => ({ dimension: title, row }))),
      ...statistics.trend.map((point) => ({
        dimension: trendTitle,
        row: {
          key: point.period,
          name: point.period,
          total: point.created,
          activated: point.activated,
          invalid: point.invalid,
          followedUp: 0,
          activationRate: point.created ? point.activated / point.created : null,
          invalidRate: point.created ? point.invalid / point.created : null,
          followUpRate: null,
        },
      })),
    ];
  },
});
