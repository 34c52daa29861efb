import { useEffect } from 'react';
import './data-ui.css';

export const TOAST_MS = 5_000;

export type ToastKind = 'info' | 'success' | 'error';

/**
 * A short message at the top right (spec section 9: 5 s), then onDone. Successes and notes are
 * announced politely, errors assertively; the region stays mounted so screen readers hear each one.
 */
export function Toast({
  message,
  onDone,
  kind = 'info',
}: {
  message: string | null;
  onDone(): void;
  kind?: ToastKind;
}) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onDone, TOAST_MS);
    return () => clearTimeout(timer);
  }, [message, onDone]);
  return (
    <div
      className="toast-region"
      role={kind === 'error' ? 'alert' : 'status'}
      aria-live={kind === 'error' ? 'assertive' : 'polite'}
    >
      {message ? <p className={kind === 'info' ? 'toast' : `toast toast--${kind}`}>{message}</p> : null}
    </div>
  );
}
