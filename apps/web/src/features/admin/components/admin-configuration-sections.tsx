import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadingStatus } from '../../../components/loading-status';
import { useT } from '../../../lib/i18n';
import './usage-page.css';

const UsagePanel = lazy(() => import('./usage-page').then((m) => ({ default: m.UsagePanel })));

/** The query parameter naming the section of /adminconfigurationpage shown ('usage'; none: the settings). */
export const SECTION_PARAM = 'view';

/**
 * The sections of /adminconfigurationpage: the market's settings, and the usage page (issue 13's
 * "beyond the spec" analytics, here so it needs no route of its own: docs/decisions.md). Two links
 * (the current one marked), so each section has an address, the back button works, and the usage
 * page's code loads only when it is opened.
 */
export function AdminConfigurationSections({ settings }: { settings: ReactNode }) {
  const t = useT();
  const [params] = useSearchParams();
  const usage = params.get(SECTION_PARAM) === 'usage';
  const nav = useRef<HTMLElement>(null);
  // Opened at ?view=usage (a bookmark, the back button): the usage page starts in view, not below the
  // admin tools' tiles (a whole screen of them on a tablet or phone). Only on arrival at the top.
  const arrivedAtUsage = useRef(usage);
  useEffect(() => {
    if (arrivedAtUsage.current && window.scrollY === 0) nav.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  return (
    <>
      <nav ref={nav} className="admin-sections" aria-label={t('usage.sections')}>
        <Link
          to={{ search: '' }}
          className="admin-sections__link"
          aria-current={usage ? undefined : 'page'}
          replace
        >
          {t('usage.settingsTab')}
        </Link>
        <Link
          to={{ search: `?${SECTION_PARAM}=usage` }}
          className="admin-sections__link"
          aria-current={usage ? 'page' : undefined}
          replace
        >
          {t('usage.tab')}
        </Link>
      </nav>
      {usage ? (
        <Suspense fallback={<LoadingStatus label={t('usage.loading')} />}>
          <UsagePanel />
        </Suspense>
      ) : (
        settings
      )}
    </>
  );
}
