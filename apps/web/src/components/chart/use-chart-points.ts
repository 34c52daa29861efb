import { useRef, useState, type KeyboardEvent } from 'react';

/**
 * The points (or columns) of a chart as one tab stop: the arrow keys, Home and End move between them
 * (roving focus), and the hovered or focused one is `shown` (its value in a tip). `pointProps(i)` goes on
 * each point's SVG element; the last point takes the tab stop until another was reached.
 */
export function useChartPoints<E extends SVGElement>(count: number) {
  const [shown, setShown] = useState<number | null>(null);
  const [rove, setRove] = useState<number | null>(null);
  const refs = useRef<(E | null)[]>([]);
  const focusIndex = rove !== null && rove < count ? rove : Math.max(0, count - 1);

  const pointProps = (i: number) => ({
    ref: (el: E | null) => {
      refs.current[i] = el;
    },
    tabIndex: i === focusIndex ? 0 : -1,
    onKeyDown: (e: KeyboardEvent<E>) => {
      const next =
        e.key === 'ArrowLeft' || e.key === 'ArrowDown'
          ? i - 1
          : e.key === 'ArrowRight' || e.key === 'ArrowUp'
            ? i + 1
            : e.key === 'Home'
              ? 0
              : e.key === 'End'
                ? count - 1
                : null;
      if (next === null || next < 0 || next >= count) return;
      e.preventDefault();
      setRove(next);
      refs.current[next]?.focus();
    },
    onMouseEnter: () => setShown(i),
    onMouseLeave: () => setShown((s) => (s === i ? null : s)),
    onFocus: () => setShown(i),
    onBlur: () => setShown((s) => (s === i ? null : s)),
  });

  return { shown, pointProps };
}
