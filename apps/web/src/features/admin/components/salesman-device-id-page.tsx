import { PageLayout, PendingNotice } from '../../../components/page-layout';
import { useT } from '../../../lib/i18n';

export function SalesmanDeviceIdPage() {
  const t = useT();
  return (
    <PageLayout
      eyebrow={t('nav.admin')}
      title={t('page.salesmanDeviceId.title')}
      lead={t('page.salesmanDeviceId.lead')}
    >
      <PendingNotice>{t('page.salesmanDeviceId.pending')}</PendingNotice>
    </PageLayout>
  );
}
