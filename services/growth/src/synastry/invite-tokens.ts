import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes = 256 bits, well above the 128 an unguessable link needs. */
const INVITE_TOKEN_BYTES = 32;
/** base64url of 32 bytes, no padding. */
export const INVITE_TOKEN_LENGTH = 43;

/** The secret part of an invite link, URL-safe as it is. */
export function createInviteToken(): string {
  return randomBytes(INVITE_TOKEN_BYTES).toString('base64url');
}

/** Only this hash is stored, so a database leak does not hand out working invite links. */
export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
