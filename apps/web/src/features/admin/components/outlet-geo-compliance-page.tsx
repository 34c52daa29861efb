import { PageLayout, PendingNotice } from '../../../components/page-layout';
import { useT } from '../../../lib/i18n';

export function OutletGeoCompliancePage() {
  const t = useT();
  return (
    <PageLayout
      eyebrow={t('nav.admin')}
      title={t('page.outletGeoCompliance.title')}
      lead={t('page.outletGeoCompliance.lead')}
    >
      <PendingNotice>{t('page.outletGeoCompliance.pending')}</PendingNotice>
    </PageLayout>
  );
}
