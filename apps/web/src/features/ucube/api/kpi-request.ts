import { queryOptions } from '@tanstack/react-query';
import type { CountryCode, KpiAnswer, KpiView } from '@fieldforce/contracts';
import { apiRequest } from '../../../lib/api-client';
import type { KpiRequestParams } from '../url-state';

/** The path of each view's call (docs/decisions.md, UCube). */
export const KPI_PATHS: Record<KpiView, string> = {
  performance: 'ucube/individual-performance-kpis',
  distributor: 'ucube/individual-distributor-kpis',
  disciplinary: 'ucube/individual-disciplinary-kpis',
};

export function getKpis(
  view: KpiView,
  countryCode: CountryCode,
  params: KpiRequestParams,
  signal?: AbortSignal,
): Promise<KpiAnswer> {
  return apiRequest(KPI_PATHS[view], { countryCode, countryInQuery: true, query: { ...params }, signal });
}

/** One cache entry per view, market and request; a minute fresh (the data load runs daily). */
export const kpiQuery = (view: KpiView, countryCode: CountryCode, params: KpiRequestParams) =>
  queryOptions({
    queryKey: ['ucube', view, countryCode, params],
    queryFn: ({ signal }) => getKpis(view, countryCode, params, signal),
    staleTime: 60_000,
  });
