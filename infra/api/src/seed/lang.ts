/** Every user-visible seed text exists in the three site languages. */
export const LANGS = ['ja', 'en', 'fr'] as const
export type Lang = (typeof LANGS)[number]

/** One text per language. */
export type L10n = Record<Lang, string>

export const l10n = (ja: string, en: string, fr: string): L10n => ({ ja, en, fr })

/** Build a per-language text from a function of the language. */
export const perLang = (make: (lang: Lang) => string): L10n => ({ ja: make('ja'), en: make('en'), fr: make('fr') })

/** Join per-language lists with each language's list separator. */
export function joinL10n(items: readonly L10n[]): L10n {
  return perLang((lang) => items.map((item) => item[lang]).join(lang === 'ja' ? '・' : ', '))
}

/** Weekday names, Monday = 1 … Sunday = 7 (index 0 unused). */
export const WEEKDAYS: L10n[] = [
  l10n('', '', ''),
  l10n('月曜', 'Monday', 'lundi'),
  l10n('火曜', 'Tuesday', 'mardi'),
  l10n('水曜', 'Wednesday', 'mercredi'),
  l10n('木曜', 'Thursday', 'jeudi'),
  l10n('金曜', 'Friday', 'vendredi'),
  l10n('土曜', 'Saturday', 'samedi'),
  l10n('日曜', 'Sunday', 'dimanche'),
]
