import { PageLayout, PendingNotice } from '../../../components/page-layout';
import { useT } from '../../../lib/i18n';

export function DeviceGeoCompliancePage() {
  const t = useT();
  return (
    <PageLayout
      eyebrow={t('nav.admin')}
      title={t('page.deviceGeoCompliance.title')}
      lead={t('page.deviceGeoCompliance.lead')}
    >
      <PendingNotice>{t('page.deviceGeoCompliance.pending')}</PendingNotice>
    </PageLayout>
  );
}
