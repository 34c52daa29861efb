import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { useDismiss } from '../../components/use-dismiss';
import { LanguageSwitch } from '../../components/language-switch';
import { useT } from '../../lib/i18n';
import { Greeting, SessionButton } from './account-actions';
import { CountryControl } from './country-control';

/** The header's menu at widths up to 768 px: a button and a panel under the header bar. */
export function MobileMenu({ children }: { children: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, container, trigger);

  const { pathname, search } = useLocation();
  // A followed link closes the menu.
  useEffect(() => close(), [pathname, search, close]);

  return (
    <div ref={container} className="mobile-menu">
      <button
        ref={trigger}
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
        <span className="visually-hidden">{open ? t('header.closeMenu') : t('header.openMenu')}</span>
      </button>
      <nav id={panelId} className="mobile-menu__panel" aria-label={t('header.menu')} hidden={!open}>
        {children}
      </nav>
    </div>
  );
}

export function MobileMenuSection({ title, children }: { title?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="mobile-menu__section" aria-labelledby={title ? headingId : undefined}>
      {title ? (
        <h2 id={headingId} className="mobile-menu__heading">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}

/** Both headers' mobile menu: greeting and country first, the header's own sections, then language and session. */
export function AccountMobileMenu({ children }: { children: ReactNode }) {
  return (
    <MobileMenu>
      <MobileMenuSection>
        <p className="mobile-menu__greeting">
          <Greeting />
        </p>
        <CountryControl />
      </MobileMenuSection>
      {children}
      <MobileMenuSection>
        <LanguageSwitch />
        <SessionButton variant="block" />
      </MobileMenuSection>
    </MobileMenu>
  );
}
