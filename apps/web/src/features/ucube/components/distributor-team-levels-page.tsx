import { useT } from '../../../lib/i18n';
import { useDistributorKpis } from '../api/individual-distributor-kpis';
import { KpiViewPage } from './kpi-view';

/** /distributorteamlevels: DT View, distributor details. */
export function DistributorTeamLevelsPage() {
  const t = useT();
  return (
    <KpiViewPage
      view="distributor"
      title={t('page.distributorTeamLevels.title')}
      lead={t('page.distributorTeamLevels.lead')}
      useKpis={useDistributorKpis}
    />
  );
}
