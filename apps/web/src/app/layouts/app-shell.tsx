import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { OfflineNotice } from '../../components/offline-notice';
import { SessionGate } from '../../features/auth/components/session-gate';
import { useT } from '../../lib/i18n';
import { headerFor } from '../routes';
import { ReportsHeader } from './reports-header';
import { UcubeHeader } from './ucube-header';

/** The page frame around every screen: skip link, the header the route asks for, and main. */
export function AppShell() {
  const t = useT();
  const { pathname } = useLocation();
  const header = headerFor(pathname);
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  useStickyHeaderHeight(header);

  // After a client-side navigation, move focus to the new content so screen readers announce it.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (document.scrollingElement) document.scrollingElement.scrollTop = 0;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={`app app--${header}`}>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <OfflineNotice />
      <SessionGate>
        {header === 'ucube' ? <UcubeHeader /> : null}
        {header === 'reports' ? <ReportsHeader /> : null}
        <main id="main" ref={main} tabIndex={-1} className="app__main">
          <Outlet />
        </main>
      </SessionGate>
    </div>
  );
}

/**
 * Keeps `--site-header-offset` on the root at the sticky header's height (the utility bar shows on wide
 * screens only, and the header may wrap), so what sticks under it while the page scrolls (an admin tool's
 * bar of unsaved changes) stays in view below it instead of under it.
 */
function useStickyHeaderHeight(header: string) {
  useEffect(() => {
    const element = document.querySelector<HTMLElement>('.site-header');
    const root = document.documentElement;
    if (!element) {
      root.style.removeProperty('--site-header-offset');
      return;
    }
    const update = () => root.style.setProperty('--site-header-offset', `${element.offsetHeight}px`);
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [header]);
}
