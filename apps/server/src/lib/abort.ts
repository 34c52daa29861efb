/**
 * Makes `target` abort, with the same reason, when `source` does (at once when it already has), and
 * returns what stops following; calling it again does nothing. Use it instead of `AbortSignal.any`
 * wherever the combined signal gets an 'abort' listener: Node keeps such a combined signal, and all its
 * listener reaches, in a process-wide set until the listener is removed (docs/reliability.md, "Soak").
 */
export function followAbort(target: AbortController, source: AbortSignal | undefined): () => void {
  if (!source) return () => undefined;
  const onAbort = () => target.abort(source.reason);
  if (source.aborted) {
    onAbort();
    return () => undefined;
  }
  source.addEventListener('abort', onAbort, { once: true });
  return () => source.removeEventListener('abort', onAbort);
}
