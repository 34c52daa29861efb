// The portal's charts: inline SVG laid out in real pixels, a summary in words, keyboard-reachable points,
// and the figures in a table. Use these instead of drawing a chart in a feature.
export { ColumnChart, type ColumnChartProps, type ColumnChartTable } from './column-chart';
export { ChartBars, type ChartBarItem, type ChartBarsProps } from './chart-bars';
export { ChartTip } from './chart-tip';
export {
  ChartFiguresTable,
  FiguresTable,
  type ChartFiguresRow,
  type ChartFiguresTableProps,
  type FiguresTableProps,
} from './figures-table';
export { barScale, columnLayout, niceStep, COLUMN_MARGIN, type ColumnLayout, type PlotBox } from './layout';
export { useChartPoints } from './use-chart-points';
export { useWidth } from './use-width';
