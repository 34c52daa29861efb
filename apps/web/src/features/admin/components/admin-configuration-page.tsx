import { LoadingStatus } from '../../../components/loading-status';
import { PageLayout } from '../../../components/page-layout';
import { TileGrid, TileLink } from '../../../components/tile-link';
import { useT } from '../../../lib/i18n';
import { useClientStore } from '../../../lib/store';
import { useAdminMenu } from '../admin-tools';
import { AdminConfigurationSections } from './admin-configuration-sections';
import { MarketConfiguration } from './market-configuration';

/** The admin hub: this market's admin tools (the server's menu) and the market's settings (feature flags). */
export function AdminConfigurationPage() {
  const t = useT();
  const country = useClientStore((s) => s.selectedCountryCode);
  const menu = useAdminMenu(country, true);
  return (
    <PageLayout
      eyebrow={t('nav.admin')}
      title={t('page.adminConfiguration.title')}
      lead={t('page.adminConfiguration.lead', { country: t(`country.${country}`) })}
    >
      {menu.isPending ? <LoadingStatus label={t('page.adminConfiguration.loading')} /> : null}
      {menu.isError ? (
        <p className="dtable-message dtable-message--error" role="alert">
          {t('page.adminConfiguration.error')}{' '}
          <button type="button" className="link-button" onClick={() => void menu.refetch()}>
            {t('page.adminConfiguration.retry')}
          </button>
        </p>
      ) : null}
      {menu.items.length > 0 ? (
        <TileGrid label={t('page.adminConfiguration.tools')}>
          {menu.items.map((item) => (
            <TileLink
              key={item.to}
              to={item.to}
              title={t(item.labelKey)}
              description={t(item.descriptionKey)}
            />
          ))}
        </TileGrid>
      ) : null}
      <AdminConfigurationSections settings={<MarketConfiguration key={country} country={country} />} />
    </PageLayout>
  );
}
