/** The profile fields of a guide application that name a social network or a web page. */
export type SocialField = 'instagram' | 'facebook' | 'linkedin' | 'other1' | 'other2' | 'other3';

/** A network's address for a bare handle such as "@camila" or "camila.senderos". */
const HANDLE_BASE: Partial<Record<SocialField, string>> = {
  instagram: 'https://www.instagram.com/',
  facebook: 'https://www.facebook.com/',
};

const HANDLE_RE = /^@?([A-Za-z0-9._-]{1,60})$/;
/** "facebook.com/x", "www.site.pe/y": a host name with a dot, then an optional path, no scheme. */
const BARE_HOST_RE = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(:\d+)?([/?#]\S*)?$/;

/** A handle may contain dots ("camila.senderos"); a host name ends in a usual top-level domain. */
const LOOKS_LIKE_HOST_RE = /\.(com|net|org|pe|io|co|me|info|app|dev|edu|gob|gov)(\.[a-z]{2})?(:\d+)?$/i;

function httpUrl(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.')) return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * The address a social field may be opened at, or null when it should be shown as plain text.
 * Only http(s) addresses are ever produced: "javascript:", "data:" or any other scheme stays text.
 */
export function socialHref(field: SocialField, value: string): string | null {
  const text = value.trim();
  if (!text || /\s/.test(text)) return null;
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(text) && !/^https?:\/\//i.test(text)) return null;
  if (/^https?:\/\//i.test(text)) return httpUrl(text);
  const base = HANDLE_BASE[field];
  const handle = HANDLE_RE.exec(text);
  if (base && handle && (text.startsWith('@') || !LOOKS_LIKE_HOST_RE.test(text))) return `${base}${handle[1]}`;
  const host = text.split(/[/?#]/)[0] ?? '';
  if (BARE_HOST_RE.test(text) && (LOOKS_LIKE_HOST_RE.test(host) || /^www\./i.test(host))) return httpUrl(`https://${text}`);
  return null;
}
