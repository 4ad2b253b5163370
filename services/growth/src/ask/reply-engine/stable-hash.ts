/**
 * FNV-1a (32-bit): a small, stable string hash. Replies must be the same for the same input, so
 * every "choice" in the engine is derived from a hash of the input instead of Math.random.
 */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

export function hashString(text: string, seed: number = FNV_OFFSET): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME) >>> 0;
  }
  return hash >>> 0;
}

/** Pick an element deterministically; salt separates independent choices made from one seed. */
export function pickBySeed<T>(items: readonly T[], seed: number, salt: string): T | undefined {
  if (items.length === 0) return undefined;
  return items[hashString(salt, seed) % items.length];
}
