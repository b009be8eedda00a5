import { Card, Empty } from 'antd';
import { useCallback, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { type ChartModule, LazyChart } from '../../widgets/chart/LazyChart';
import { fleetChartOption, fleetSummary, stageListLink } from './fleetChartOption';
import { useFleetByStage } from './homeApi';

const loadCharts = () => import('./echarts') as Promise<ChartModule>;

/** The bars of vehicles per stage, drawn by ECharts (loaded with the chart, not before); a bar opens its list. */
function StageBars({ option, summary }: { option: ReturnType<typeof fleetChartOption>; summary: string }) {
  const navigate = useNavigate();
  const open = useCallback(
    (data: unknown) => {
      const stage = (data as { stage?: number } | undefined)?.stage;
      if (stage !== undefined) navigate(stageListLink(stage));
    },
    [navigate],
  );
  return <LazyChart load={loadCharts} option={option} summary={summary} height={280} onClick={open} />;
}

/** 车辆阶段分布: the branch company's fleet by stage, for users who may open 车辆列表. */
export function FleetChart() {
  const { data, isPending, isError } = useFleetByStage();
  const total = data?.stages.reduce((sum, { count }) => sum + count, 0) ?? 0;
  const option = useMemo(() => data && fleetChartOption(data), [data]);
  return (
    <Card title="车辆阶段分布" extra={data && <Link to="/vehicleList">共 {total} 辆</Link>} loading={isPending}>
      {data && option && total > 0 ? (
        <StageBars option={option} summary={fleetSummary(data)} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={isError ? '车辆数据加载失败' : '暂无车辆'} />
      )}
    </Card>
  );
}
