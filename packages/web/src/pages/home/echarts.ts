import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the home page's charts draw: loaded by them on demand, never by the entry.
use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export { init };
