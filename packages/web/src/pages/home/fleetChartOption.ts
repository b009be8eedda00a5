import { type FleetByStage, vehicleEnums } from '@cp/contracts';
import { themeColor } from '../../app/theme';

/** 车辆列表 filtered to a stage: where a bar of the chart leads. */
export const stageListLink = (stage: number) => `/vehicleList?stage=${stage}`;

/** What the chart shows, in words: the label a screen reader reads for it. */
export function fleetSummary({ stages }: FleetByStage): string {
  const parts = stages.map(({ stage, count }) => `${vehicleEnums.stage.label(stage)}${count}辆`);
  return `车辆阶段分布：${parts.join('，')}`;
}

/** The bar chart of vehicles per stage; each bar carries its stage, for the click that opens its list. */
export function fleetChartOption({ stages }: FleetByStage) {
  return {
    color: [themeColor],
    grid: { left: 8, right: 8, top: 24, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: {
      type: 'category',
      data: stages.map(({ stage }) => vehicleEnums.stage.label(stage)),
      axisLabel: { interval: 0 },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: '车辆数',
        type: 'bar',
        barMaxWidth: 36,
        cursor: 'pointer',
        label: { show: true, position: 'top' },
        data: stages.map(({ stage, count }) => ({ value: count, stage })),
      },
    ],
  };
}
