import { useT } from '../lib/i18n';

/**
 * A polite 'loading' line: the placeholder a lazy screen shows while its code arrives (spec section 2:
 * 'loading...'), or, with `label`, what a screen says while its data arrives.
 */
export function LoadingStatus({ label }: { label?: string }) {
  const t = useT();
  return (
    <p className="loading-status" role="status">
      {label ?? t('common.loading')}
    </p>
  );
}
