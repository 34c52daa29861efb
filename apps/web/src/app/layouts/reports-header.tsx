import { Link, NavLink, useLocation } from 'react-router';
import { Brand } from '../../components/brand';
import { Dropdown } from '../../components/dropdown';
import { HomeIcon } from '../../components/icons';
import { useT } from '../../lib/i18n';
import { canSeeMasterReports, useClientStore } from '../../lib/store';
import { useAdminMenu } from '../../features/admin/admin-tools';
import { ROUTES, type ReportCategory } from '../../lib/routes';
import { AccountMobileMenu, MobileMenuSection } from './mobile-menu';
import { ProfilePopup } from './profile-popup';
import { AddSalespersonInfo } from './salesman-bg-mapping';
import { UtilityBar } from './utility-bar';
import { useStickyHeaderHeight } from './use-sticky-header-height';
import { ReportLinks } from './report-menu';
import { useReportList } from '../../features/reports/hooks/use-report-list';

export function ReportsHeader() {
  const t = useT();
  const header = useStickyHeaderHeight();
  const user = useClientStore((s) => s.userDetails);
  const admin = useClientStore((s) => s.adminAccess);
  const country = useClientStore((s) => s.selectedCountryCode);
  const showMaster = canSeeMasterReports(user);
  const { items: adminItems } = useAdminMenu(country, admin);
  const { entries: reports, isPending: loading } = useReportList();
  // The landing screen (spec: the reports header) is where the area is chosen: it names none yet.
  const { pathname } = useLocation();
  const onLanding = pathname === ROUTES.landingScreen;
  const onAdminPage =
    pathname === ROUTES.adminConfiguration || adminItems.some((item) => item.to === pathname);
  const categories: { category: ReportCategory; label: string }[] = [
    { category: 'transactionalreports', label: t('nav.transactionalReports') },
    ...(showMaster ? [{ category: 'masterreports' as const, label: t('nav.masterReports') }] : []),
  ];

  return (
    <header ref={header} className="site-header site-header--reports">
      <UtilityBar />
      <div className="site-header__bar">
        <div className="site-header__start">
          <Link className="icon-button" to={ROUTES.landing}>
            <HomeIcon />
            <span className="visually-hidden">{t('header.home')}</span>
          </Link>
          <Link
            className="site-header__brand"
            to={ROUTES.landing}
            // Named by what it shows (Fieldforce and the area) when an area is shown; the home icon
            // before it says where both go.
            aria-label={onLanding ? t('header.homeLink') : undefined}
          >
            <Brand />
            {onLanding ? null : <span className="site-header__area">{t('nav.reports')}</span>}
          </Link>
        </div>

        <nav className="site-header__nav desktop-only" aria-label={t('header.mainNav')}>
          {categories.map(({ category, label }) => (
            <Dropdown key={category} label={label}>
              <ReportLinks
                reports={reports}
                category={category}
                linkClassName="menu-link"
                loading={loading}
              />
            </Dropdown>
          ))}
          {admin ? (
            // The admin page and every tool of the market, so an admin moves from tool to tool in one step.
            <Dropdown label={t('nav.adminConfiguration')} current={onAdminPage} align="end">
              <AdminLinks items={adminItems} linkClassName="menu-link" homeLabel={t('nav.adminOverview')} />
            </Dropdown>
          ) : null}
          <AddSalespersonInfo className="nav-link nav-link--button" />
        </nav>

        <div className="site-header__end">
          <ProfilePopup showDtAccess />
          <div className="mobile-only">
            <AccountMobileMenu>
              {categories.map(({ category, label }) => (
                <MobileMenuSection key={category} title={label}>
                  <ReportLinks
                    reports={reports}
                    category={category}
                    linkClassName="mobile-menu__link"
                    loading={loading}
                  />
                </MobileMenuSection>
              ))}
              {admin ? (
                <MobileMenuSection title={t('nav.admin')}>
                  <AdminLinks
                    items={adminItems}
                    linkClassName="mobile-menu__link"
                    homeLabel={t('nav.adminConfiguration')}
                  />
                  <AddSalespersonInfo className="mobile-menu__link mobile-menu__link--button" />
                </MobileMenuSection>
              ) : null}
            </AccountMobileMenu>
          </div>
        </div>
      </div>
    </header>
  );
}

/** The admin page (under `homeLabel`) and the market's admin tools, as links of the header's menus. */
function AdminLinks({
  items,
  linkClassName,
  homeLabel,
}: {
  items: ReturnType<typeof useAdminMenu>['items'];
  linkClassName: string;
  homeLabel: string;
}) {
  const t = useT();
  return (
    <ul className="menu-list">
      <li>
        <NavLink className={linkClassName} to={ROUTES.adminConfiguration} end>
          {homeLabel}
        </NavLink>
      </li>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink className={linkClassName} to={item.to} end>
            {t(item.labelKey)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
