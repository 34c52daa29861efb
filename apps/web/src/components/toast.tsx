import { useEffect } from 'react';
import './data-ui.css';

export const TOAST_MS = 5_000;

/** A short confirmation at the top right (spec section 9: 5 s), announced politely. */
export function Toast({ message, onDone }: { message: string | null; onDone(): void }) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onDone, TOAST_MS);
    return () => clearTimeout(timer);
  }, [message, onDone]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {message ? <p className="toast">{message}</p> : null}
    </div>
  );
}
