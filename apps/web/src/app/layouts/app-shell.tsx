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
