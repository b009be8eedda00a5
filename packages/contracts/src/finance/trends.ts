import { z } from 'zod';
import { idText, numberList, text } from '../values';

/** Most months one trend shows. */
export const rentTrendMaxMonths = 36;

const monthIndex = (value: string) => Number(value.slice(0, 4)) * 12 + Number(value.slice(5, 7)) - 1;

/** A trend's range of months (first and last, as `2026-01,2026-12`, at most 36) and its filters. */
export const rentTrendQuery = z.strictObject({
  months: text()
    .regex(/^\d{4}-(0[1-9]|1[0-2]),\d{4}-(0[1-9]|1[0-2])$/, '应为“开始月份,结束月份”，如“2026-01,2026-12”')
    .transform((raw) => raw.split(',') as [string, string])
    .superRefine(([from, to], ctx) => {
      if (from > to) ctx.addIssue({ code: 'custom', message: '开始月份不能晚于结束月份' });
      else if (monthIndex(to) - monthIndex(from) >= rentTrendMaxMonths)
        ctx.addIssue({ code: 'custom', message: `不能超过${rentTrendMaxMonths}个月` });
    })
    .optional()
    .meta({ title: '月份范围' }),
  cityId: idText.optional().meta({ title: '城市' }),
  channel: numberList(1, 9).optional().meta({ title: '收款渠道' }),
});

export type RentTrendQuery = z.input<typeof rentTrendQuery>;
export type RentTrendFilters = z.output<typeof rentTrendQuery>;

/** 静态租金趋势: per month, what the schedules say is due. */
export const staticRentMonth = z.object({
  month: text(),
  /** Rent of the schedules due that month (fen). */
  scheduled: z.number(),
  /** Everything due that month: rent, deposits, fees (fen). */
  due: z.number(),
  /** Orders with rent due that month. */
  orders: z.number(),
});

/** 动态租金趋势: per month, collected against due. */
export const dynamicRentMonth = z.object({
  month: text(),
  due: z.number(),
  /** Money received that month (by the day it arrived), allocated to receivables (fen). */
  collected: z.number(),
  /** Of what fell due that month, still owed and overdue (fen). */
  overdue: z.number(),
  /** collected / due, null when nothing was due. */
  rate: z.number().nullable(),
});

export const rentTrendGroup = z.object({ key: text(), name: text(), due: z.number(), collected: z.number() });

export const staticRentTrend = z.object({
  from: text(),
  to: text(),
  months: z.array(staticRentMonth),
  /** When the figures were added up (the hourly job), or null before its first run. */
  asOf: text().nullable(),
});

export const dynamicRentTrend = z.object({
  from: text(),
  to: text(),
  months: z.array(dynamicRentMonth),
  byCity: z.array(rentTrendGroup),
  byChannel: z.array(rentTrendGroup),
  asOf: text().nullable(),
});

export type StaticRentTrend = z.infer<typeof staticRentTrend>;
export type DynamicRentTrend = z.infer<typeof dynamicRentTrend>;

/** The months of a range, first to last: `2026-01` … */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let index = monthIndex(from); index <= monthIndex(to); index += 1) {
    out.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return out;
}
