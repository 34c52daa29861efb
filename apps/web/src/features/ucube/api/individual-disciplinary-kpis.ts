import { useQuery } from '@tanstack/react-query';
import type { CountryCode } from '@fieldforce/contracts';
import type { KpiRequestParams } from '../url-state';
import { kpiQuery } from './kpi-request';

/** GET ucube/individual-disciplinary-kpis: the KPI View answer. */
export function useDisciplinaryKpis(countryCode: CountryCode, params: KpiRequestParams, enabled = true) {
  return useQuery({ ...kpiQuery('disciplinary', countryCode, params), enabled });
}
