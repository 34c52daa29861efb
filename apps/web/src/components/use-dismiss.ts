import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * Closes an open popup on Escape (returning focus to its trigger) or on a pointer press outside it.
 * Shared by the header dropdowns, the mobile menu and the profile popup.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  container: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      trigger.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && container.current?.contains(event.target)) return;
      close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close, container, trigger]);
}

/**
 * The state of a disclosure (a button and the panel it opens): open or not, the panel's id, refs for
 * the container and trigger, dismissal by Escape or an outside press, and closing when a link is
 * followed (a new path, and also a new query string unless `closeOnSearch` is false).
 */
export function useDisclosure({ closeOnSearch = true }: { closeOnSearch?: boolean } = {}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((v) => !v), []);
  useDismiss(open, close, container, trigger);
  const { pathname, search } = useLocation();
  const place = closeOnSearch ? `${pathname}${search}` : pathname;
  useEffect(() => close(), [place, close]);
  return { open, toggle, close, panelId, container, trigger };
}
