/// <reference lib="webworker" />
import { precheckFile, type PrecheckRules } from './precheck';

/** The upload pre-check off the main thread: the page never freezes while a large file is read. */
self.onmessage = async (event: MessageEvent<{ file: File; rules: PrecheckRules }>) => {
  const { file, rules } = event.data;
  try {
    self.postMessage(await precheckFile(file, rules));
  } catch {
    self.postMessage({ ok: false, code: 'UNREADABLE_ENCODING' });
  }
};
