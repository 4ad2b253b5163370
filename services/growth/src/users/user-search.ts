import { normalizePhone } from '../identity/phone-number.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PHONE_FRAGMENT = /^\+?\d+$/;
const PHONE_SEPARATORS = /[\s()-]/g;

/** What one console search box text can mean; a user matches when any of the present parts does. */
export interface UserSearch {
  /** The text is a UUID: match the account id exactly. */
  id: string | null;
  /** The text is a whole phone number: its stored (canonical) form. */
  phone: string | null;
  /** The text is digits: a fragment of the stored phone (`5678`, `1380013`). */
  phoneFragment: string | null;
  /** Case-insensitive substring of the nickname, as a LIKE pattern with `\` escapes. */
  nicknamePattern: string;
}

/**
 * Reads the console's `q`. Phones are stored canonically (11 digits for mainland numbers, `+…` otherwise), so a full
 * number in any accepted spelling (`+86 138-0013-5678`) is folded the way registration folds it, and digit fragments
 * match anywhere in the stored number.
 */
export function parseUserSearch(raw: string): UserSearch {
  const text = raw.trim();
  const compact = text.replace(PHONE_SEPARATORS, '');
  const phone = normalizePhone(text);
  return {
    id: UUID_PATTERN.test(text) ? text.toLowerCase() : null,
    phone,
    phoneFragment: PHONE_FRAGMENT.test(compact) ? (phone ?? compact) : null,
    nicknamePattern: `%${escapeLike(text.toLowerCase())}%`,
  };
}

/** Escapes LIKE wildcards so `%` and `_` typed by an operator match themselves (used with `escape '\'`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
