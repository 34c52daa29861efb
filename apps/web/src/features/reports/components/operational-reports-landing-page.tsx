import { PageLayout, PendingNotice } from '../../../components/page-layout';
import { useT } from '../../../lib/i18n';
import { canSeeMasterReports, useClientStore } from '../../../lib/store';

/** /operationalreportslandingpage: the Reports & Analytics home with its two report categories. */
export function OperationalReportsLandingPage() {
  const t = useT();
  const user = useClientStore((s) => s.userDetails);
  const showMaster = canSeeMasterReports(user);
  return (
    <PageLayout
      eyebrow={t('nav.reports')}
      title={t('page.operationalReportsLanding.title')}
      lead={t('page.operationalReportsLanding.lead')}
    >
      <div className="panel-grid">
        <section className="panel" aria-labelledby="transactional-reports">
          <h2 id="transactional-reports" className="panel__title">
            {t('nav.transactionalReports')}
          </h2>
          <p className="panel__text">{t('page.operationalReportsLanding.transactional')}</p>
          <p className="menu-empty">{t('header.noReports')}</p>
        </section>
        {showMaster ? (
          <section className="panel" aria-labelledby="master-reports">
            <h2 id="master-reports" className="panel__title">
              {t('nav.masterReports')}
            </h2>
            <p className="panel__text">{t('page.operationalReportsLanding.master')}</p>
            <p className="menu-empty">{t('header.noReports')}</p>
          </section>
        ) : null}
      </div>
      <PendingNotice>{t('page.reports.pending')}</PendingNotice>
    </PageLayout>
  );
}
