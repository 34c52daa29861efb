import type { CountryFlagName } from '@fieldforce/contracts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadingStatus } from '../../../components/loading-status';
import { useT } from '../../../lib/i18n';
import { useMarketFlags } from '../../../lib/market-flags';
import { ROUTES } from '../../../lib/routes';

/**
 * Renders the tool only where the market's flag is on, as the server holds it (admin configuration); a
 * market with the flag off is sent to /adminconfigurationpage (spec section 2's landing rule for
 * OfflineApp). Waits for the server's answer rather than deciding on the defaults.
 */
export function RequireMarketFlag({ flag, children }: { flag: CountryFlagName; children: ReactNode }) {
  const t = useT();
  const { flags, ready } = useMarketFlags();
  if (!ready) return <LoadingStatus label={t('common.loading')} />;
  if (!flags[flag]) return <Navigate to={ROUTES.adminConfiguration} replace />;
  return children;
}
