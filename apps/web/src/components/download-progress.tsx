import { useT } from '../lib/i18n';
import './data-ui.css';
import { localizeFigure } from '../lib/i18n/locale-format';

/** Bytes in the reader's units: B, KB, MB (1024-based, one decimal). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return localizeFigure(`${(bytes / 1024).toFixed(1)} KB`);
  return localizeFigure(`${(bytes / (1024 * 1024)).toFixed(1)} MB`);
}

/**
 * A download under way: a determinate bar when the length is known, an indeterminate one otherwise,
 * the bytes received, an optional row estimate, and Cancel.
 */
export function DownloadProgress({
  label,
  received,
  total,
  rows,
  status,
  onCancel,
}: {
  label: string;
  received: number;
  total: number | null;
  rows: number | null;
  /** Replaces the bytes-and-rows line (e.g. "Preparing 1,200 rows…" before the first byte). */
  status?: string | null;
  onCancel(): void;
}) {
  const t = useT();
  const bytes = formatBytes(received);
  return (
    <div className="download-progress" role="group" aria-label={label}>
      <div className="download-progress__text">
        <strong>{label}</strong>
        <span aria-live="polite">
          {status ??
            (total
              ? t('download.progressOf', { received: bytes, total: formatBytes(total) })
              : t('download.progress', { received: bytes }))}
          {status == null && rows !== null
            ? ` · ${t('download.rows', { rows: localizeFigure(rows.toLocaleString('en-US')) })}`
            : ''}
        </span>
      </div>
      {total ? (
        <progress className="download-progress__bar" max={total} value={received} aria-label={label} />
      ) : (
        <progress className="download-progress__bar" aria-label={label} />
      )}
      <button type="button" className="button button--ghost button--small" onClick={onCancel}>
        {t('download.cancel')}
      </button>
    </div>
  );
}
