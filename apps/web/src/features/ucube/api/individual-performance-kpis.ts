import { useQuery } from '@tanstack/react-query';
import type { CountryCode } from '@fieldforce/contracts';
import type { KpiRequestParams } from '../url-state';
import { kpiQuery } from './kpi-request';

/** GET ucube/individual-performance-kpis: the Team View answer. */
export function usePerformanceKpis(countryCode: CountryCode, params: KpiRequestParams, enabled = true) {
  return useQuery({ ...kpiQuery('performance', countryCode, params), enabled });
}
