import { describe, expect, it } from 'vitest';
import { computeVisibleWindow } from './virtual-window';

const base = { rowHeight: 40, viewportHeight: 400, overscan: 5 };

describe('computeVisibleWindow', () => {
  it('renders the first screen plus overscan at the top', () => {
    expect(computeVisibleWindow({ ...base, scrollTop: 0, rowCount: 200 })).toEqual({
      start: 0,
      end: 16,
      padTop: 0,
      padBottom: 184 * 40,
    });
  });

  it('moves the window with the scroll position, overscan on both sides', () => {
    const w = computeVisibleWindow({ ...base, scrollTop: 4000, rowCount: 200 });
    expect(w.start).toBe(95);
    expect(w.end).toBe(116);
    expect(w.padTop).toBe(95 * 40);
    expect(w.padTop + (w.end - w.start) * 40 + w.padBottom).toBe(200 * 40);
  });

  it('clamps at the end and for scroll positions past the content', () => {
    const w = computeVisibleWindow({ ...base, scrollTop: 1_000_000, rowCount: 50 });
    expect(w.end).toBe(50);
    expect(w.start).toBe(44);
    expect(w.padBottom).toBe(0);
  });

  it('renders everything when all rows fit, and nothing without rows', () => {
    expect(computeVisibleWindow({ ...base, scrollTop: 0, rowCount: 3 })).toEqual({
      start: 0,
      end: 3,
      padTop: 0,
      padBottom: 0,
    });
    expect(computeVisibleWindow({ ...base, scrollTop: 0, rowCount: 0 })).toEqual({
      start: 0,
      end: 0,
      padTop: 0,
      padBottom: 0,
    });
  });

  it('treats a negative scroll (overscroll bounce) as the top', () => {
    expect(computeVisibleWindow({ ...base, scrollTop: -30, rowCount: 100 }).start).toBe(0);
  });
});
