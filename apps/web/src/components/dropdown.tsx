import type { ReactNode } from 'react';
import { ChevronDownIcon } from './icons';
import { useDisclosure } from './use-dismiss';

interface DropdownProps {
  label: ReactNode;
  children: ReactNode;
  align?: 'start' | 'end';
  className?: string;
  /** The page shown is one of the panel's links: the trigger is marked as the current area. */
  current?: boolean;
}

/**
 * A disclosure button with a panel of links (the ARIA disclosure pattern, not role="menu":
 * the panel holds ordinary links that Tab reaches).
 */
export function Dropdown({ label, children, align = 'start', className, current = false }: DropdownProps) {
  const { open, toggle, panelId, container, trigger } = useDisclosure();

  return (
    <div ref={container} className={className ? `dropdown ${className}` : 'dropdown'}>
      <button
        ref={trigger}
        type="button"
        className={current ? 'nav-link nav-link--current dropdown__trigger' : 'nav-link dropdown__trigger'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
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
