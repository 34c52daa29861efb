import { PageLayout, PendingNotice } from '../../../components/page-layout';
import { useT } from '../../../lib/i18n';

export function EstimatedBestPricePage() {
  const t = useT();
  return (
    <PageLayout
      eyebrow={t('nav.admin')}
      title={t('page.estimatedBestPrice.title')}
      lead={t('page.estimatedBestPrice.lead')}
    >
      <PendingNotice>{t('page.estimatedBestPrice.pending')}</PendingNotice>
    </PageLayout>
  );
}
