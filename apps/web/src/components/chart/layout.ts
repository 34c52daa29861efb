/**
 * Geometry of the portal's SVG charts, in real pixels for the width the chart gets (useWidth): the
 * columns of a column chart with whole-number ticks. Pure, so it is unit-tested without a browser.
 */

export interface PlotBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface ColumnLayout {
  width: number;
  height: number;
  plot: PlotBox;
  yTicks: { value: number; y: number }[];
  bars: { x: number; y: number; w: number; h: number; value: number; index: number }[];
  /** The buckets that get a label under the axis (thinned so labels keep `minGap` px apart). */
  xLabels: { index: number; x: number }[];
}

export const COLUMN_MARGIN = { left: 40, right: 8, top: 10, bottom: 26 } as const;

const r1 = (v: number) => Math.round(v * 10) / 10;

/** The smallest of 1, 2 or 5 × 10ⁿ (at least 1) at or above `raw`. */
export function niceStep(raw: number): number {
  if (!Number.isFinite(raw) || raw <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

/**
 * Columns for `values`, laid out in a box of width × height pixels; the axis runs from 0 to `max`
 * when given (a percentage's 100), else to a whole-number step above the largest value.
 */
export function columnLayout(
  values: readonly number[],
  width: number,
  height: number,
  minGap = 56,
  max?: number,
): ColumnLayout {
  const w = Math.max(200, width);
  const h = Math.max(120, height);
  const plot = {
    left: COLUMN_MARGIN.left,
    top: COLUMN_MARGIN.top,
    right: w - COLUMN_MARGIN.right,
    bottom: h - COLUMN_MARGIN.bottom,
  };
  const highest = Math.max(0, ...values, max ?? 0);
  // About four ticks, each step 1, 2 or 5 × 10ⁿ.
  const step = niceStep(highest / 4);
  const top = Math.max(step, Math.ceil(highest / step) * step);
  const yOf = (v: number) => plot.bottom - (Math.max(0, v) / top) * (plot.bottom - plot.top);
  const yTicks: ColumnLayout['yTicks'] = [];
  for (let v = 0; v <= top; v += step) yTicks.push({ value: v, y: r1(yOf(v)) });
  const slot = (plot.right - plot.left) / Math.max(1, values.length);
  const barW = Math.max(1, Math.min(48, slot * 0.7));
  const bars = values.map((value, index) => {
    const x = plot.left + slot * index + (slot - barW) / 2;
    const y = yOf(value);
    return { x: r1(x), y: r1(y), w: r1(barW), h: r1(plot.bottom - y), value, index };
  });
  const every = Math.max(1, Math.ceil(minGap / slot));
  const xLabels: ColumnLayout['xLabels'] = [];
  for (let i = 0; i < values.length; i += every)
    xLabels.push({ index: i, x: r1(plot.left + slot * (i + 0.5)) });
  return { width: w, height: h, plot, yTicks, bars, xLabels };
}

/** Horizontal bar scale: the largest actual or target fills `width`; negatives and NA are 0. */
export function barScale(values: readonly (number | null | undefined)[], width: number) {
  const max = Math.max(0, ...values.map((v) => (typeof v === 'number' && Number.isFinite(v) ? v : 0)));
  return (v: number | null | undefined) =>
    max === 0 || typeof v !== 'number' || !Number.isFinite(v) || v <= 0 ? 0 : (v / max) * width;
}
