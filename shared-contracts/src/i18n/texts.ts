import type { Locale } from './locales'
import type { TextColumn, TextKey } from './textColumn'

/**
 * Texts the API and the browser must say identically (SPEC §5 and §8 messages) and that the
 * browser itself shows, one file per language (texts/en.ts, ja.ts, fr.ts). Remotes' own UI texts
 * live in their react-intl message files. Texts only the API sends (account, coin shop, payments,
 * community, operator console) are in serverTexts.ts, exported by `@koma/contracts/server` only,
 * so they stay out of the browser.
 *
 * A page downloads its own language's file only (issue 13): `loadTexts` fetches it, in the same
 * chunk as the host's messages in that language, and every message loader waits for it
 * (`createMessageLoader`), so a screen has its texts before it renders. The API and the edge read
 * every language at once (textTable.ts); tests provide them (`provideTexts`).
 */
export type { Localized, TextColumn, TextKey } from './textColumn'

const FILES: Record<Locale, () => Promise<{ default: TextColumn }>> = {
  // Named as the host's own message files are (host/src/i18n/hostMessages.ts): one chunk per language.
  en: () => import(/* webpackChunkName: "messages-en" */ './texts/en'),
  ja: () => import(/* webpackChunkName: "messages-ja" */ './texts/ja'),
  fr: () => import(/* webpackChunkName: "messages-fr" */ './texts/fr'),
}

const columns: Partial<Record<Locale, TextColumn>> = {}
const loading = new Map<Locale, Promise<void>>()

/** A language's shared texts, downloaded once (a failed download is tried again on the next call). */
export function loadTexts(locale: Locale): Promise<void> {
  if (columns[locale]) return Promise.resolve()
  let promise = loading.get(locale)
  if (!promise) {
    promise = FILES[locale]().then((module) => {
      columns[locale] = module.default
    })
    promise.catch(() => loading.delete(locale))
    loading.set(locale, promise)
  }
  return promise
}

/** Texts already at hand (the API, the edge and tests hold every language: textTable.ts). */
export function provideTexts(locale: Locale, column: TextColumn): void {
  columns[locale] = column
}

/**
 * A shared text in a language, with `{name}` placeholders filled. The language's file is loaded
 * before any screen renders; were it missing (its download failed), the text is said in a
 * language at hand, else by its key, and the file is asked for again.
 */
export function text(key: TextKey, locale: Locale, values: Record<string, string | number> = {}): string {
  let column = columns[locale]
  if (!column) {
    void loadTexts(locale).catch(() => undefined)
    column = columns.en ?? columns.ja ?? columns.fr
  }
  return fillText(column?.[key] ?? key, values)
}

/** Fills `{name}` placeholders; unknown names stay as written. */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}
