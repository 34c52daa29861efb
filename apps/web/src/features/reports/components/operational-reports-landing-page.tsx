import { LoadingStatus } from '../../../components/loading-status';
import { TRACKING_REPORT_NAME, type ReportCategory, type ReportKey } from '@fieldforce/contracts';
import { Link } from 'react-router';
import { PageLayout } from '../../../components/page-layout';
import { useT, type MessageKey } from '../../../lib/i18n';
import { reportPageUrl } from '../../../lib/routes';
import { canSeeMasterReports, useClientStore } from '../../../lib/store';
import { useReportList } from '../hooks/use-report-list';
import { reportNameKey } from '../report-names';
import { reportLink } from '../report-params';
import '../reports.css';

/** What each report answers (docs/reports.md), one line per card. */
export const REPORT_ABOUT: Record<ReportKey, MessageKey> = {
  'product-master': 'reports.about.productMaster',
  'outlet-master': 'reports.about.outletMaster',
  'salesperson-visit-summary': 'reports.about.visitSummary',
  'promotion-status': 'reports.about.promotionStatus',
  'demand-capture': 'reports.about.demandCapture',
  'order-loss': 'reports.about.orderLoss',
  'inventory-status': 'reports.about.inventoryStatus',
};

const SECTIONS: readonly { category: ReportCategory; titleKey: MessageKey; textKey: MessageKey }[] = [
  {
    category: 'transactionalreports',
    titleKey: 'nav.transactionalReports',
    textKey: 'page.operationalReportsLanding.transactional',
  },
  {
    category: 'masterreports',
    titleKey: 'nav.masterReports',
    textKey: 'page.operationalReportsLanding.master',
  },
];

/** /operationalreportslandingpage: the reports this user may open, as cards grouped by category. */
export function OperationalReportsLandingPage() {
  const t = useT();
  const user = useClientStore((s) => s.userDetails);
  const showMaster = canSeeMasterReports(user);
  const { entries, isPending, isError } = useReportList();
  return (
    <PageLayout
      eyebrow={t('nav.reports')}
      title={t('page.operationalReportsLanding.title')}
      lead={t('page.operationalReportsLanding.lead')}
    >
      {isPending ? <LoadingStatus label={t('reports.listLoading')} /> : null}
      {isError ? <p className="menu-empty">{t('header.noReports')}</p> : null}
      {SECTIONS.filter((s) => s.category === 'transactionalreports' || showMaster).map((section) => {
        const cards = entries.filter((e) => e.reportCategory === section.category && e.report);
        // Salesman Tracking (in the list where the market's SMTracking flag is on) has its own screen.
        const tracking = entries.find(
          (e) => e.reportCategory === section.category && e.reportName === TRACKING_REPORT_NAME,
        );
        return (
          <section
            key={section.category}
            className="report-cards"
            aria-labelledby={`reports-${section.category}`}
          >
            <h2 id={`reports-${section.category}`} className="report-cards__title">
              {t(section.titleKey)}
            </h2>
            <p className="report-cards__text">{t(section.textKey)}</p>
            {cards.length === 0 && !tracking && !isPending ? (
              <p className="menu-empty">{t('header.noReports')}</p>
            ) : null}
            <ul className="report-cards__list">
              {cards.map(({ report }) =>
                report ? (
                  <li key={report.key} className="report-card">
                    <h3 className="report-card__title">
                      <Link to={reportLink(report)}>{t(reportNameKey(report.key))}</Link>
                    </h3>
                    <p className="report-card__text">{t(REPORT_ABOUT[report.key])}</p>
                  </li>
                ) : null,
              )}
              {tracking ? (
                <li className="report-card">
                  <h3 className="report-card__title">
                    <Link to={reportPageUrl(tracking.reportName, tracking.reportCategory)}>
                      {t('tracking.reportName')}
                    </Link>
                  </h3>
                  <p className="report-card__text">{t('reports.about.tracking')}</p>
                </li>
              ) : null}
            </ul>
          </section>
        );
      })}
    </PageLayout>
  );
}
