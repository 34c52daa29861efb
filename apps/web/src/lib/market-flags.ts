/**
 * The selected market's feature flags as the server holds them (GET config/flags: `countries.flags`, edited on
 * /adminconfigurationpage). Every screen reads flags here, never the contracts' static `countryFlags`, so a
 * change shows at once: the query is keyed by market (a new market fetches its own), the admin page
 * invalidates it after a save, and it refetches when the window regains focus.
 */
import {
  countryFlags,
  MARKET_FLAGS_API,
  type CountryCode,
  type CountryFlags,
  type MarketFlags,
} from '@fieldforce/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { knownMarketFlags, rememberMarketFlags } from './market-flags-snapshot';
import { useClientStore } from './store';

export { knownMarketFlags } from './market-flags-snapshot';

export const marketFlagsKey = (country: CountryCode) => ['marketFlags', country];

export async function getMarketFlags(country: CountryCode, signal?: AbortSignal): Promise<CountryFlags> {
  const answer = await apiRequest<MarketFlags>(MARKET_FLAGS_API.replace(/^\/api\//, ''), {
    countryCode: country,
    countryInQuery: true,
    signal,
  });
  const flags: CountryFlags = { ...countryFlags(country), ...answer.flags, countryCode: country };
  rememberMarketFlags(flags);
  return flags;
}

export interface MarketFlagsState {
  /** The server's flags; until they come, the last known ones (or the defaults). */
  flags: CountryFlags;
  /** True once the server answered for this market (a redirect decided on a flag waits for it). */
  ready: boolean;
}

/** The market's flags (the selected market when none is given). Signed-out callers get the defaults. */
export function useMarketFlags(country?: CountryCode): MarketFlagsState {
  const selected = useClientStore((s) => s.selectedCountryCode);
  const signedIn = useClientStore((s) => s.userDetails !== null);
  const market = country ?? selected;
  const query = useQuery({
    queryKey: marketFlagsKey(market),
    queryFn: ({ signal }) => getMarketFlags(market, signal),
    enabled: signedIn,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
  return {
    flags: query.data ?? knownMarketFlags(market),
    ready: query.data !== undefined || (!signedIn && !query.isFetching),
  };
}

/** After a change of the market's configuration: refetch its flags (and whatever reads them). */
export function refreshMarketFlags(client: QueryClient, country: CountryCode): Promise<void> {
  return client.invalidateQueries({ queryKey: marketFlagsKey(country) });
}
