import { use, type ReactNode } from 'react'
import { RawIntlProvider } from 'react-intl'
import { intlFor } from './intlFor'
import { type Locale } from './locales'
import { useLocale } from './LocaleContext'

export type Messages = Record<string, string>
export type MessageLoaders = Record<Locale, () => Promise<{ default: Messages } | Messages>>

/**
 * An IntlProvider for one remote's own messages, loaded per locale on demand (a reader
 * downloads one language, not three). Suspends while the file arrives.
 */
export function createRemoteIntl(loaders: MessageLoaders) {
  const cache = new Map<Locale, Promise<Messages>>()
  const load = (locale: Locale): Promise<Messages> => {
    let promise = cache.get(locale)
    if (!promise) {
      promise = loaders[locale]().then((module) => ('default' in module && typeof module.default === 'object' ? module.default : module) as Messages)
      promise.catch(() => cache.delete(locale))
      cache.set(locale, promise)
    }
    return promise
  }

  return function RemoteIntl({ children }: { children: ReactNode }) {
    const { locale } = useLocale()
    const messages = use(load(locale))
    return <RawIntlProvider value={intlFor(locale, messages)}>{children}</RawIntlProvider>
  }
}
