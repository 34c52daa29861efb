import { useT } from '../lib/i18n';

/** The placeholder a lazy screen shows while its code arrives (spec section 2: 'loading...'). */
export function LoadingStatus() {
  const t = useT();
  return (
    <p className="loading-status" role="status">
      {t('common.loading')}
    </p>
  );
}
