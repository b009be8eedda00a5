import { z } from 'zod';
import { dateRange, idText, text } from '../values';

/** The longest range 线索统计 counts over: a year and a day (a leap year's whole year fits). */
export const leadStatisticsMaxDays = 366;

/**
 * 线索统计's filters: the leads created in `createdAt` (Beijing days, both ends included; the last 30 days
 * when absent), optionally of one channel, city or salesperson; the trend per day or per week.
 */
export const leadStatisticsQuery = z.strictObject({
  createdAt: dateRange()
    .refine(
      ([from, to]) => (Date.parse(to) - Date.parse(from)) / 86_400_000 < leadStatisticsMaxDays,
      `不能超过${leadStatisticsMaxDays}天`,
    )
    .optional()
    .meta({ title: '创建日期' }),
  channelId: idText.optional().meta({ title: '渠道' }),
  cityId: idText.optional().meta({ title: '城市' }),
  salespersonId: idText.optional().meta({ title: '销售人员' }),
  interval: z
    .enum(['day', 'week'], { error: '应为 day（按日）或 week（按周）' })
    .optional()
    .meta({ title: '趋势粒度' }),
});
export type LeadStatisticsQuery = z.input<typeof leadStatisticsQuery>;

const rate = z.number().nullable().meta({ description: '比率（0–1）；线索数为 0 时为 null（无从计算）' });

/** One group's counts: all leads, those activated, invalid and followed up at least once, with their rates. */
export const leadStatisticsRow = z.object({
  key: text().nullable().meta({ description: '分组值（编号或状态值）；null 为未填写' }),
  name: text().meta({ description: '分组名称' }),
  total: z.number().int().meta({ description: '线索数' }),
  activated: z.number().int().meta({ description: '已激活' }),
  invalid: z.number().int().meta({ description: '无效' }),
  followedUp: z.number().int().meta({ description: '已跟进（至少跟进一次）' }),
  activationRate: rate,
  invalidRate: rate,
  followUpRate: rate,
});
export type LeadStatisticsRow = z.infer<typeof leadStatisticsRow>;

/** One point of the trend: leads created in the period, and how many of them are now activated or invalid. */
export const leadTrendPoint = z.object({
  period: text().meta({ description: '日期，或按周时该周的周一' }),
  created: z.number().int(),
  activated: z.number().int(),
  invalid: z.number().int(),
});
export type LeadTrendPoint = z.infer<typeof leadTrendPoint>;

export const leadStatistics = z.object({
  from: text().meta({ description: '开始日期（含）' }),
  to: text().meta({ description: '结束日期（含）' }),
  interval: z.enum(['day', 'week']),
  total: leadStatisticsRow,
  byChannel: z.array(leadStatisticsRow),
  byCity: z.array(leadStatisticsRow),
  bySalesperson: z.array(leadStatisticsRow),
  byStatus: z.array(leadStatisticsRow),
  trend: z.array(leadTrendPoint),
});
export type LeadStatistics = z.infer<typeof leadStatistics>;

/** The dimensions 线索统计 groups by, as its tables and its export name them. */
export const leadStatisticsDimensions = [
  ['byChannel', '渠道'],
  ['byCity', '城市'],
  ['bySalesperson', '销售人员'],
  ['byStatus', '线索状态'],
] as const;

/** A rate as the page and the export show it: `12.5%`, or — when there is nothing to divide by. */
export function formatRate(value: number | null): string {
  return value === null ? '—' : `${(Math.round(value * 1000) / 10).toFixed(1)}%`;
}
