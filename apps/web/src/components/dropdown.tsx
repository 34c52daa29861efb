import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ChevronDownIcon } from './icons';
import { useDismiss } from './use-dismiss';

interface DropdownProps {
  label: ReactNode;
  children: ReactNode;
  align?: 'start' | 'end';
  className?: string;
}

/**
 * A disclosure button with a panel of links (the ARIA disclosure pattern, not role="menu":
 * the panel holds ordinary links that Tab reaches).
 */
export function Dropdown({ label, children, align = 'start', className }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, container, trigger);

  const { pathname, search } = useLocation();
  // A followed link closes the panel.
  useEffect(() => close(), [pathname, search, close]);

  return (
    <div ref={container} className={className ? `dropdown ${className}` : 'dropdown'}>
      <button
        ref={trigger}
        type="button"
        className="nav-link dropdown__trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        {label}
        <ChevronDownIcon className="dropdown__chevron" />
      </button>
      <div id={panelId} className={`dropdown__panel dropdown__panel--${align}`} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
