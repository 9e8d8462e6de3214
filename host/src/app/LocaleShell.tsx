import { analytics, intlFor, LocaleContext, LOCALE_TAGS, setCurrentLocale, events, type PrefixLocale } from '@koma/contracts'
import { observer } from 'mobx-react-lite'
import { use, useEffect, useMemo, useRef } from 'react'
import { RawIntlProvider } from 'react-intl'
import { Outlet, useLocation } from 'react-router-dom'
import { DialogHost } from '../dialogs/DialogHost'
import { NotificationHost } from '../dialogs/NotificationHost'
import { NewVersionBanner } from '../layout/NewVersionBanner'
import { FailureHandler } from '../errors/FailureHandler'
import { loadHostMessages, localeOf } from '../i18n/hostMessages'
import { PageLayout } from '../layout/Layouts'
import { MaintenanceScreen } from '../screens/errorScreens'
import { appState } from './appState'
import { recordLocation } from './history'

/**
 * Everything under one locale prefix: resolves the locale (SPEC §2), provides it with the host's
 * messages, and hosts the dialogs, the failure handler and the maintenance screen.
 */
export const LocaleShell = observer(function LocaleShell({ prefix }: { prefix: PrefixLocale | null }) {
  const { pathname, search } = useLocation()
  useEffect(() => recordLocation(pathname + search), [pathname, search])
  // SPEC §7: a page view on each route change (the tracker strips the locale prefix).
  useEffect(() => analytics.pageView(pathname), [pathname])
  const locale = prefix ?? localeOf(pathname)
  setCurrentLocale(locale)
  const value = useMemo(() => ({ locale, prefix }), [locale, prefix])
  // The first page's language is downloaded before the first render (bootstrap.tsx); another
  // language suspends the navigation to it until its file arrives.
  const messages = use(loadHostMessages(locale))
  const first = useRef(true)

  useEffect(() => {
    document.documentElement.lang = LOCALE_TAGS[locale]
    if (first.current) first.current = false
    else events.emit('locale:changed', { locale })
  }, [locale])

  return (
    <LocaleContext.Provider value={value}>
      <RawIntlProvider value={intlFor(locale, messages)}>
        <FailureHandler />
        {appState.maintenance ? (
          <PageLayout layout="default">
            <MaintenanceScreen info={appState.maintenance} />
          </PageLayout>
        ) : (
          <Outlet />
        )}
        <DialogHost />
        <NotificationHost />
        <NewVersionBanner />
      </RawIntlProvider>
    </LocaleContext.Provider>
  )
})
