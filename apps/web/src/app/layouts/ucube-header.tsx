import { Link, NavLink, useLocation } from 'react-router';
import { Brand } from '../../components/brand';
import { ArrowLeftIcon } from '../../components/icons';
import { useT } from '../../lib/i18n';
import { useClientStore } from '../../lib/store';
import { ROUTES, type NavItem } from '../../lib/routes';
import { AccountMobileMenu, MobileMenuSection } from './mobile-menu';
import { ProfilePopup } from './profile-popup';
import { UtilityBar } from './utility-bar';
import { useStickyHeaderHeight } from './use-sticky-header-height';

/** The UCube header's links, each behind its access rule (spec section 6). */
function useUcubeLinks(): NavItem[] {
  const ucube = useClientStore((s) => s.ucubeAccess);
  const reports = useClientStore((s) => s.opsReportAccess);
  const admin = useClientStore((s) => s.adminAccess);
  const links: NavItem[] = [];
  if (ucube) links.push({ labelKey: 'nav.ucube', to: ROUTES.homepage });
  if (reports) links.push({ labelKey: 'nav.reportsHome', to: ROUTES.operationalReportsLanding });
  if (admin) links.push({ labelKey: 'nav.userManagement', to: ROUTES.userAccess });
  return links;
}

export function UcubeHeader() {
  const t = useT();
  const header = useStickyHeaderHeight();
  const { pathname } = useLocation();
  const links = useUcubeLinks();
  const onLanding = pathname === ROUTES.landing;

  return (
    <header ref={header} className="site-header site-header--ucube">
      <UtilityBar />
      <div className="site-header__bar">
        <div className="site-header__start">
          {onLanding ? null : (
            <Link className="icon-button" to={ROUTES.landing}>
              <ArrowLeftIcon />
              <span className="visually-hidden">{t('header.backToLanding')}</span>
            </Link>
          )}
          <Link className="site-header__brand" to={ROUTES.landing} aria-label={t('header.homeLink')}>
            <Brand />
          </Link>
        </div>

        {links.length > 0 ? (
          <nav className="site-header__nav desktop-only" aria-label={t('header.mainNav')}>
            {links.map((link) => (
              <NavLink key={link.to} className="nav-link" to={link.to} end>
                {t(link.labelKey)}
              </NavLink>
            ))}
          </nav>
        ) : null}

        <div className="site-header__end">
          <ProfilePopup />
          <div className="mobile-only">
            <AccountMobileMenu>
              {links.length > 0 ? (
                <MobileMenuSection title={t('header.mainNav')}>
                  <ul className="menu-list">
                    {links.map((link) => (
                      <li key={link.to}>
                        <NavLink className="mobile-menu__link" to={link.to} end>
                          {t(link.labelKey)}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </MobileMenuSection>
              ) : null}
            </AccountMobileMenu>
          </div>
        </div>
      </div>
    </header>
  );
}
