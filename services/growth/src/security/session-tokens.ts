import { createHash, randomBytes } from 'node:crypto';

// 32 random bytes = 256 bits, well above the 128 the decisions require.
const TOKEN_BYTES = 32;

/** Opaque bearer token; the prefix tells user and admin namespaces apart at a glance (and in leaked-secret scans). */
export function createSessionToken(prefix: 'usr' | 'adm'): string {
  return `${prefix}_${randomBytes(TOKEN_BYTES).toString('base64url')}`;
}

/** Only this hash is stored, so a database leak does not leak usable tokens. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const BEARER_PATTERN = /^bearer\s+(\S+)\s*$/i;

/** Reads `Authorization: Bearer <token>`; the scheme word is matched case-insensitively. */
export function readBearerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = BEARER_PATTERN.exec(header);
  return match?.[1] ?? null;
}
