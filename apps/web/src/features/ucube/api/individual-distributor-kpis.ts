import { useQuery } from '@tanstack/react-query';
import type { CountryCode } from '@fieldforce/contracts';
import type { KpiRequestParams } from '../url-state';
import { kpiQuery } from './kpi-request';

/** GET ucube/individual-distributor-kpis: the DT View answer. */
export function useDistributorKpis(countryCode: CountryCode, params: KpiRequestParams, enabled = true) {
  return useQuery({ ...kpiQuery('distributor', countryCode, params), enabled });
}
