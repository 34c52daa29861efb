import { useEffect } from 'react';
import './data-ui.css';

export const TOAST_MS = 5_000;

export type ToastKind = 'info' | 'success' | 'error';

/**
 * A short message (spec section 9: 5 s), then onDone; Escape dismisses it sooner. At the top right under
 * the header on wide screens, at the bottom on phones and tablets (data-ui.css: never over the header's
 * menu button). Successes and notes are announced politely, errors assertively; the region stays
 * mounted so screen readers hear each one.
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
    // Escape wherever focus is (the toast never takes focus); if it also closes a menu or a dialog, the
    // passing message goes with it.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDone();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
    };
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
