import { LoadingStatus } from '../../../components/loading-status';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../../lib/routes';
import { PageLayout } from '../../../components/page-layout';
import { TileGrid, TileLink } from '../../../components/tile-link';
import { useT } from '../../../lib/i18n';
import { useClientStore } from '../../../lib/store';
import { track } from '../../../lib/usage';
import { usePerformanceKpis } from '../api/individual-performance-kpis';
import { KpiCards } from './kpi-cards';
import { KpiError, UcubeViewTabs } from './kpi-view';
import { MonthTrend } from './trend-chart';
import '../ucube.css';

/** /homepage: the UCube home, leading to the three dashboard views. */
export function UcubeHomePage() {
  const t = useT();
  const signedIn = useClientStore((s) => s.userDetails !== null);
  const ucube = useClientStore((s) => s.ucubeAccess);
  const country = useClientStore((s) => s.selectedCountryCode);
  const bsa = useClientStore((s) => s.selectedBsa);
  const totals = usePerformanceKpis(country, { period: 'mtd', ...(bsa ? { bsa } : {}) }, ucube);
  // Spec section 7's performance view: once the scope's performance figures show (again per BSA).
  const shown = totals.data !== undefined;
  useEffect(() => {
    if (shown) track('performanceView', { period: 'mtd' });
  }, [shown, bsa]);

  return (
    <PageLayout
      eyebrow={t('page.homepage.eyebrow')}
      title={t('page.homepage.title')}
      lead={t('page.homepage.lead')}
    >
      {ucube ? <UcubeViewTabs current={null} period="mtd" /> : null}
      {ucube ? (
        <section className="ucube-home" aria-labelledby="ucube-home-scope">
          <h2 id="ucube-home-scope">{t('ucube.home.scope')}</h2>
          {totals.data ? (
            <KpiCards answer={totals.data} country={country} />
          ) : totals.isError ? (
            <KpiError error={totals.error} onRetry={() => void totals.refetch()} t={t} />
          ) : (
            <LoadingStatus label={t('ucube.loading')} />
          )}
        </section>
      ) : null}
      {ucube ? <MonthTrend country={country} bsa={bsa} /> : null}
      {ucube ? (
        <TileGrid label={t('page.homepage.views')}>
          <TileLink
            to={ROUTES.teamLevels}
            title={t('page.teamLevels.title')}
            description={t('page.teamLevels.lead')}
          />
          <TileLink
            to={ROUTES.distributorTeamLevels}
            title={t('page.distributorTeamLevels.title')}
            description={t('page.distributorTeamLevels.lead')}
          />
          <TileLink
            to={ROUTES.disciplinaryTeamLevels}
            title={t('page.disciplinaryTeamLevels.title')}
            description={t('page.disciplinaryTeamLevels.lead')}
          />
        </TileGrid>
      ) : (
        <div className="empty-state">
          <p>{signedIn ? t('page.homepage.noAccess') : t('page.homepage.signedOut')}</p>
          {signedIn ? null : (
            <Link className="button button--primary" to={ROUTES.login}>
              {t('header.signIn')}
            </Link>
          )}
        </div>
      )}
    </PageLayout>
  );
}
