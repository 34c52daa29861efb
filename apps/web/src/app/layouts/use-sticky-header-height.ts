import { useEffect, useRef } from 'react';

/**
 * The sticky site header's ref: keeps `--site-header-offset` on the root at the header's height (the
 * utility bar shows on wide screens only, and the header may wrap), so what sticks under it while the
 * page scrolls (an admin tool's bar of unsaved changes) stays in view below it instead of under it.
 */
export function useStickyHeaderHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    const root = document.documentElement;
    if (!element) return;
    const update = () => root.style.setProperty('--site-header-offset', `${element.offsetHeight}px`);
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--site-header-offset');
    };
  }, []);
  return ref;
}
