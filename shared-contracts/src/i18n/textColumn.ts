import type { Locale } from './locales'
import type en from './texts/en'

/**
 * The shape of the shared texts (texts.ts says what they are): en.ts's keys are every language's.
 * A file of its own so ja.ts and fr.ts type themselves without importing texts.ts, which loads them.
 */
export type Localized = Record<Locale, string>
export type TextKey = keyof typeof en
/** One language's shared texts. */
export type TextColumn = Record<TextKey, string>
