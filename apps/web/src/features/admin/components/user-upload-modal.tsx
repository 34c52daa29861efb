/**
 * The user access bulk upload modal (spec sections 2, 4, 5, 8 and 9): a title, Download Template (the
 * server's .xlsx: columns, one example row, a Notes sheet), a drag-or-browse area with the shown limit
 * (25MB, not enforced here) and formats (xlsx, xml), Cancel and Upload, a loading overlay while the
 * file is sent, an error panel, and a layout for windows of 480 px or less (user-upload-modal.css).
 *
 * States (spec section 4): nothing selected → a file chosen shows 'Uploading' for 2 s, then 'Uploaded'
 * and its name, with Upload enabled → Upload pressed: the loading overlay → success (the modal closes,
 * the list refreshes, the 5 s toast 'User access data is successfully updated', top right) or the error
 * panel. A bad file (not .xlsx / .xml) resets the selection with the spec's message; choosing a file of
 * the same name again says 'File "{name}" already exists.'; Upload with nothing chosen says 'Please
 * select a file before uploading.' for 1 s. Beyond the spec, while 'Uploading' shows, the server checks
 * the rows (POST fb/users?preview=true, nothing changed) and the counts and any row errors (with the
 * error sheet) show under the file.
 */
import {
  IMPORT_MESSAGES,
  USER_UPLOAD_EXTENSIONS,
  USER_UPLOAD_NO_FILE_MS,
  USER_UPLOAD_PROGRESS_MS,
  type CountryCode,
  type ImportMessageCode,
  type UploadUserType,
  type UserUploadPreview,
} from '@fieldforce/contracts';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Dialog } from '../../../components/dialog';
import { saveBlob } from '../../../components/data-table/save-file';
import { Toast } from '../../../components/toast';
import { importCodeOf } from '../../../components/upload/api';
import { importText } from '../../../components/upload/import-text';
import { useMediaQuery } from '../../../components/use-media-query';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useMarketFlags } from '../../../lib/market-flags';
import { useClientStore } from '../../../lib/store';
import { track } from '../../../lib/usage';
import { downloadErrorSheet, downloadUserTemplate, previewUserUpload, uploadUsers } from '../api/user-upload';
import './user-upload-modal.css';

/** Row errors listed in the modal (the error sheet has all of them). */
const LISTED_ERRORS = 5;

type Phase = 'empty' | 'uploading' | 'uploaded' | 'submitting';

interface Problem {
  code: ImportMessageCode | string;
  params?: Record<string, string | number>;
  text?: string;
}

/** Whether the name ends in .xlsx or .xml (spec section 5), in any case. */
export function acceptedName(name: string): boolean {
  const lower = name.toLowerCase();
  return USER_UPLOAD_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

const kindOf = (userType: UploadUserType) => (userType === 'salesman' ? 'salesmen' : 'users');

export interface UserUploadModalProps {
  country: CountryCode;
  onClose(): void;
  /** After a successful upload: the page closes the modal, refreshes its list and shows the toast. */
  onUploaded(userType: UploadUserType): void;
}

export function UserUploadModal({ country, onClose, onUploaded }: UserUploadModalProps) {
  const t = useT();
  const btp = useMarketFlags(country).flags.BTPEndpoint;
  const email = useClientStore((s) => s.userDetails?.email ?? '');
  const [userType, setUserType] = useState<UploadUserType>('user');
  const [phase, setPhase] = useState<Phase>('empty');
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<Problem | null>(null);
  const [failure, setFailure] = useState<Problem | null>(null);
  const [preview, setPreview] = useState<UserUploadPreview | null>(null);
  const [dragging, setDragging] = useState(false);
  const touch = useMediaQuery('(pointer: coarse)');
  const inputId = useId();
  const kindName = useId();
  const input = useRef<HTMLInputElement>(null);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  const previewAbort = useRef<AbortController | null>(null);
  /** The current choice: a 2 s timer of an earlier choice does nothing. */
  const choice = useRef(0);

  useEffect(
    () => () => {
      timers.current.forEach(clearTimeout);
      previewAbort.current?.abort();
    },
    [],
  );
  const later = (fn: () => void, ms: number) => {
    timers.current.push(setTimeout(fn, ms));
  };

  const reset = useCallback(() => {
    choice.current += 1;
    previewAbort.current?.abort();
    setFile(null);
    setPreview(null);
    setPhase('empty');
    if (input.current) input.current.value = '';
  }, []);

  const checkRows = (chosen: File, type: UploadUserType) => {
    previewAbort.current?.abort();
    const controller = new AbortController();
    previewAbort.current = controller;
    setPreview(null);
    previewUserUpload({
      file: chosen,
      country,
      userType: type,
      updatedBy: email,
      signal: controller.signal,
    }).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setPreview(answer);
        track('upload', { tool: 'userAccess', step: 'upload', kind: kindOf(type) });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A whole-file refusal (Invalid Template, empty file): the error panel says so now.
        if (isApiError(error)) setFailure(problemOf(error));
      },
    );
  };

  const choose = (chosen: File | null | undefined) => {
    setNotice(null);
    if (!chosen) return;
    if (file && chosen.name === file.name) {
      setNotice({ code: 'USER_FILE_EXISTS', params: { name: chosen.name } });
      if (input.current) input.current.value = '';
      return;
    }
    setFailure(null);
    if (!acceptedName(chosen.name)) {
      reset();
      setFailure({ code: 'USER_FILE_INCORRECT' });
      return;
    }
    setFile(chosen);
    // The chosen file is held here; the input is emptied so choosing the same file again is a change
    // (and gets the 'already exists' message) instead of nothing.
    if (input.current) input.current.value = '';
    setPhase('uploading');
    const mine = ++choice.current;
    later(() => {
      if (choice.current === mine) setPhase((p) => (p === 'uploading' ? 'uploaded' : p));
    }, USER_UPLOAD_PROGRESS_MS);
    checkRows(chosen, userType);
  };

  const changeType = (type: UploadUserType) => {
    setUserType(type);
    setFailure(null);
    if (file) checkRows(file, type);
  };

  const upload = async () => {
    if (phase === 'uploading' || phase === 'submitting') return;
    if (!file) {
      setNotice({ code: 'USER_NO_FILE' });
      later(() => setNotice((n) => (n?.code === 'USER_NO_FILE' ? null : n)), USER_UPLOAD_NO_FILE_MS);
      return;
    }
    setFailure(null);
    setNotice(null);
    setPhase('submitting');
    try {
      await uploadUsers({ file, country, userType, updatedBy: email });
      track('upload', { tool: 'userAccess', step: 'apply', kind: kindOf(userType) });
      onUploaded(userType);
    } catch (error) {
      const problem = isApiError(error) ? problemOf(error) : { code: 'HAS_ERRORS' };
      setFailure(problem);
      // Spec section 8: a 500 with errors resets the selection; other failures only hide the loader.
      if (isApiError(error) && error.status >= 500) reset();
      else setPhase('uploaded');
    }
  };

  const template = async () => {
    try {
      const { blob, fileName } = await downloadUserTemplate(country, userType);
      saveBlob(blob, fileName ?? 'user-access-upload-template.xlsx');
    } catch {
      setFailure({ code: 'TEMPLATE', text: t('userUpload.templateFailed') });
    }
  };

  const errorSheet = async () => {
    if (!preview?.errorFileId) return;
    const { blob, fileName } = await downloadErrorSheet(preview.errorFileId, country, btp);
    saveBlob(blob, fileName ?? 'errors.csv');
    track('upload', { tool: 'userAccess', step: 'downloadErrors', kind: kindOf(userType) });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const say = (p: Problem) => (p.code === 'TEMPLATE' ? p.text! : importText(t, p.code, p.params, p.text));
  const busy = phase === 'submitting';
  const rowErrors = preview && preview.errorCount > 0 ? preview.errors.slice(0, LISTED_ERRORS) : [];

  return (
    <Dialog title={t('userUpload.title')} onClose={busy ? undefined : onClose} className="user-upload">
      <div className="user-upload__body" aria-busy={busy}>
        <fieldset className="user-upload__kind">
          <legend>{t('userUpload.kind')}</legend>
          {(['user', 'salesman'] as const).map((type) => (
            <label key={type}>
              <input
                type="radio"
                name={kindName}
                value={type}
                checked={userType === type}
                disabled={busy}
                onChange={() => changeType(type)}
              />
              {t(`userUpload.kind.${type}`)}
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="button button--ghost user-upload__template"
          onClick={() => void template()}
        >
          {t('userUpload.downloadTemplate')}
        </button>
        <div
          className={dragging ? 'user-upload__drop user-upload__drop--over' : 'user-upload__drop'}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="user-upload-drop"
        >
          {/* A touch screen cannot drag a file here: it is offered 'Choose a file' as a button instead. */}
          <p className="user-upload__hint">
            {touch ? null : `${t('userUpload.drop')} `}
            <label
              htmlFor={inputId}
              className={touch ? 'user-upload__browse user-upload__browse--button' : 'user-upload__browse'}
            >
              {t(touch ? 'userUpload.choose' : 'userUpload.browse')}
            </label>
          </p>
          <input
            ref={input}
            id={inputId}
            type="file"
            className="visually-hidden"
            accept=".xlsx,.xml,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/xml"
            disabled={busy}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <p className="user-upload__limits">{t('userUpload.limit')}</p>
          <p className="user-upload__limits">{t('userUpload.formats')}</p>
        </div>
        {file ? (
          <div className="user-upload__file" role="status" aria-live="polite">
            {phase === 'uploading' ? (
              <>
                <span>{t('userUpload.uploading')}</span>
                <progress className="user-upload__bar" aria-label={t('userUpload.uploading')} />
              </>
            ) : (
              <span>
                <strong>{t('userUpload.uploaded')}</strong>{' '}
                <span className="user-upload__name">{file.name}</span>
              </span>
            )}
          </div>
        ) : null}
        {file && phase !== 'uploading' ? (
          <div className="user-upload__preview" aria-live="polite">
            {preview ? (
              <>
                <p>
                  {t('userUpload.preview', {
                    rows: preview.rows,
                    create: preview.create,
                    update: preview.update,
                    unchanged: preview.unchanged,
                  })}
                </p>
                {preview.errorCount > 0 ? (
                  <>
                    <p className="user-upload__warning">
                      {t('userUpload.previewErrors', { count: preview.errorCount })}
                    </p>
                    <ul className="user-upload__errors">
                      {rowErrors.map((e, i) => (
                        <li key={`${e.row}-${i}`}>{importText(t, e.code, e.params, e.message)}</li>
                      ))}
                      {preview.errorCount > rowErrors.length ? (
                        <li>
                          {t('userUpload.moreErrors', { count: preview.errorCount - rowErrors.length })}
                        </li>
                      ) : null}
                    </ul>
                    {preview.errorFileId ? (
                      <button
                        type="button"
                        className="button button--ghost"
                        onClick={() => void errorSheet()}
                      >
                        {t('userUpload.downloadErrors')}
                      </button>
                    ) : null}
                  </>
                ) : null}
              </>
            ) : failure ? null : (
              <p className="user-upload__muted">{t('userUpload.checking')}</p>
            )}
          </div>
        ) : null}
        <div className="user-upload__notice" role="status" aria-live="polite">
          {notice ? <p className="user-upload__notice-text">{say(notice)}</p> : null}
        </div>
        {failure ? (
          <div className="user-upload__error" role="alert">
            <p className="user-upload__error-title">{t('userUpload.errorTitle')}</p>
            <p>{say(failure)}</p>
            {failure.code === 'INVALID_TEMPLATE' ? (
              <p className="user-upload__error-hint">{t(`userUpload.templateHint.${userType}`)}</p>
            ) : null}
          </div>
        ) : null}
        <div className="dialog__actions user-upload__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            {t('userUpload.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void upload()}
            disabled={phase === 'uploading' || busy}
          >
            {t('userUpload.upload')}
          </button>
        </div>
        {busy ? (
          <div className="user-upload__overlay" role="status" aria-live="assertive">
            <span className="user-upload__spinner" aria-hidden="true" />
            <span>{t('userUpload.loading')}</span>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}

/** A refusal as a translatable message: by its code or English text, else its own text, else the default. */
function problemOf(error: { shortDescription: string; code: string }): Problem {
  const text = error.shortDescription?.trim();
  if (!text) return { code: 'HAS_ERRORS' };
  const code = importCodeOf(undefined, text);
  return code === 'GENERIC' && text !== IMPORT_MESSAGES.GENERIC ? { code: 'TEXT', text } : { code };
}

/**
 * The toolbar button with its modal and the success toast ('User access data is successfully
 * updated', 5 s, top right). `onUploaded` refreshes the page's list.
 */
export function UserUploadButton({
  country,
  onUploaded,
}: {
  country: CountryCode;
  onUploaded?(userType: UploadUserType): void | Promise<void>;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const clear = useCallback(() => setToast(null), []);
  return (
    <>
      <button
        type="button"
        className="button button--ghost"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('userUpload.open')}
      </button>
      {open ? (
        <UserUploadModal
          country={country}
          onClose={() => setOpen(false)}
          onUploaded={(userType) => {
            setOpen(false);
            setToast(t('import.USER_UPLOAD_SUCCESS'));
            void onUploaded?.(userType);
          }}
        />
      ) : null}
      <Toast message={toast} onDone={clear} kind="success" />
    </>
  );
}
