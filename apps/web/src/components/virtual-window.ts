export interface VisibleWindowInput {
  /** Pixels scrolled past the first row. */
  scrollTop: number;
  /** Height of the area that shows rows. */
  viewportHeight: number;
  /** Every row has this height (fixed-height virtualisation). */
  rowHeight: number;
  rowCount: number;
  /** Rows rendered beyond each edge so fast scrolling does not show blanks. */
  overscan: number;
}

export interface VisibleWindow {
  /** First rendered row (inclusive). */
  start: number;
  /** Last rendered row + 1 (exclusive). */
  end: number;
  /** Height of the blank space standing in for the rows above `start`. */
  padTop: number;
  /** Height of the blank space standing in for the rows from `end` on. */
  padBottom: number;
}

/** The rows a fixed-row-height list renders for a scroll position: the visible ones plus overscan. */
export function computeVisibleWindow({
  scrollTop,
  viewportHeight,
  rowHeight,
  rowCount,
  overscan,
}: VisibleWindowInput): VisibleWindow {
  if (rowCount <= 0 || rowHeight <= 0) return { start: 0, end: 0, padTop: 0, padBottom: 0 };
  const top = Math.max(0, scrollTop);
  const firstVisible = Math.min(rowCount - 1, Math.floor(top / rowHeight));
  const visibleCount = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, firstVisible - overscan);
  const end = Math.min(rowCount, firstVisible + visibleCount + overscan);
  return { start, end, padTop: start * rowHeight, padBottom: (rowCount - end) * rowHeight };
}
