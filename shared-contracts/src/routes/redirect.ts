/**
 * Where we may send a reader after sign-in, a social round trip, adult verification or a purchase:
 * only a path on this site. The one rule for the API (stored redirects) and the browser (the
 * login `redirect` query, return paths), so they cannot disagree.
 */

/** Longer redirect values are refused (they only ever come from a query string or storage). */
export const SITE_PATH_MAX = 1000

/** A placeholder origin to resolve against: a value that leaves it points elsewhere. */
const HOME = 'http://koma.invalid'
/** C0 controls (tab, newline, …), DEL and C1 controls, anywhere in the raw value. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
/** C0 controls and DEL in a decoded path (decoded byte by byte, so C1 would be UTF-8 continuation bytes). */
const DECODED_CONTROL = /[\u0000-\u001f\u007f]/
const ENCODED_BYTE = /%([0-9A-Fa-f]{2})/g
/** How many layers of percent-encoding we look through before giving up on a value. */
const DECODE_ROUNDS = 4

/** Percent-decoding one byte at a time: never throws on a stray '%'; enough to find '/', '\' and controls. */
const decodeBytes = (value: string): string => value.replace(ENCODED_BYTE, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))

/** Whether a (decoded) path would leave the site or hide a control character once some later step reads it. */
function leavesSite(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || DECODED_CONTROL.test(path)) return true
  try {
    const url = new URL(path, HOME)
    return url.origin !== HOME || url.pathname.startsWith('//')
  } catch {
    return true
  }
}

/**
 * The normalised same-origin path (`pathname + search + hash`) a value names, or null when it is
 * not one: another scheme or origin, `//x`, `/\x`, `/.//x` (dot segments resolved first),
 * percent-encoded variants (`/%2F%2Fx`, `/%5Cx`, `/%252F%252Fx`), control characters (tabs and
 * newlines included), and values over SITE_PATH_MAX characters.
 */
export function safeSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > SITE_PATH_MAX) return null
  if (!value.startsWith('/') || value.includes('\\') || CONTROL.test(value)) return null
  let url: URL
  try {
    url = new URL(value, HOME)
  } catch {
    return null
  }
  if (url.origin !== HOME) return null
  const normalised = url.pathname + url.search + url.hash
  if (normalised.length > SITE_PATH_MAX || leavesSite(url.pathname)) return null
  // A router, a proxy or another URL parser may decode the path again: every decoded form must stay here too.
  let path = url.pathname
  for (let round = 0; round < DECODE_ROUNDS; round += 1) {
    const decoded = decodeBytes(path)
    if (decoded === path) return normalised
    if (leavesSite(decoded)) return null
    path = decoded
  }
  return null
}

/** A redirect target from a query string or storage: the normalised site path, else the fallback. */
export function safeRedirect(value: unknown, fallback = '/'): string {
  return safeSitePath(value) ?? fallback
}

/** /login?redirect=<path>, in the reader's locale prefix. */
export function loginPath(redirect: string, prefixPath: (path: string) => string): string {
  return `${prefixPath('/login')}?redirect=${encodeURIComponent(redirect)}`
}
