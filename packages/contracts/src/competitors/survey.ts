import { defineEnum } from '../enums';
import { fields } from '../resource/fields';

/**
 * Every figure of competitor research carries when it was seen and where (a shop visit, a quotation, an
 * official notice): without them nobody can tell a current price from a stale one.
 */
export const surveyFields = {
  surveyDate: fields.date('调研日期', { required: true, notAfterToday: true, filter: 'range', sortable: true }),
  source: fields.text('信息来源', { required: true, max: 200, hint: '如：门店走访报价单、平台官网公告、司机访谈' }),
};

/** Whether a price includes VAT: prices of the two kinds are never compared as they stand. */
export const taxBasis = defineEnum('价格口径', [
  [1, '含税'],
  [0, '不含税'],
]);

/** The period a rent is quoted for. */
export const rentPeriod = defineEnum('租金周期', [
  [1, '日'],
  [2, '周'],
  [3, '月'],
]);

/** Days a rent period counts, for the monthly equivalent: a month is 30 days, a week 7 (30/7 weeks a month). */
const periodDays: Readonly<Record<number, number>> = { 1: 1, 2: 7, 3: 30 };

/**
 * A rent quoted per day, week or month as the comparable monthly figure, in fen: day × 30, week × 30 / 7,
 * month × 1, rounded to the fen.
 */
export function monthlyRentOf(amount: number, period: number): number {
  const days = periodDays[period];
  if (days === undefined) throw new Error(`rent period ${period} is not one of 日/周/月`);
  return Math.round((amount * 30) / days);
}

/** A web address a notice or figure was read at. */
export const linkProblem = (value: string) =>
  /^https?:\/\/\S+$/.test(value) ? null : '应为http://或https://开头的网址';
