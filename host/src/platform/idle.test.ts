import { COOKIES, readCookie } from '@koma/contracts'
// The boot data's element id, as the edge writes it (the browser's barrel leaves it out).
import { BOOT_DATA_ID } from '@koma/contracts/server'
import { whenPageIdle } from './idle'

const started = jest.fn()
const polyfilled = jest.fn()
jest.mock('./webVitals', () => ({ start: () => started() }))
jest.mock('./atPolyfill', () => {
  polyfilled()
  return {}
})

const loader = { running: () => ({ host: null, remotes: {} }), versionOf: () => null }

/** The idle work's promises (dynamic imports, then start) settle within a few turns. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe("a page's idle work", () => {
  beforeAll(() => {
    // A page load the edge sampled for its Web Vitals (boot data, read once per page), whose
    // request carried this device's time-zone cookie and a login-check cookie the browser no
    // longer has (the page's first cookie reads take them from the page, issue 39).
    const boot = document.createElement('script')
    boot.type = 'application/json'
    boot.id = BOOT_DATA_ID
    boot.textContent = JSON.stringify({ vitals: true, cookie: `koma_lc=1; koma_tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}` })
    document.head.append(boot)
  })

  it("reads the browser's cookies from then on, not the copy the edge put in the page (issue 39)", () => {
    expect(readCookie(COOKIES.loginCheck)).toBe('1')
    whenPageIdle(loader)
    expect(readCookie(COOKIES.loginCheck)).toBeNull()
  })

  it('keeps the time-zone cookie the edge draws the next page in', () => {
    document.cookie = `${COOKIES.timeZone}=Mars/Olympus; path=/`
    whenPageIdle(loader)
    expect(readCookie(COOKIES.timeZone)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })

  it("starts the sampled load's Web Vitals without the #at polyfill where the browser has #at", async () => {
    started.mockClear()
    whenPageIdle(loader)
    await settled()
    expect(started).toHaveBeenCalledTimes(1)
    expect(polyfilled).not.toHaveBeenCalled()
  })

  it('installs the #at polyfill first where the browser lacks it (Safari before 15.4)', async () => {
    started.mockClear()
    const at = Object.getOwnPropertyDescriptor(Array.prototype, 'at')!
    delete (Array.prototype as { at?: unknown }).at
    try {
      whenPageIdle(loader)
      await settled()
    } finally {
      Object.defineProperty(Array.prototype, 'at', at)
    }
    expect(polyfilled).toHaveBeenCalledTimes(1)
    expect(started).toHaveBeenCalledTimes(1)
  })
})
