import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { LoadingStatus } from '../components/loading-status';
import { useT } from '../lib/i18n';

/** Spec section 9: a screen chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  override readonly name = 'ChunkLoadTimeoutError';
  constructor(ms: number) {
    super(`Screen did not load within ${ms} ms`);
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export type PageLoader = () => Promise<{ default: ComponentType }>;

interface BoundaryProps {
  children: ReactNode;
  fallback: (retry: () => void) => ReactNode;
  onRetry: () => void;
}

class ChunkErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return this.props.fallback(this.props.onRetry);
    return this.props.children;
  }
}

export function ChunkLoadError({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="load-error" role="alert">
      <h1 className="load-error__title">{t('loadError.title')}</h1>
      <p>{t('loadError.body')}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('loadError.retry')}
      </button>
    </div>
  );
}

/**
 * A lazily loaded screen with the 'loading...' placeholder, a 120 s time-out and a retry.
 * The lazy component is shared by every mount, so revisiting a screen does not flash the placeholder;
 * a retry replaces it because React.lazy remembers a failed load forever.
 */
export function lazyPage(load: PageLoader, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): ComponentType {
  const create = () => lazy(() => withTimeout(load(), timeoutMs));
  let current = create();

  function LazyPage() {
    const [attempt, setAttempt] = useState(0);
    const [Page, setPage] = useState(() => current);
    const retry = () => {
      current = create();
      setPage(() => current);
      setAttempt((n) => n + 1);
    };
    return (
      <ChunkErrorBoundary
        key={attempt}
        onRetry={retry}
        fallback={(onRetry) => <ChunkLoadError onRetry={onRetry} />}
      >
        <Suspense fallback={<LoadingStatus />}>
          <Page />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  return LazyPage;
}
