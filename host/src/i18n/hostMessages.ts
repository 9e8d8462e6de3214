import { COOKIES, createMessageLoader, readCookie, resolveLocale, serverPage, type Locale } from '@koma/contracts'

/**
 * The host's messages, one language file per reader, downloaded once. Each shares its chunk with
 * the contracts' shared texts in that language (same chunk name, contracts' i18n/texts.ts), which
 * the message loader also waits for: one file per language for the page.
 */
export const loadHostMessages = createMessageLoader({
  en: () => import(/* webpackChunkName: "messages-en" */ './en.json'),
  ja: () => import(/* webpackChunkName: "messages-ja" */ './ja.json'),
  fr: () => import(/* webpackChunkName: "messages-fr" */ './fr.json'),
})

/** The reader's language for a path (SPEC §2: its prefix, else the cookie, else the browser's). */
export function localeOf(pathname: string): Locale {
  // The edge drawing the page reads the request's languages as the browser reads its own.
  const browserLanguages = serverPage()?.languages ?? navigator.languages ?? [navigator.language]
  return resolveLocale({ pathname, cookie: readCookie(COOKIES.locale), browserLanguages })
}
