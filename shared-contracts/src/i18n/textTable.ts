import type { Locale } from './locales'
import { provideTexts, type Localized, type TextColumn, type TextKey } from './texts'
import en from './texts/en'
import fr from './texts/fr'
import ja from './texts/ja'

/** Every shared text in every language at once, by key: what the API and the edge say (serverTexts.ts). */
export const COLUMNS: Record<Locale, TextColumn> = { en, ja, fr }

export const TEXTS = Object.fromEntries((Object.keys(en) as TextKey[]).map((key) => [key, { en: en[key], ja: ja[key], fr: fr[key] }])) as Record<
  TextKey,
  Localized
>

/** Gives the browser's `text` every language (a server or a test: nothing to download). */
export function provideAllTexts(): void {
  for (const [locale, column] of Object.entries(COLUMNS) as [Locale, TextColumn][]) provideTexts(locale, column)
}
