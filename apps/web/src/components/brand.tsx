import { useT } from '../lib/i18n';

/** Product mark and name. The mark is decorative; the name carries the meaning. */
export function Brand({ compact = false }: { compact?: boolean }) {
  const t = useT();
  return (
    <span className="brand">
      <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M10 23V9h12v3.2h-8.4v2.6h7.2V18h-7.2v5z" fill="#fff" />
      </svg>
      {compact ? null : <span className="brand__name">{t('app.name')}</span>}
    </span>
  );
}
