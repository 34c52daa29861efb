import { useSearchParams } from 'react-router';
import { PageLayout, PendingNotice } from '../../../components/page-layout';
import { useT, type MessageKey } from '../../../lib/i18n';

const CATEGORY_LABEL: Record<string, MessageKey> = {
  transactionalreports: 'nav.transactionalReports',
  masterreports: 'nav.masterReports',
};

/** /reportpage?reportName=...&reportCategory=...: one report, opened from the header dropdowns. */
export function ReportPage() {
  const t = useT();
  const [params] = useSearchParams();
  const reportName = params.get('reportName')?.trim();
  const categoryKey = CATEGORY_LABEL[params.get('reportCategory') ?? ''];
  return (
    <PageLayout
      eyebrow={categoryKey ? t(categoryKey) : t('nav.reports')}
      title={reportName || t('page.reportPage.title')}
      lead={t('page.reportPage.lead')}
    >
      <PendingNotice>{t('page.reports.pending')}</PendingNotice>
    </PageLayout>
  );
}
