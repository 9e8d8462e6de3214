import { serverPage } from '../host/serverPage'
import { pageDocument } from './pageDocument'

/** Cookie names the API and the browser share. */
export const COOKIES = {
  /** httpOnly session token, set and read by the API only. */
  session: 'koma_session',
  /** httpOnly secret of this browser's guest (issue 33), set and read by the API only (path /api). */
  guest: 'koma_guest',
  /** Login-check cookie: present and non-empty while signed in (SPEC §4). Readable by the page. */
  loginCheck: 'koma_lc',
  /** 'Y' when the reader accepted mature content (SPEC §4: 1 day). */
  acceptMature: 'koma_accept_mature',
  locale: 'koma_locale',
  /** '1' when the reader chose "do not share my personal information" (SPEC §1), members and visitors alike. */
  doNotShare: 'koma_dns',
  /** The browser's time zone (IANA), so the edge draws the next page's dates in it (issue 13). */
  timeZone: 'koma_tz',
} as const

/** The do-not-share choice is kept a year, as the locale. */
export const DO_NOT_SHARE_COOKIE_DAYS = 365

export const ACCEPT_MATURE_COOKIE_DAYS = 1

/** The page's cookies: the browser's, or those of the request the edge is drawing a page for. */
const pageCookies = (): string => serverPage()?.cookie ?? pageDocument()?.cookie ?? ''

export function readCookie(name: string, cookieString: string = pageCookies()): string | null {
  for (const part of cookieString.split(';')) {
    const index = part.indexOf('=')
    if (index < 0) continue
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim()
      // A value that is not valid percent-encoding (a cookie is the reader's to write) is taken as
      // it is: reading a cookie never throws, on a page or on the edge drawing one.
      try {
        return decodeURIComponent(value)
      } catch {
        return value
      }
    }
  }
  return null
}

export function writeCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString()
  pageDocument()!.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`
}

export function deleteCookie(name: string): void {
  pageDocument()!.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`
}
