import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt parameters: N=2^15 by default, r=8, p=1 (OWASP's minimum for scrypt), 64-byte key, 16-byte salt.
/** log2 of scrypt's N for new hashes; stored hashes carry their own N, so changing it never locks anyone out. */
export const DEFAULT_PASSWORD_COST_LOG2 = 15;
/** The lowest cost production accepts; test runs go below it to keep hundreds of logins cheap. */
export const MIN_PRODUCTION_PASSWORD_COST_LOG2 = 15;
const SCRYPT_BLOCK_SIZE = 8;
const SCRYPT_PARALLELISM = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function deriveKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Slow, salted hash in a self-describing format: `scrypt$N$r$p$salt$key` (base64url). */
export async function hashPassword(
  password: string,
  costLog2: number = DEFAULT_PASSWORD_COST_LOG2,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const cost = 2 ** costLog2;
  const options = {
    N: cost,
    r: SCRYPT_BLOCK_SIZE,
    p: SCRYPT_PARALLELISM,
    maxmem: 128 * cost * SCRYPT_BLOCK_SIZE * 2,
  };
  const key = await deriveKey(password, salt, options);
  return [
    'scrypt',
    cost,
    SCRYPT_BLOCK_SIZE,
    SCRYPT_PARALLELISM,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, blockSize, parallelism, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !blockSize || !parallelism || !salt || !key) return false;
  const N = Number(cost);
  const r = Number(blockSize);
  const expected = Buffer.from(key, 'base64url');
  const actual = await deriveKey(password, Buffer.from(salt, 'base64url'), {
    N,
    r,
    p: Number(parallelism),
    maxmem: 128 * N * r * 2,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
