import { Card, Empty } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { fleetChartOption, fleetSummary, stageListLink } from './fleetChartOption';
import { useFleetByStage } from './homeApi';

/** The bars of vehicles per stage, drawn by ECharts (loaded with the chart, not before); a bar opens its list. */
function StageBars({ option, summary }: { option: ReturnType<typeof fleetChartOption>; summary: string }) {
  const box = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    let disposed = false;
    let cleanup = () => {};
    void import('./echarts').then(({ init }) => {
      if (disposed || !box.current) return;
      const chart = init(box.current);
      chart.setOption(option);
      chart.on('click', (event) => {
        const stage = (event.data as { stage?: number } | undefined)?.stage;
        if (stage !== undefined) navigate(stageListLink(stage));
      });
      const resize = new ResizeObserver(() => chart.resize());
      resize.observe(box.current);
      cleanup = () => {
        resize.disconnect();
        chart.dispose();
      };
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [option, navigate]);
  return <div ref={box} role="img" aria-label={summary} style={{ height: 280 }} />;
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
