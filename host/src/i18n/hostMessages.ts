import { COOKIES, readCookie, resolveLocale, type Locale, type Messages } from '@koma/contracts'

/** The host's messages, one language file per reader (each is its own chunk). */
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import('./en.json'),
  ja: () => import('./ja.json'),
  fr: () => import('./fr.json'),
}

const loaded = new Map<Locale, Messages>()
const pending = new Map<Locale, Promise<Messages>>()

/** Download one language's messages (once; a failed download is tried again next time). */
export function loadHostMessages(locale: Locale): Promise<Messages> {
  let promise = pending.get(locale)
  if (!promise) {
    promise = loaders[locale]().then((module) => {
      loaded.set(locale, module.default)
      return module.default
    })
    promise.catch(() => pending.delete(locale))
    pending.set(locale, promise)
  }
  return promise
}

/** The messages already downloaded for a language, if any. */
export function hostMessages(locale: Locale): Messages | undefined {
  return loaded.get(locale)
}

/** The language the page opens in, as LocaleShell will resolve it (SPEC §2). */
export function firstPageLocale(): Locale {
  return resolveLocale({ pathname: location.pathname, cookie: readCookie(COOKIES.locale), browserLanguages: navigator.languages ?? [navigator.language] })
}
