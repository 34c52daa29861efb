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
