import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from './clock.js';
import { holdLease, takeLease, type LeaseOptions } from './lease.js';

const clock = new ManualClock(Date.UTC(2026, 10, 24, 10, 0, 0));
const log = { warn: vi.fn() };

function options(overrides: Partial<LeaseOptions> = {}): LeaseOptions & { renewals: Date[] } {
  const renewals: Date[] = [];
  return {
    clock,
    leaseMs: 3_000,
    what: 'test lease',
    log: log as unknown as LeaseOptions['log'],
    renew: async (until) => {
      renewals.push(until);
      return true;
    },
    renewals,
    ...overrides,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  log.warn.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('Lease', () => {
  it('takes with an expiry a lease ahead, renews every third of it, and stops on release', async () => {
    const release = vi.fn(async () => undefined);
    const o = options({ release });
    const taken = await takeLease(o, async (until) => ({ until }));
    expect(taken!.value.until).toEqual(new Date(clock.now().getTime() + 3_000));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(o.renewals).toHaveLength(3);
    await Promise.all([taken!.lease.release(), taken!.lease.release()]);
    expect(release).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(o.renewals).toHaveLength(3);
  });

  it('is not held when the row was not free', async () => {
    const o = options();
    expect(await takeLease(o, async () => null)).toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(o.renewals).toHaveLength(0);
  });

  it('stops renewing when the work ends, also when it throws', async () => {
    const o = options();
    await expect(
      holdLease(o, async () => {
        await vi.advanceTimersByTimeAsync(1_000);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(o.renewals).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(o.renewals).toHaveLength(1);
  });

  it('a failed renewal is logged and tried again; a lost row aborts the signal and stops renewing', async () => {
    let calls = 0;
    const o = options({
      renew: async () => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return calls < 3;
      },
    });
    await holdLease(o, async (lease) => {
      await vi.advanceTimersByTimeAsync(1_000);
      expect(log.warn).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.any(Error) }),
        'renewing the test lease failed',
      );
      expect(lease.signal.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(lease.signal.aborted).toBe(true);
      expect(String(lease.signal.reason)).toMatch(/test lease was lost/);
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(calls).toBe(3);
  });

  it('a release that fails is logged, not thrown (the row expires with its lease)', async () => {
    const taken = await takeLease(
      options({
        release: async () => {
          throw new Error('gone');
        },
      }),
      async () => true,
    );
    await taken!.lease.release();
    expect(log.warn).toHaveBeenCalledWith(expect.anything(), 'releasing the test lease failed');
  });
});
