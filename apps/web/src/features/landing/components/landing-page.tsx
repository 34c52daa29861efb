import { Link } from 'react-router';
import { ROUTES } from '../../../lib/routes';
import { ChartIcon, ReportIcon, UsersIcon } from '../../../components/icons';
import { PageLayout } from '../../../components/page-layout';
import { TileGrid, TileLink } from '../../../components/tile-link';
import { useT } from '../../../lib/i18n';
import { useClientStore } from '../../../lib/store';

/** The landing screen (/ and /landingscreen): the areas the signed-in user may open. */
export function LandingPage() {
  const t = useT();
  const user = useClientStore((s) => s.userDetails);
  const ucube = useClientStore((s) => s.ucubeAccess);
  const reports = useClientStore((s) => s.opsReportAccess);
  const admin = useClientStore((s) => s.adminAccess);
  const any = ucube || reports || admin;

  return (
    <PageLayout
      eyebrow={user ? t('header.greeting', { name: user.name }) : t('page.landing.eyebrow')}
      title={t('page.landing.heading')}
      lead={t('page.landing.lead')}
    >
      {!user ? (
        <div className="empty-state">
          <p>{t('page.landing.signedOut')}</p>
          <Link className="button button--primary" to={ROUTES.login}>
            {t('header.signIn')}
          </Link>
        </div>
      ) : any ? (
        <TileGrid label={t('page.landing.areas')}>
          {ucube ? (
            <TileLink
              to={ROUTES.homepage}
              icon={<ChartIcon />}
              title={t('nav.ucube')}
              description={t('page.landing.ucube')}
            />
          ) : null}
          {reports ? (
            <TileLink
              to={ROUTES.operationalReportsLanding}
              icon={<ReportIcon />}
              title={t('nav.reports')}
              description={t('page.landing.reports')}
            />
          ) : null}
          {admin ? (
            <TileLink
              to={ROUTES.userAccess}
              icon={<UsersIcon />}
              title={t('nav.userManagement')}
              description={t('page.landing.userManagement')}
            />
          ) : null}
        </TileGrid>
      ) : (
        <div className="empty-state">
          <p>{t('page.landing.noAccess')}</p>
        </div>
      )}
    </PageLayout>
  );
}
