import { useSyncExternalStore } from 'react';
import { useT } from '../lib/i18n';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a connection (navigator.onLine, kept up to date by its events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * A bar saying the connection is lost, announced to screen readers; it goes when the connection
 * comes back. What is on screen stays; new figures wait for the network.
 */
export function OfflineNotice() {
  const t = useT();
  const online = useOnline();
  return (
    <div className="offline-notice" role="status" aria-live="polite" hidden={online}>
      {online ? null : t('offline.notice')}
    </div>
  );
}
