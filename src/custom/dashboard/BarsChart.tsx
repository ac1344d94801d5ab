/**
 * A horizontal bar chart of the home page: one bar per group (its label on the axis), one or more
 * series. The chart is drawn for the eye; a screen reader hears `text`, which names every bar and
 * value, as the image's label.
 */
import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { Bar } from './chartData';

const BAR_HEIGHT = 34;
const AXES_HEIGHT = 70;
const LABEL_WIDTH = 150;

export interface BarsChartProps {
  bars: Bar[];
  series: { label: string; color?: string }[];
  text: string;
  /** A bar was clicked: the bar. */
  onBar?: (bar: Bar) => void;
}

export const BarsChart = ({ bars, series, text, onBar }: BarsChartProps) => (
  <Box role="img" aria-label={text} sx={{ width: '100%' }}>
    <BarChart
      layout="horizontal"
      height={AXES_HEIGHT + BAR_HEIGHT * bars.length * Math.max(1, series.length / 1.5)}
      yAxis={[{ scaleType: 'band', data: bars.map((b) => b.label), width: LABEL_WIDTH }]}
      xAxis={[{ tickMinStep: 1 }]}
      series={series.map((s, i) => ({ ...s, data: bars.map((b) => b.values[i]) }))}
      hideLegend={series.length < 2}
      onItemClick={onBar ? (_event, item) => onBar(bars[item.dataIndex]) : undefined}
    />
  </Box>
);
