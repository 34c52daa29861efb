import './chart.css';
import type { PlotBox } from './layout';

/**
 * The value of the hovered or focused point, in a box kept inside the plot: centred on `x`, above `y`
 * (below it when there is no room above). Hidden from assistive technology: the point's own label
 * says the same.
 */
export function ChartTip({ x, y, text, plot }: { x: number; y: number; text: string; plot: PlotBox }) {
  const width = Math.min(plot.right - plot.left, text.length * 6.4 + 12);
  const left = Math.max(plot.left, Math.min(x - width / 2, plot.right - width));
  const top = y - 30 < plot.top ? y + 10 : y - 30;
  return (
    <g className="chart-tip" aria-hidden="true" pointerEvents="none">
      <rect x={left} y={top} width={width} height={20} rx={4} />
      <text x={left + width / 2} y={top + 14} textAnchor="middle">
        {text}
      </text>
    </g>
  );
}
