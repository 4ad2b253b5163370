import { randomFillSync } from 'node:crypto';

const RANDOM_POOL_BYTES = 16 * 256;
const pool = Buffer.alloc(RANDOM_POOL_BYTES);
let poolOffset = RANDOM_POOL_BYTES;

/**
 * A UUID version 7 (RFC 9562): the first 48 bits are the Unix time in milliseconds, the rest random. Events are
 * written in time order, so time-ordered ids append to the primary-key index instead of landing on a random leaf
 * each: a batch of 100 dirties one or two index pages rather than a hundred.
 */
export function newEventId(nowMs: number): string {
  if (poolOffset === RANDOM_POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + 16));
  poolOffset += 16;
  bytes.writeUIntBE(nowMs, 0, 6);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
