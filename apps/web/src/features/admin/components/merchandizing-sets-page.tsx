import { PageLayout, PendingNotice } from '../../../components/page-layout';
import { useT } from '../../../lib/i18n';

export function MerchandizingSetsPage() {
  const t = useT();
  return (
    <PageLayout
      eyebrow={t('nav.admin')}
      title={t('page.merchandizingSets.title')}
      lead={t('page.merchandizingSets.lead')}
    >
      <PendingNotice>{t('page.merchandizingSets.pending')}</PendingNotice>
    </PageLayout>
  );
}
