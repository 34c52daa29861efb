import {
  filePath,
  IMPORT_MESSAGES,
  type CountryCode,
  type ImportJob,
  type ImportKind,
  type ImportMessageCode,
} from '@fieldforce/contracts';
import {
  apiDownload,
  apiRequest,
  buildHeaders,
  buildUrl,
  isApiError,
  marketHeaders,
  type DownloadResult,
} from '../../lib/api-client';

interface UploadAnswer {
  'response-data'?: ImportJob | null;
  errors?: { code?: string; shortDescription?: string } | null;
}

/** A refused or failed upload, by the message code the dialog translates. */
export class UploadError extends Error {
  constructor(
    readonly code: ImportMessageCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
  }
}

/** The server's refusal as an import message code: by code, else by its English text, else generic. */
export function importCodeOf(code: string | undefined, text: string | undefined): ImportMessageCode {
  if (code && code in IMPORT_MESSAGES) return code as ImportMessageCode;
  const byText = (Object.keys(IMPORT_MESSAGES) as ImportMessageCode[]).find(
    (key) => IMPORT_MESSAGES[key] === text?.trim(),
  );
  return byText ?? 'GENERIC';
}

/**
 * POST file/upload (exp/file/upload without a BTP endpoint) as multipart (kind, then file) through
 * XMLHttpRequest, so the bytes sent can be shown; answers the import job.
 */
export async function uploadImportFile(options: {
  kind: ImportKind;
  file: File;
  country: CountryCode;
  btpEndpoint: boolean;
  onProgress(sent: number, total: number): void;
  signal?: AbortSignal;
}): Promise<ImportJob> {
  const path = filePath('upload', options.btpEndpoint);
  const headers = await buildHeaders(path, { countryCode: options.country, method: 'POST' });
  const url = buildUrl(path, { countryCode: marketHeaders(options.country).countryCode, kind: options.kind });
  const form = new FormData();
  form.append('kind', options.kind);
  form.append('file', options.file, options.file.name);
  return new Promise<ImportJob>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) {
      if (name.toLowerCase() !== 'content-type') xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) =>
      options.onProgress(event.loaded, event.lengthComputable ? event.total : options.file.size);
    xhr.onerror = () => reject(new UploadError('CONNECTIVITY_ERROR'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      let body: UploadAnswer | null = null;
      try {
        body = JSON.parse(xhr.responseText) as UploadAnswer;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.['response-data']) {
        resolve(body['response-data']);
        return;
      }
      if (xhr.status >= 500 && !body?.errors) {
        reject(new UploadError('TECHNICAL_ERROR'));
        return;
      }
      reject(new UploadError(importCodeOf(body?.errors?.code, body?.errors?.shortDescription)));
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/** GET file/checkstatus?jobId=…: the job's state, progress and preview. */
export function checkImportStatus(
  jobId: string,
  country: CountryCode,
  btpEndpoint: boolean,
  signal?: AbortSignal,
): Promise<ImportJob> {
  return apiRequest(filePath('checkstatus', btpEndpoint), {
    countryCode: country,
    countryInQuery: true,
    query: { jobId },
    signal,
  });
}

/** POST file/apply?jobId=…: apply a previewed file without errors. */
export function applyImport(jobId: string, country: CountryCode, btpEndpoint: boolean): Promise<ImportJob> {
  return apiRequest(filePath('apply', btpEndpoint), {
    method: 'POST',
    countryCode: country,
    countryInQuery: true,
    query: { jobId },
    body: { jobId },
  });
}

/** GET file/download/{id}: a stored file (the original, or the error file). */
export function downloadStoredFile(
  id: string,
  country: CountryCode,
  btpEndpoint: boolean,
): Promise<DownloadResult> {
  return apiDownload(filePath(`download/${encodeURIComponent(id)}`, btpEndpoint), {
    countryCode: country,
    countryInQuery: true,
  });
}

/** A refusal from checkstatus/apply, as an import code. */
export function importCodeOfError(error: unknown): ImportMessageCode {
  if (error instanceof UploadError) return error.code;
  if (isApiError(error)) {
    if (error.status === 0) return 'CONNECTIVITY_ERROR';
    return importCodeOf(error.code, error.shortDescription);
  }
  return 'GENERIC';
}
