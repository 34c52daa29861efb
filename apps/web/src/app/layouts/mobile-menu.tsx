import { useId, type ReactNode } from 'react';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { useDisclosure } from '../../components/use-dismiss';
import { LanguageSwitch } from '../../components/language-switch';
import { useT } from '../../lib/i18n';
import { Greeting, SessionButton } from './account-actions';
import { CountryControl } from './country-control';

/** The header's menu at widths up to 768 px: a button and a panel under the header bar. */
export function MobileMenu({ children }: { children: ReactNode }) {
  const t = useT();
  const { open, toggle, panelId, container, trigger } = useDisclosure();

  return (
    <div ref={container} className="mobile-menu">
      <button
        ref={trigger}
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
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
