import type { DynamicRentTrend, StaticRentTrend } from '@cp/contracts';
import { themeColor } from '../../app/theme';

const yuan = (fen: number) => Math.round(fen) / 100;
const wan = (fen: number) => `${(fen / 1_000_000).toFixed(2)}万元`;

/** 静态租金趋势 in words, for a screen reader. */
export function staticSummary({ months }: StaticRentTrend): string {
  const scheduled = months.reduce((sum, month) => sum + month.scheduled, 0);
  return `静态租金趋势（共${months.length}个月）：计划租金合计${wan(scheduled)}`;
}

/** Bars of the rent the schedules say per month, a line of everything due. */
export function staticOption({ months }: StaticRentTrend) {
  return {
    color: [themeColor, '#1677ff'],
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: months.map((month) => month.month) },
    yAxis: { type: 'value', name: '元' },
    series: [
      { name: '计划租金', type: 'bar', data: months.map((month) => yuan(month.scheduled)) },
      { name: '应收总额', type: 'line', smooth: true, data: months.map((month) => yuan(month.due)) },
    ],
  };
}

/** 动态租金趋势 in words, for a screen reader. */
export function dynamicSummary({ months }: DynamicRentTrend): string {
  const due = months.reduce((sum, month) => sum + month.due, 0);
  const collected = months.reduce((sum, month) => sum + month.collected, 0);
  return `动态租金趋势（共${months.length}个月）：应收${wan(due)}，实收${wan(collected)}`;
}

/** Bars of due and collected per month, a line of the collection rate. */
export function dynamicOption({ months }: DynamicRentTrend) {
  return {
    color: ['#1677ff', themeColor, '#52c41a'],
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: months.map((month) => month.month) },
    yAxis: [
      { type: 'value', name: '元' },
      { type: 'value', name: '收款率', max: 150, axisLabel: { formatter: '{value}%' } },
    ],
    series: [
      { name: '应收', type: 'bar', data: months.map((month) => yuan(month.due)) },
      { name: '实收', type: 'bar', data: months.map((month) => yuan(month.collected)) },
      {
        name: '收款率',
        type: 'line',
        yAxisIndex: 1,
        data: months.map((month) => (month.rate === null ? null : Math.round(month.rate * 1000) / 10)),
      },
    ],
  };
}
