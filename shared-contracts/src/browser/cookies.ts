import { readBootData } from '../host/pageData'
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

/** The cookies the API sets httpOnly: never the page's to read, never copied into a page. */
export const HTTP_ONLY_COOKIES: readonly string[] = [COOKIES.session, COOKIES.guest]

/**
 * The cookies the page itself reads: the only ones the edge copies into a page. Every name of
 * COOKIES is in exactly one of the two lists (cookies.test.ts): a cookie added to COOKIES must be
 * sorted into one.
 */
export const PAGE_COOKIES: readonly string[] = [COOKIES.loginCheck, COOKIES.acceptMature, COOKIES.locale, COOKIES.doNotShare, COOKIES.timeZone]

/**
 * What the edge writes into a page (BootData.cookie, issue 39): the request's page-readable
 * cookies (PAGE_COOKIES, each name's first, its value as sent), as a Cookie header. Never another
 * cookie: the session's and the guest's are httpOnly, and the page is never to see them.
 */
export function pageCookieSnapshot(cookieHeader: string): string {
  const kept = new Map<string, string>()
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=')
    if (index < 0) continue
    const name = part.slice(0, index).trim()
    if (PAGE_COOKIES.includes(name) && !kept.has(name)) kept.set(name, part.slice(index + 1).trim())
  }
  return [...kept].map(([name, value]) => `${name}=${value}`).join('; ')
}

/**
 * The page's first reads of its cookies take them from the page (issue 39): the first
 * `document.cookie` read of a page is a synchronous call to the browser's network service, which
 * took 38–78 ms of main.js's start on a phone profile while the page's files were loading (the
 * auth store's login check). The edge copied the request's page-readable cookies into the page
 * (pageCookieSnapshot), and they are the browser's own until something may change them: the page
 * writes a cookie, an API response comes back (it may set one: sign-in, sign-out), the window gets
 * the focus back or the page comes back from the back-forward cache (another tab may have), or the
 * page settles (forgetPageCookies: the host then reads document.cookie once, in an idle moment).
 * null: forgotten, or the page has none (a page the edge did not serve).
 */
let copied: string | null | undefined

export function forgetPageCookies(): void {
  copied = null
}

/** The page's cookies: those of the request the edge is drawing a page for, the copy in the page, or the browser's. */
function pageCookies(): string {
  const server = serverPage()
  if (server) return server.cookie ?? ''
  if (copied === undefined) {
    const boot = readBootData()
    if (boot) copied = typeof boot.cookie === 'string' ? boot.cookie : null
  }
  return copied ?? pageDocument()?.cookie ?? ''
}

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
  forgetPageCookies()
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString()
  pageDocument()!.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`
}

export function deleteCookie(name: string): void {
  forgetPageCookies()
  pageDocument()!.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`
}
