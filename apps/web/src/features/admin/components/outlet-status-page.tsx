import { PageLayout, PendingNotice } from '../../../components/page-layout';
import { useT } from '../../../lib/i18n';

export function OutletStatusPage() {
  const t = useT();
  return (
    <PageLayout
      eyebrow={t('nav.admin')}
      title={t('page.outletStatus.title')}
      lead={t('page.outletStatus.lead')}
    >
      <PendingNotice>{t('page.outletStatus.pending')}</PendingNotice>
    </PageLayout>
  );
}
