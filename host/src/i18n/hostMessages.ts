import { COOKIES, readCookie, resolveLocale, type Locale, type Messages } from '@koma/contracts'
import { readableWhenDone } from '../platform/settled'

/** The host's messages, one language file per reader (each is its own chunk). */
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import('./en.json'),
  ja: () => import('./ja.json'),
  fr: () => import('./fr.json'),
}

const pending = new Map<Locale, Promise<Messages>>()

/**
 * Download one language's messages (once; a failed download is tried again next time). The same
 * promise each time, marked fulfilled when done, so a render after the download does not suspend.
 */
export function loadHostMessages(locale: Locale): Promise<Messages> {
  let promise = pending.get(locale)
  if (!promise) {
    const download = readableWhenDone(loaders[locale]().then((module) => module.default))
    void download.catch(() => pending.delete(locale))
    pending.set(locale, download)
    promise = download
  }
  return promise
}

/** The language the page opens in, as LocaleShell will resolve it (SPEC §2). */
export function firstPageLocale(): Locale {
  return resolveLocale({ pathname: location.pathname, cookie: readCookie(COOKIES.locale), browserLanguages: navigator.languages ?? [navigator.language] })
}
