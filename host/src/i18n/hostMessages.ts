import { COOKIES, readCookie, resolveLocale, type Locale, type Messages } from '@koma/contracts'

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
    const download: Promise<Messages> = loaders[locale]().then((module) => {
      // What React's use() reads of a promise it has seen settle (status and value).
      const settled = download as Promise<Messages> & { status?: 'fulfilled'; value?: Messages }
      settled.status = 'fulfilled'
      settled.value = module.default
      return module.default
    })
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
