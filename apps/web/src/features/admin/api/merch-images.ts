import { useQuery } from '@tanstack/react-query';
import {
  MERCH_ZIP_EXTENSIONS,
  MERCH_ZIP_MAX_BYTES,
  type CountryCode,
  type MerchImageList,
  type MerchImageReport,
} from '@fieldforce/contracts';
import { apiRequest, buildUrl, marketHeaders } from '../../../lib/api-client';

/** The server's paths without the /api prefix (the api client adds it). */
const BASE = 'admin/merchImages';

export const MERCH_IMAGE_UPLOAD = {
  kind: 'merchImages',
  extensions: MERCH_ZIP_EXTENSIONS,
  maxBytes: MERCH_ZIP_MAX_BYTES,
  messages: { wrongExtension: 'MERCH_ZIP_ONLY', tooLarge: 'MERCH_ZIP_TOO_LARGE' },
} as const;

export const merchImageKeys = {
  all: (country: CountryCode) => ['admin', 'merchImages', country] as const,
  list: (country: CountryCode, setId?: string, displayIds?: readonly string[]) =>
    ['admin', 'merchImages', country, 'list', setId ?? null, displayIds?.join(',') ?? null] as const,
  report: (country: CountryCode, jobId: string, setId?: string) =>
    ['admin', 'merchImages', country, 'report', jobId, setId ?? null] as const,
};

/** GET admin/merchImages: the current image of each display of a set, or of the Display IDs given. */
export const getMerchImages = (
  country: CountryCode,
  filter: { setId?: string; displayIds?: readonly string[] },
  signal?: AbortSignal,
) =>
  apiRequest<MerchImageList>(BASE, {
    countryCode: country,
    countryInQuery: true,
    signal,
    query: { setId: filter.setId, displayIds: filter.displayIds?.join(',') },
  });

export const useMerchImages = (
  country: CountryCode,
  filter: { setId?: string; displayIds?: readonly string[] },
) =>
  useQuery({
    queryKey: merchImageKeys.list(country, filter.setId, filter.displayIds),
    queryFn: ({ signal }) => getMerchImages(country, filter, signal),
  });

/** GET admin/merchImages/uploads/{jobId}: the upload's state and match report. */
export const getMerchImageReport = (
  country: CountryCode,
  jobId: string,
  setId?: string,
  signal?: AbortSignal,
) =>
  apiRequest<MerchImageReport>(`${BASE}/uploads/${encodeURIComponent(jobId)}`, {
    countryCode: country,
    countryInQuery: true,
    signal,
    query: { setId },
  });

export const useMerchImageReport = (country: CountryCode, jobId: string, setId?: string) =>
  useQuery({
    queryKey: merchImageKeys.report(country, jobId, setId),
    queryFn: ({ signal }) => getMerchImageReport(country, jobId, setId, signal),
  });

/**
 * The URL of an image or thumbnail for <img src>: the id token travels in its cookie, the market in
 * the query (the answers are cached privately: an id's bytes never change).
 */
export const merchImageUrl = (country: CountryCode, apiPath: string) =>
  buildUrl(apiPath.replace(/^\/api\//, ''), { countryCode: marketHeaders(country).countryCode });
