import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { useT } from '../lib/i18n';
import './scroll-more.css';

/**
 * Whether the scroll box in `ref` has more to its right than it shows: followed on scroll, when the box
 * is resized and when its content is (rows or columns arriving later). `watch` re-attaches when the box
 * itself is replaced (e.g. shown after an empty answer).
 */
export function useMoreToTheRight(ref: RefObject<HTMLElement | null>, watch?: unknown): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) {
      setMore(false);
      return;
    }
    const check = () => setMore(el.scrollLeft + el.clientWidth < el.scrollWidth - 2);
    check();
    el.addEventListener('scroll', check, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', check);
      observer?.disconnect();
    };
  }, [ref, watch]);
  return more;
}

/**
 * A table's scroll box that says when more columns lie to its right: a shadow on the box's right edge
 * and "Scroll sideways for more columns →" under it. The box itself (focusable, named) is the child.
 * `edgeShadow` false leaves the shadow to the table (a column pinned at the right edge draws it on its
 * own left side, where the hidden columns pass under it).
 */
export function ScrollMore({
  more,
  edgeShadow = true,
  children,
}: {
  more: boolean;
  edgeShadow?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <div className={`scroll-more${more && edgeShadow ? ' scroll-more--on' : ''}`}>{children}</div>
      {more ? (
        <p className="scroll-more__hint" aria-hidden="true">
          {t('table.scrollHint')} <span>→</span>
        </p>
      ) : null}
    </>
  );
}
