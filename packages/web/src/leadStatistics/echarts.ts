import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only what 线索统计's trend draws: loaded by the chart when it mounts, never by the entry.
use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { init };
