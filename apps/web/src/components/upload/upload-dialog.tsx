import {
  type CountryCode,
  type ImportJob,
  type ImportKind,
  type ImportMessageCode,
} from '@fieldforce/contracts';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Dialog } from '../dialog';
import { formatBytes } from '../download-progress';
import { saveBlob } from '../data-table/save-file';
import { useT } from '../../lib/i18n';
import { useMarketFlags } from '../../lib/market-flags';
import {
  applyImport,
  checkImportStatus,
  downloadStoredFile,
  importCodeOfError,
  uploadImportFile,
} from './api';
import { importText } from './import-text';
import type { PrecheckRules } from './precheck';
import { runPrecheck } from './run-precheck';
import './upload.css';

export const POLL_MS = 1_000;

type Phase =
  | { step: 'select' }
  | { step: 'checking' }
  | { step: 'uploading'; sent: number; total: number }
  | { step: 'processing'; job: ImportJob }
  | { step: 'preview'; job: ImportJob }
  | { step: 'applying'; job: ImportJob }
  | { step: 'result'; job: ImportJob };

export interface UploadDialogProps {
  kind: ImportKind;
  title: string;
  country: CountryCode;
  /**
   * The template's header row (the template download is this row as a CSV). Empty for a file that is
   * not rows (a zip of images): no template button, no header pre-check.
   */
  templateHeaders: readonly string[];
  templateName: string;
  maxBytes: number;
  extensions?: readonly string[];
  noSpacesInName?: boolean;
  /** The tool's own messages for a wrong extension and an over-size file (as its server definition). */
  messages?: PrecheckRules['messages'];
  /**
   * More about a job the server finished or refused (a match report), shown under the result or the
   * refusal; a whole-file import (no preview) goes from processing straight to the result.
   */
  renderDetails?(job: ImportJob): ReactNode;
  /** The server's progress in the tool's words (default: rows checked). */
  progressText?(progress: ImportJob['progress']): string;
  onClose(): void;
  /** After a successful apply (refresh the list, toast). */
  onApplied?(job: ImportJob): void;
  /** Usage hooks: the file sent, the error file downloaded, the file applied. */
  onEvent?(event: 'upload' | 'downloadErrors' | 'apply'): void;
}

/**
 * The bulk upload of one tool: template download, drag or browse with the limits shown, the
 * pre-check in a Web Worker (extension, name, size, header row), the upload with its progress, the
 * server's checking with its progress (file/checkstatus), the preview (create / update / unchanged,
 * the first errors), Confirm (file/apply), the result, and the error file's download.
 */
export function UploadDialog({
  kind,
  title,
  country,
  templateHeaders,
  templateName,
  maxBytes,
  extensions = ['.csv'],
  noSpacesInName = true,
  messages,
  renderDetails,
  progressText,
  onClose,
  onApplied,
  onEvent,
}: UploadDialogProps) {
  const t = useT();
  const btp = useMarketFlags(country).flags.BTPEndpoint;
  const [phase, setPhase] = useState<Phase>({ step: 'select' });
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<{
    code: ImportMessageCode | string;
    params?: Record<string, string | number>;
    text?: string;
  } | null>(null);
  const [dragging, setDragging] = useState(false);
  /** The refused or failed job whose details go under the message. */
  const [failedJob, setFailedJob] = useState<ImportJob | null>(null);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const rules: PrecheckRules = { extensions, maxBytes, noSpacesInName, headers: templateHeaders, messages };
  const limitMb = Math.round(maxBytes / 1048576);

  useEffect(() => () => abort.current?.abort(), []);

  const fail = useCallback(
    (code: string, params?: Record<string, string | number>, text?: string, job?: ImportJob) => {
      setFailure({ code, params, text });
      setFailedJob(job ?? null);
      setPhase({ step: 'select' });
    },
    [],
  );

  const choose = async (chosen: File | null | undefined) => {
    setFailure(null);
    setFailedJob(null);
    setFile(null);
    if (!chosen) return;
    setPhase({ step: 'checking' });
    const checked = await runPrecheck(chosen, rules);
    if (!checked.ok) {
      if (input.current) input.current.value = '';
      fail(checked.code, checked.params);
      return;
    }
    setFile(chosen);
    setPhase({ step: 'select' });
  };

  const upload = async () => {
    if (!file) return;
    setFailure(null);
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ step: 'uploading', sent: 0, total: file.size });
    try {
      const job = await uploadImportFile({
        kind,
        file,
        country,
        btpEndpoint: btp,
        signal: controller.signal,
        onProgress: (sent, total) => setPhase({ step: 'uploading', sent, total }),
      });
      onEvent?.('upload');
      setPhase({ step: 'processing', job });
    } catch (error) {
      if (controller.signal.aborted) return;
      fail(importCodeOfError(error));
    }
  };

  // Poll file/checkstatus while the server checks or applies the file.
  const polling = phase.step === 'processing' || phase.step === 'applying' ? phase : null;
  useEffect(() => {
    if (!polling) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const settle = (job: ImportJob) => {
      if (job.state === 'applied') {
        setPhase({ step: 'result', job });
        onApplied?.(job);
      } else if (job.state === 'validated' || (job.state === 'rejected' && job.preview)) {
        setPhase({ step: 'preview', job });
      } else if (job.state === 'rejected' || job.state === 'failed') {
        fail(job.message?.code ?? 'TECHNICAL_ERROR', job.message?.params, job.message?.message, job);
      } else {
        setPhase({ step: polling.step, job } as Phase);
        timer = setTimeout(tick, POLL_MS);
      }
    };
    const tick = () => {
      checkImportStatus(polling.job.jobId, country, btp, controller.signal).then(settle, (error: unknown) => {
        if (!controller.signal.aborted) fail(importCodeOfError(error));
      });
    };
    if (['validated', 'applied', 'rejected', 'failed'].includes(polling.job.state)) settle(polling.job);
    else timer = setTimeout(tick, POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
    // Restart only when the step or job changes, not on every progress answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [polling?.step, polling?.job.jobId]);

  const apply = async (job: ImportJob) => {
    setPhase({ step: 'applying', job });
    try {
      const next = await applyImport(job.jobId, country, btp);
      onEvent?.('apply');
      setPhase({ step: 'applying', job: next });
    } catch (error) {
      setFailure({ code: importCodeOfError(error) });
      setPhase({ step: 'preview', job });
    }
  };

  const downloadErrors = async (job: ImportJob) => {
    if (!job.errorFileId) return;
    try {
      const result = await downloadStoredFile(job.errorFileId, country, btp);
      saveBlob(result.blob, result.fileName ?? `errors_${job.storedName}`);
      onEvent?.('downloadErrors');
    } catch (error) {
      setFailure({ code: importCodeOfError(error) });
    }
  };

  const downloadTemplate = () => {
    saveBlob(
      new Blob([`${templateHeaders.join(',')}\r\n`], { type: 'text/csv;charset=utf-8' }),
      templateName,
    );
  };

  const reset = () => {
    setFile(null);
    setFailure(null);
    setFailedJob(null);
    if (input.current) input.current.value = '';
    setPhase({ step: 'select' });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  };

  const busy =
    phase.step === 'checking' ||
    phase.step === 'uploading' ||
    phase.step === 'processing' ||
    phase.step === 'applying';

  return (
    <Dialog title={title} onClose={busy ? undefined : onClose} className="upload-dialog">
      {phase.step === 'select' || phase.step === 'checking' ? (
        <div className="upload">
          {templateHeaders.length > 0 ? (
            <button
              type="button"
              className="button button--ghost button--small upload__template"
              onClick={downloadTemplate}
            >
              {t('upload.template')}
            </button>
          ) : null}
          <div
            className={dragging ? 'upload__drop upload__drop--over' : 'upload__drop'}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <span>{t('upload.drop')}</span>{' '}
            <label htmlFor={inputId} className="button button--ghost button--small upload__browse">
              {t('upload.browse')}
            </label>
            <input
              ref={input}
              id={inputId}
              type="file"
              className="visually-hidden"
              accept={extensions.join(',')}
              onChange={(event) => void choose(event.target.files?.[0])}
            />
            <p className="upload__limits">
              {t(noSpacesInName ? 'upload.limits' : 'upload.limitsAnyName', {
                formats: extensions.join(', '),
                limit: limitMb,
              })}
            </p>
          </div>
          {phase.step === 'checking' ? <p role="status">{t('upload.checking')}</p> : null}
          {file ? (
            <p className="upload__chosen" role="status">
              {t('upload.chosen', { name: file.name, size: formatBytes(file.size) })}
            </p>
          ) : null}
          {failure ? (
            <p className="upload__error" role="alert">
              {failure.code === 'FILE_TOO_LARGE_DETAIL' ? (
                <>
                  <strong>{t('import.FILE_TOO_LARGE')}</strong> {importText(t, failure.code, failure.params)}
                </>
              ) : (
                importText(t, failure.code, failure.params, failure.text)
              )}
            </p>
          ) : null}
          {failure && failedJob && renderDetails ? renderDetails(failedJob) : null}
          <div className="dialog__actions upload__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={!file}
              onClick={() => void upload()}
            >
              {t('upload.start')}
            </button>
            <button type="button" className="button button--ghost" onClick={onClose}>
              {t('upload.cancel')}
            </button>
          </div>
        </div>
      ) : null}

      {phase.step === 'uploading' ? (
        <div className="upload" aria-live="polite">
          <p>{t('upload.uploading', { name: file?.name ?? '' })}</p>
          <progress
            className="upload__bar"
            max={phase.total || 1}
            value={phase.sent}
            aria-label={t('upload.uploading', { name: file?.name ?? '' })}
          />
          <p className="upload__limits">
            {formatBytes(phase.sent)} / {formatBytes(phase.total)}
          </p>
          <div className="dialog__actions upload__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                abort.current?.abort();
                reset();
              }}
            >
              {t('upload.cancel')}
            </button>
          </div>
        </div>
      ) : null}

      {phase.step === 'processing' || phase.step === 'applying' ? (
        <div className="upload" aria-live="polite">
          {phase.step === 'applying' ? (
            <p>{t('upload.applying')}</p>
          ) : progressText ? (
            <p>{progressText(phase.job.progress)}</p>
          ) : (
            <p>
              {phase.job.progress.total != null
                ? t('upload.validating', { done: phase.job.progress.done, total: phase.job.progress.total })
                : t('upload.validatingUnknown', { done: phase.job.progress.done })}
            </p>
          )}
          {phase.job.progress.total ? (
            <progress
              className="upload__bar"
              max={phase.job.progress.total}
              value={phase.job.progress.done}
            />
          ) : (
            <progress className="upload__bar" />
          )}
        </div>
      ) : null}

      {phase.step === 'preview' ? (
        <Preview
          job={phase.job}
          failure={failure ? importText(t, failure.code, failure.params) : null}
          onApply={() => void apply(phase.job)}
          onDownloadErrors={() => void downloadErrors(phase.job)}
          onAgain={reset}
        />
      ) : null}

      {phase.step === 'result' ? (
        <div className="upload">
          <p className="upload__success" role="status">
            {t('upload.result', {
              created: phase.job.result?.created ?? 0,
              updated: phase.job.result?.updated ?? 0,
              unchanged: phase.job.result?.unchanged ?? 0,
            })}
          </p>
          {renderDetails ? renderDetails(phase.job) : null}
          <div className="dialog__actions upload__actions">
            <button type="button" className="button button--primary" onClick={onClose}>
              {t('upload.done')}
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

/** The preview of a checked file: its counts, the first errors (and how many in all), and what may follow. */
export function Preview({
  job,
  failure,
  onApply,
  onDownloadErrors,
  onAgain,
}: {
  job: ImportJob;
  failure: string | null;
  onApply(): void;
  onDownloadErrors(): void;
  onAgain(): void;
}) {
  const t = useT();
  const preview = job.preview;
  const hasErrors = (preview?.errorCount ?? 0) > 0;
  return (
    <div className="upload">
      <h3 className="upload__heading">{t('upload.preview')}</h3>
      <p className="upload__chosen">{job.originalName}</p>
      {preview ? (
        <dl className="upload__counts">
          <div>
            <dt>{t('upload.previewRows')}</dt>
            <dd>{preview.rows}</dd>
          </div>
          <div>
            <dt>{t('upload.previewCreate')}</dt>
            <dd>{preview.create}</dd>
          </div>
          <div>
            <dt>{t('upload.previewUpdate')}</dt>
            <dd>{preview.update}</dd>
          </div>
          <div>
            <dt>{t('upload.previewUnchanged')}</dt>
            <dd>{preview.unchanged}</dd>
          </div>
          <div className={hasErrors ? 'upload__count--error' : undefined}>
            <dt>{t('upload.previewErrors')}</dt>
            <dd>{preview.errorRows ?? preview.errorCount}</dd>
          </div>
        </dl>
      ) : null}
      {hasErrors && preview ? (
        <>
          <p className="upload__error" role="alert">
            {t('import.HAS_ERRORS')}
          </p>
          <p className="upload__errors-note">
            {preview.errorCount > preview.errors.length
              ? t('upload.errorsShownOf', { shown: preview.errors.length, count: preview.errorCount })
              : t('upload.errorsShownAll', { count: preview.errorCount })}
          </p>
          <div className="upload__errors" role="region" aria-label={t('upload.firstErrors')} tabIndex={0}>
            <table>
              <caption>{t('upload.firstErrors')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('upload.errorRow')}</th>
                  <th scope="col">{t('upload.errorHeader')}</th>
                  <th scope="col">{t('upload.errorMessage')}</th>
                </tr>
              </thead>
              <tbody>
                {preview.errors.map((error, i) => (
                  <tr key={`${error.row}-${error.header ?? ''}-${i}`}>
                    <td>{error.row}</td>
                    <td>{error.header ?? '—'}</td>
                    <td>{importText(t, error.code, { row: error.row, ...error.params }, error.message)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {failure ? (
        <p className="upload__error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="dialog__actions upload__actions">
        {hasErrors ? (
          <>
            {job.can.downloadErrors && job.errorFileId ? (
              <button type="button" className="button button--primary" onClick={onDownloadErrors}>
                {t('upload.downloadErrors')}
              </button>
            ) : null}
            <button type="button" className="button button--ghost" onClick={onAgain}>
              {t('upload.again')}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="button button--primary"
              disabled={!job.can.apply}
              onClick={onApply}
            >
              {t('upload.confirm')}
            </button>
            <button type="button" className="button button--ghost" onClick={onAgain}>
              {t('upload.again')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
