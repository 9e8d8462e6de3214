import { ApiClient, type ClientEnvironment } from './api/client'
import { AuthStore } from './auth/store'
import { COOKIES, readCookie } from './browser/cookies'
import { webDeviceId } from './browser/storage'
import { DEFAULT_TIMEZONE } from './api/headers'
import { DEFAULT_LOCALE, type Locale } from './i18n/locales'
import { readBootData, takeBootResult } from './host/pageData'
import { serverPage } from './host/serverPage'

/**
 * The page's one API client and auth store. Contracts is a federation singleton, so the host and
 * every remote get these same instances.
 */
let locale: Locale = DEFAULT_LOCALE
let sessionMatureAccepted = false

/** The host calls this whenever the route's locale changes; API calls then speak that language. */
export const setCurrentLocale = (next: Locale): void => {
  locale = next
}
export const currentLocale = (): Locale => locale

/** Anonymous readers who accept mature content for this session only (SPEC §4). */
export const acceptMatureForSession = (): void => {
  sessionMatureAccepted = true
}

export const browserEnvironment: ClientEnvironment = {
  locale: currentLocale,
  acceptMature: () => sessionMatureAccepted || readCookie(COOKIES.acceptMature) === 'Y',
  clientUid: webDeviceId,
  userAgent: () => (typeof navigator === 'undefined' ? '' : navigator.userAgent),
  timezone: () => {
    try {
      return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIMEZONE
    } catch {
      return DEFAULT_TIMEZONE
    }
  },
  now: () => Date.now(),
}

export const api = new ApiClient({
  baseURL: '/api',
  environment: browserEnvironment,
  ipLookupUrls: ['/api/ip', '/ip'],
  boot: { ip: () => readBootData()?.ip ?? null, take: takeBootResult, only: () => serverPage() !== null },
})
export const auth = new AuthStore(api, undefined, undefined, currentLocale)
