/**
 * Finding repeats in a large file without a hash-table entry per row: each key is hashed to 32 bits
 * into a typed array, the array is sorted, and only the rows whose hash occurs more than once (every
 * real repeat, plus a few hash collisions) go on to the exact rule. For a million rows of distinct
 * keys this is a sort of a typed array instead of a million-entry Set. Used by the import definitions'
 * cross-row rules (duplicates of a code, one device per salesman).
 */

/** FNV-1a, 32 bits. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The indexes (ascending) of the items whose key may equal another item's key: every item whose key
 * really repeats is among them; an item whose hash merely collides may be too, so the caller applies
 * its exact rule to these items only.
 */
export function possibleRepeats<T>(items: ReadonlyArray<T>, key: (item: T) => string): number[] {
  const n = items.length;
  if (n < 2) return [];
  const hashes = new Uint32Array(n);
  for (let i = 0; i < n; i += 1) hashes[i] = hash32(key(items[i]!));
  const sorted = hashes.slice().sort();
  const repeated = new Set<number>();
  for (let i = 1; i < n; i += 1) if (sorted[i] === sorted[i - 1]) repeated.add(sorted[i]!);
  if (repeated.size === 0) return [];
  const out: number[] = [];
  for (let i = 0; i < n; i += 1) if (repeated.has(hashes[i]!)) out.push(i);
  return out;
}

/** The items that may repeat another's key, in their order (see possibleRepeats). */
export function repeatCandidates<T>(items: ReadonlyArray<T>, key: (item: T) => string): T[] {
  return possibleRepeats(items, key).map((i) => items[i]!);
}

/** A second 32-bit hash, independent of FNV-1a (murmur-style multiply and xor-shift). */
function hash32b(text: string): number {
  let h = 0x9747b28c;
  for (let i = 0; i < text.length; i += 1) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x5bd1e995);
    h ^= h >>> 15;
  }
  return h >>> 0;
}

/** A 53-bit hash of a key as an exact float (32 bits of FNV-1a, 21 of the second hash). */
export function hash53(text: string): number {
  return hash32(text) * 0x200000 + (hash32b(text) >>> 11);
}

/**
 * Compact per-row keys for a rule across rows, collected while a file is read: a 53-bit hash of each
 * row's key in a typed array with the row number beside it (12 bytes a row, instead of the row). At
 * the end, `repeatedRows` names the rows whose hash occurs more than once: every row whose key really
 * repeats another's, plus the rare rows whose hash merely collides (about n² / 2^54: one chance in
 * 70,000 for half a million rows); the caller confirms them by value.
 */
export class KeyHashes {
  private hashes = new Float64Array(4096);
  private rows = new Int32Array(4096);
  private n = 0;

  clear(): void {
    this.n = 0;
  }

  get size(): number {
    return this.n;
  }

  add(key: string, row: number): void {
    if (this.n === this.hashes.length) {
      const hashes = new Float64Array(this.n * 2);
      hashes.set(this.hashes);
      this.hashes = hashes;
      const rows = new Int32Array(this.n * 2);
      rows.set(this.rows);
      this.rows = rows;
    }
    this.hashes[this.n] = hash53(key);
    this.rows[this.n] = row;
    this.n += 1;
  }

  /** The rows (in the order added) whose key's hash occurs more than once. */
  repeatedRows(): number[] {
    const n = this.n;
    if (n < 2) return [];
    const sorted = this.hashes.slice(0, n).sort();
    const repeated = new Set<number>();
    for (let i = 1; i < n; i += 1) if (sorted[i] === sorted[i - 1]) repeated.add(sorted[i]!);
    if (repeated.size === 0) return [];
    const out: number[] = [];
    for (let i = 0; i < n; i += 1) if (repeated.has(this.hashes[i]!)) out.push(this.rows[i]!);
    return out;
  }
}
