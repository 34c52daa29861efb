import { precheckFile, type PrecheckResult, type PrecheckRules } from './precheck';

/** Runs the pre-check in a Web Worker; where workers are missing (tests, old browsers) on this thread. */
export function runPrecheck(file: File, rules: PrecheckRules): Promise<PrecheckResult> {
  if (typeof Worker === 'undefined') return precheckFile(file, rules);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./precheck.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(precheckFile(file, rules));
      return;
    }
    worker.onmessage = (event: MessageEvent<PrecheckResult>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(precheckFile(file, rules));
    };
    worker.postMessage({ file, rules });
  });
}
