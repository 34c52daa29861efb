import { PageLayout, PendingNotice } from '../../../components/page-layout';
import { useT } from '../../../lib/i18n';

export function TeamLevelsPage() {
  const t = useT();
  return (
    <PageLayout eyebrow={t('nav.ucube')} title={t('page.teamLevels.title')} lead={t('page.teamLevels.lead')}>
      <PendingNotice>{t('page.ucube.pending')}</PendingNotice>
    </PageLayout>
  );
}
