import { PageLayout, PendingNotice } from '../../../components/page-layout';
import { TileGrid, TileLink } from '../../../components/tile-link';
import { useT } from '../../../lib/i18n';
import { useClientStore } from '../../../lib/store';
import { adminMenuItems } from '../admin-tools';

/** The admin hub: this market's admin tools, and later the country settings. */
export function AdminConfigurationPage() {
  const t = useT();
  const country = useClientStore((s) => s.selectedCountryCode);
  return (
    <PageLayout
      eyebrow={t('nav.admin')}
      title={t('page.adminConfiguration.title')}
      lead={t('page.adminConfiguration.lead', { country: t(`country.${country}`) })}
    >
      <TileGrid label={t('page.adminConfiguration.tools')}>
        {adminMenuItems(country).map((item) => (
          <TileLink
            key={item.to}
            to={item.to}
            title={t(item.labelKey)}
            description={t(item.descriptionKey)}
          />
        ))}
      </TileGrid>
      <PendingNotice>{t('page.adminConfiguration.pending')}</PendingNotice>
    </PageLayout>
  );
}
