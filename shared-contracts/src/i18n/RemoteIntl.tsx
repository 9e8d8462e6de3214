import { use, type ReactNode } from 'react'
import { RawIntlProvider } from 'react-intl'
import { intlFor } from './intlFor'
import { type Locale } from './locales'
import { useLocale } from './LocaleContext'
import { readableWhenDone } from '../data/settled'
import { loadTexts } from './texts'

export type Messages = Record<string, string>
export type MessageLoaders = Record<Locale, () => Promise<{ default: Messages } | Messages>>

/**
 * One language's messages at a time, each downloaded once (a failed download is tried again on
 * the next call); the same promise every call, readable by use() at once when done. Done once
 * the shared texts in that language are here too (texts.ts): what renders with the messages can
 * say them.
 */
export function createMessageLoader(loaders: MessageLoaders): (locale: Locale) => Promise<Messages> {
  const cache = new Map<Locale, Promise<Messages>>()
  return (locale) => {
    let promise = cache.get(locale)
    if (!promise) {
      promise = readableWhenDone(
        Promise.all([loaders[locale](), loadTexts(locale)]).then(
          ([module]) => ('default' in module && typeof module.default === 'object' ? module.default : module) as Messages,
        ),
      )
      void promise.catch(() => cache.delete(locale))
      cache.set(locale, promise)
    }
    return promise
  }
}

/**
 * An IntlProvider for one remote's own messages, loaded per locale on demand (a reader
 * downloads one language, not three). Suspends while the file arrives.
 */
export function createRemoteIntl(loaders: MessageLoaders) {
  const load = createMessageLoader(loaders)
  function RemoteIntl({ children }: { children: ReactNode }) {
    const { locale } = useLocale()
    const messages = use(load(locale))
    return <RawIntlProvider value={intlFor(locale, messages)}>{children}</RawIntlProvider>
  }
  /** Fetch one language's messages ahead (a dialog preloaded before its tap: it renders without suspending). */
  RemoteIntl.preload = (locale: Locale): Promise<Messages> => load(locale)
  return RemoteIntl
}
