import { describe, expect, it } from 'vitest';
import { followAbort } from './abort.js';

describe('followAbort', () => {
  it('aborts the target with the source’s reason, at once when the source already aborted', () => {
    const source = new AbortController();
    const target = new AbortController();
    followAbort(target, source.signal);
    source.abort(new Error('down'));
    expect((target.signal.reason as Error).message).toBe('down');

    const late = new AbortController();
    followAbort(late, source.signal);
    expect(late.signal.aborted).toBe(true);
  });

  it('stops following when told to (twice is harmless); no source follows nothing', () => {
    const source = new AbortController();
    const target = new AbortController();
    const stop = followAbort(target, source.signal);
    stop();
    stop();
    source.abort();
    expect(target.signal.aborted).toBe(false);
    expect(() => followAbort(target, undefined)()).not.toThrow();
  });
});
