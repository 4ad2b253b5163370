/**
 * Where operations content may point. A link is either an in-app client route (`/reports/star`, `/scales/phq9?from=
 * banner`) or an https URL; anything else (`javascript:`, `http:`, protocol-relative `//host`, whitespace) is
 * refused, because the client opens these links without further checks. Images follow the same rule (a bundled
 * asset path or an https URL); an icon may also be a short icon key from the client's icon set.
 */
const MAX_LINK_LENGTH = 500;
const IN_APP_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/;
const ICON_KEY = /^[a-z][a-z0-9_-]{0,39}$/;

export const LINK_RULE = 'must be an in-app path starting with / or an https:// URL';
export const ICON_RULE = 'must be an icon key (lowercase letters, digits, - or _) or a link';

export function isValidLink(link: string): boolean {
  if (link.length === 0 || link.length > MAX_LINK_LENGTH) return false;
  if (IN_APP_PATH.test(link)) return true;
  if (/\s/.test(link)) return false;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export function isValidIcon(icon: string): boolean {
  return ICON_KEY.test(icon) || isValidLink(icon);
}
