/**
 * The user access bulk upload's calls (spec section 7: POST fb/users, POST fb/users?userType=salesman,
 * multipart `file` and `updatedBy`, headers customerToken and countryCode), the template, the error
 * sheet, and Add Salesman BG Mapping.
 */
import {
  filePath,
  type CountryCode,
  type SalesmanBgMapping,
  type SalesmanBgMappingRequest,
  type UploadUserType,
  type UserUploadPreview,
} from '@fieldforce/contracts';
import { apiDownload, apiRequest, type DownloadResult } from '../../../lib/api-client';

function form(file: File, updatedBy: string): FormData {
  const body = new FormData();
  body.append('updatedBy', updatedBy);
  body.append('file', file, file.name);
  return body;
}

const typeQuery = (userType: UploadUserType) => (userType === 'salesman' ? { userType } : {});

/** POST fb/users?preview=true: what the upload would do, nothing changed (counts, first errors, error sheet). */
export function previewUserUpload(options: {
  file: File;
  country: CountryCode;
  userType: UploadUserType;
  updatedBy: string;
  signal?: AbortSignal;
}): Promise<UserUploadPreview> {
  return apiRequest('fb/users', {
    method: 'POST',
    countryCode: options.country,
    query: { ...typeQuery(options.userType), preview: 'true' },
    body: form(options.file, options.updatedBy),
    signal: options.signal,
  });
}

/** POST fb/users: validate and apply (all or nothing); answers 'success'. */
export function uploadUsers(options: {
  file: File;
  country: CountryCode;
  userType: UploadUserType;
  updatedBy: string;
}): Promise<'success'> {
  return apiRequest('fb/users', {
    method: 'POST',
    countryCode: options.country,
    query: typeQuery(options.userType),
    body: form(options.file, options.updatedBy),
  });
}

/** GET fb/users/template: the .xlsx template (columns, one example row, a Notes sheet). */
export function downloadUserTemplate(
  country: CountryCode,
  userType: UploadUserType,
): Promise<DownloadResult> {
  return apiDownload('fb/users/template', { countryCode: country, query: typeQuery(userType) });
}

/** The error sheet of a previewed file (file/download/{id}, exp/ without a BTP endpoint). */
export function downloadErrorSheet(
  id: string,
  country: CountryCode,
  btpEndpoint: boolean,
): Promise<DownloadResult> {
  return apiDownload(filePath(`download/${encodeURIComponent(id)}`, btpEndpoint), {
    countryCode: country,
    countryInQuery: true,
  });
}

export function readSalesmanBgMapping(country: CountryCode, smCode: string): Promise<SalesmanBgMapping> {
  return apiRequest('admin/salesman-bg-mapping', { countryCode: country, query: { smCode } });
}

export function saveSalesmanBgMapping(
  country: CountryCode,
  body: SalesmanBgMappingRequest,
): Promise<SalesmanBgMapping> {
  return apiRequest('admin/salesman-bg-mapping', { method: 'PUT', countryCode: country, body });
}
