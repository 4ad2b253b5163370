const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
const E164 = /^\+\d{8,15}$/;
const MAINLAND_E164 = /^\+861[3-9]\d{9}$/;

/** Canonical form, or null when the text is not a phone the service accepts. `+86` mainland numbers fold to 11 digits. */
export function normalizePhone(raw: string): string | null {
  const phone = raw.trim().replace(/[\s-]/g, '');
  if (MAINLAND_MOBILE.test(phone)) return phone;
  if (MAINLAND_E164.test(phone)) return phone.slice(3);
  if (E164.test(phone)) return phone;
  return null;
}

/** `138****5678`: enough for the owner to recognise, too little to reuse. */
export function maskPhone(phone: string | null): string | null {
  if (phone === null) return null;
  if (phone.length <= 7) return `${phone.slice(0, 1)}****`;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
