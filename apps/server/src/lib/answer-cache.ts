/**
 * A bounded in-process cache of serialized answers: least recently used entries go first once the
 * bytes held pass `maxBytes`; entries older than `maxAgeMs` are recomputed. Concurrent requests for
 * the same key share one computation (single flight). Keys must contain everything the answer
 * depends on: the caller's identity and scope, the query, the data version and the day.
 */
export interface AnswerCacheOptions {
  maxBytes: number;
  maxAgeMs: number;
}

interface Entry {
  value: Buffer;
  at: number;
}

export interface AnswerCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  private generation = '';

  constructor(private readonly options: AnswerCacheOptions) {}

  /**
   * The cached answer for `key` under `generation` (e.g. the data version), else `compute()`'s, kept.
   * A new generation drops every entry of the old one. A failed computation is not kept.
   */
  async get(generation: string, key: string, compute: () => Promise<Buffer>): Promise<Buffer> {
    if (generation !== this.generation) this.clear(generation);
    const found = this.entries.get(key);
    if (found && performance.now() - found.at < this.options.maxAgeMs) {
      // Re-insert to mark it most recently used.
      this.entries.delete(key);
      this.entries.set(key, found);
      this.hits += 1;
      return found.value;
    }
    const running = this.inFlight.get(key);
    if (running) {
      this.hits += 1;
      return running;
    }
    this.misses += 1;
    const started = compute()
      .then((value) => {
        if (this.generation === generation) this.put(key, value);
        return value;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }

  clear(generation = ''): void {
    this.entries.clear();
    this.inFlight.clear();
    this.bytes = 0;
    this.generation = generation;
  }

  stats(): AnswerCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, hits: this.hits, misses: this.misses };
  }

  private put(key: string, value: Buffer): void {
    if (value.byteLength > this.options.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.value.byteLength;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, at: performance.now() });
    this.bytes += value.byteLength;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.value.byteLength;
    }
  }
}
