import { COOKIES, createMessageLoader, readCookie, resolveLocale, serverPage, type Locale } from '@koma/contracts'

/** The host's messages, one language file per reader (each is its own chunk), downloaded once. */
export const loadHostMessages = createMessageLoader({
  en: () => import('./en.json'),
  ja: () => import('./ja.json'),
  fr: () => import('./fr.json'),
})

/** The reader's language for a path (SPEC §2: its prefix, else the cookie, else the browser's). */
export function localeOf(pathname: string): Locale {
  // The edge drawing the page reads the request's languages as the browser reads its own.
  const browserLanguages = serverPage()?.languages ?? navigator.languages ?? [navigator.language]
  return resolveLocale({ pathname, cookie: readCookie(COOKIES.locale), browserLanguages })
}
