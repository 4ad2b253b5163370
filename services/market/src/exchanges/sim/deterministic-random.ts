/**
 * Seeded pseudo-random numbers for the simulated market. Every random draw is keyed by what it is for (seed,
 * exchange, symbol, level, bucket index), so any candle can be regenerated on its own, in any order, on any
 * machine, and comes out identical.
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const UINT32_RANGE = 0x1_0000_0000;

/** FNV-1a over the key's characters: a stable 32-bit seed from a string. */
export function hashKey(key: string): number {
  let hash = FNV_OFFSET;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/** sfc32: small, fast and statistically sound enough for price paths; state is four 32-bit words. */
export class DeterministicRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | undefined;

  constructor(key: string) {
    const seed = hashKey(key);
    this.a = seed;
    this.b = hashKey(`${key}#b`);
    this.c = hashKey(`${key}#c`);
    this.d = 1;
    // Let the state mix before the first draw, as the generator's authors recommend.
    for (let round = 0; round < 12; round += 1) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / UINT32_RANGE;
  }

  /** Standard normal, by the Box–Muller transform (two per pair of uniforms). */
  nextNormal(): number {
    if (this.spareNormal !== undefined) {
      const spare = this.spareNormal;
      this.spareNormal = undefined;
      return spare;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    const angle = 2 * Math.PI * this.next();
    this.spareNormal = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }
}
