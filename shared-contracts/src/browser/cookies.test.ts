import { BOOT_DATA_ID, jsonForScript } from '../host/pageData'
import type * as cookiesModule from './cookies'
import { COOKIES, HTTP_ONLY_COOKIES, PAGE_COOKIES, pageCookieSnapshot } from './cookies'

type CookiesModule = typeof cookiesModule

/** The cookies module as a fresh page loads it, with `boot` as the edge wrote it into the page (or no boot data). */
function freshPage(boot: object | null): CookiesModule {
  document.getElementById(BOOT_DATA_ID)?.remove()
  if (boot) {
    const element = document.createElement('script')
    element.type = 'application/json'
    element.id = BOOT_DATA_ID
    element.textContent = jsonForScript(boot)
    document.head.append(element)
  }
  let module: CookiesModule | undefined
  jest.isolateModules(() => {
    module = jest.requireActual<CookiesModule>('./cookies')
  })
  return module!
}

/** Counts the page's reads of document.cookie. */
function countReads(): { reads: () => number; restore: () => void } {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!
  let count = 0
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get() {
      count += 1
      return descriptor.get!.call(document)
    },
    set(value: string) {
      descriptor.set!.call(document, value)
    },
  })
  return { reads: () => count, restore: () => delete (document as { cookie?: string }).cookie }
}

afterEach(() => {
  document.getElementById(BOOT_DATA_ID)?.remove()
  for (const name of Object.values(COOKIES)) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
})

describe("the request's page-readable cookies the edge copies into the page (issue 39)", () => {
  it('sorts every cookie of COOKIES as the page’s to read or httpOnly, never both', () => {
    expect([...PAGE_COOKIES, ...HTTP_ONLY_COOKIES].sort()).toEqual(Object.values(COOKIES).sort())
    expect(PAGE_COOKIES.filter((name) => HTTP_ONLY_COOKIES.includes(name))).toEqual([])
  })

  it('keeps the page-readable ones only, each name’s first, values as sent', () => {
    expect(pageCookieSnapshot('koma_session=s3cret; koma_lc=1; koma_guest=g; a=b; koma_locale=fr; koma_lc=2; koma_tz=Asia%2FTokyo')).toBe(
      'koma_lc=1; koma_locale=fr; koma_tz=Asia%2FTokyo',
    )
    expect(pageCookieSnapshot('')).toBe('')
    expect(pageCookieSnapshot('novalue; =x; koma_dns')).toBe('')
    expect(pageCookieSnapshot(`${'x=y; '.repeat(50_000)}koma_accept_mature=Y`)).toBe('koma_accept_mature=Y')
  })
})

describe("the page's first cookie reads (issue 39)", () => {
  it('come from the copy in the page, without a document.cookie read, until the page forgets it', () => {
    document.cookie = 'koma_locale=ja; path=/'
    const cookies = freshPage({ cookie: 'koma_lc=1; koma_locale=fr' })
    const counter = countReads()
    try {
      expect(cookies.readCookie(COOKIES.loginCheck)).toBe('1')
      expect(cookies.readCookie(COOKIES.locale)).toBe('fr')
      expect(cookies.readCookie(COOKIES.acceptMature)).toBeNull()
      expect(counter.reads()).toBe(0)
      cookies.forgetPageCookies()
      expect(cookies.readCookie(COOKIES.locale)).toBe('ja')
      expect(cookies.readCookie(COOKIES.loginCheck)).toBeNull()
      expect(counter.reads()).toBe(2)
    } finally {
      counter.restore()
    }
  })

  it('an empty copy is the answer too (a visitor with no cookie)', () => {
    document.cookie = 'koma_lc=1; path=/'
    const cookies = freshPage({ cookie: '' })
    expect(cookies.readCookie(COOKIES.loginCheck)).toBeNull()
  })

  it('come from the browser when the page writes a cookie, or carries no copy', () => {
    const cookies = freshPage({ cookie: 'koma_locale=fr' })
    cookies.writeCookie(COOKIES.doNotShare, '1', 1)
    expect(cookies.readCookie(COOKIES.doNotShare)).toBe('1')
    expect(cookies.readCookie(COOKIES.locale)).toBeNull()

    const deleting = freshPage({ cookie: 'koma_locale=fr' })
    deleting.deleteCookie(COOKIES.timeZone)
    expect(deleting.readCookie(COOKIES.locale)).toBeNull()

    document.cookie = 'koma_locale=ja; path=/'
    expect(freshPage(null).readCookie(COOKIES.locale)).toBe('ja')
    expect(freshPage({ ip: { ip: '203.0.113.9', now: 0 } }).readCookie(COOKIES.locale)).toBe('ja')
  })
})
