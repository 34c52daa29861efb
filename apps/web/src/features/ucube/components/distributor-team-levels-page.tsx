import { PageLayout, PendingNotice } from '../../../components/page-layout';
import { useT } from '../../../lib/i18n';

export function DistributorTeamLevelsPage() {
  const t = useT();
  return (
    <PageLayout
      eyebrow={t('nav.ucube')}
      title={t('page.distributorTeamLevels.title')}
      lead={t('page.distributorTeamLevels.lead')}
    >
      <PendingNotice>{t('page.ucube.pending')}</PendingNotice>
    </PageLayout>
  );
}
