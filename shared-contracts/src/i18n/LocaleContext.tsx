import { createContext, useContext } from 'react'
import { DEFAULT_LOCALE, withLocalePrefix, type Locale, type PrefixLocale } from './locales'

export interface LocaleState {
  locale: Locale
  /** The path prefix the reader is on ('/ja', '/en', '/fr' or none); links keep it. */
  prefix: PrefixLocale | null
}

export const LocaleContext = createContext<LocaleState>({ locale: DEFAULT_LOCALE, prefix: null })

export const useLocale = (): LocaleState => useContext(LocaleContext)

/** Build a link that stays in the reader's locale prefix. */
export function useLocalePath(): (path: string) => string {
  const { prefix } = useLocale()
  return (path) => withLocalePrefix(path, prefix)
}
