import type { CountryFlagName } from '@fieldforce/contracts';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { PageLayout } from '../../../components/page-layout';
import { useT, type MessageKey } from '../../../lib/i18n';
import { ROUTES } from '../../../lib/routes';
import { useClientStore } from '../../../lib/store';
import { RequireMarketFlag } from './require-market-flag';

/** The screens with a `page.<screen>.title` and `page.<screen>.lead` text. */
export type AdminScreenKey = {
  [K in MessageKey]: K extends `page.${infer S}.title`
    ? `page.${S}.lead` extends MessageKey
      ? S
      : never
    : never;
}[MessageKey];

/**
 * One admin tool's screen: the page frame (eyebrow 'Administration', a link back to the admin page that
 * lists every tool; the screen's title and lead), the tool's view
 * started afresh for each market (its filters and pending changes belong to the market they were made
 * in), and, with `flag`, only where the market has that flag on (RequireMarketFlag).
 */
export function AdminToolScreen({
  screen,
  flag,
  View,
}: {
  screen: AdminScreenKey;
  flag?: CountryFlagName;
  View: ComponentType;
}) {
  const t = useT();
  const country = useClientStore((s) => s.selectedCountryCode);
  const page = (
    <PageLayout
      eyebrow={
        <Link className="page__eyebrow-link" to={ROUTES.adminConfiguration}>
          <span aria-hidden="true">←</span>
          {t('nav.admin')}
        </Link>
      }
      title={t(`page.${screen}.title`)}
      lead={t(`page.${screen}.lead`)}
    >
      <View key={country} />
    </PageLayout>
  );
  return flag ? <RequireMarketFlag flag={flag}>{page}</RequireMarketFlag> : page;
}
