import { text, useLocale, useLocalePath, usePageTimeZone, useT, type ApiError, type MaintenanceInfo } from '@koma/contracts'
import { formatDateTime, isAppWebView, isCrawler } from '@koma/contracts/domain'
import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { appState } from '../app/appState'
import { screenMessages } from '../i18n/messages'
import { primaryButton, ScreenFrame, screenText } from './ScreenFrame'

const userAgent = () => (typeof navigator === 'undefined' ? '' : navigator.userAgent)

/** SPEC §2: crawlers get no error page, only a log line. */
function crawlerSilenced(kind: string, detail: string): boolean {
  if (!isCrawler(userAgent())) return false
  console.warn(`[host] ${kind} for crawler: ${detail}`)
  return true
}

export function NotFoundScreen({ path }: { path: string }) {
  const t = useT()
  const { locale } = useLocale()
  const localePath = useLocalePath()
  if (crawlerSilenced('404', path)) return null
  return (
    <ScreenFrame testId="not-found" code="404" title={text('pageNotFound', locale, { path })}>
      <p css={screenText}>{t(screenMessages.notFoundDescription)}</p>
      {isAppWebView(userAgent()) ? null : (
        <Link to={localePath('/')} css={primaryButton}>
          {t(screenMessages.goHome)}
        </Link>
      )}
    </ScreenFrame>
  )
}

export function MaintenanceScreen({ info }: { info: MaintenanceInfo }) {
  const t = useT()
  const timeZone = usePageTimeZone()
  if (crawlerSilenced('503', info.title)) return null
  return (
    <ScreenFrame testId="maintenance" title={info.title || t(screenMessages.maintenanceDefault)}>
      {info.description ? <p css={screenText}>{info.description}</p> : null}
      {info.endAt ? (
        <p css={{ ...screenText, fontWeight: 700 }} data-testid="maintenance-end">
          {/* SPEC §9's year/month/day hour:minute, as lists show dates (issue 35), in the zone the page was drawn in. */}
          {t(screenMessages.maintenanceEnd, { time: formatDateTime(info.endAt, false, timeZone) })}
        </p>
      ) : null}
    </ScreenFrame>
  )
}

export function ServerErrorScreen({ status }: { status: number }) {
  const t = useT()
  const localePath = useLocalePath()
  // Leaving the screen resets the error state (SPEC §2).
  useEffect(() => () => appState.clearServerError(), [])
  if (crawlerSilenced(String(status), 'server error')) return null
  return (
    <ScreenFrame testId="server-error" title={t(screenMessages.serverErrorTitle)}>
      <p css={screenText}>{t(screenMessages.serverErrorDescription)}</p>
      <div css={{ display: 'flex', gap: 12, justifyContent: 'center', flexWrap: 'wrap' }}>
        <button type="button" css={primaryButton} onClick={() => window.location.reload()}>
          {t(screenMessages.reload)}
        </button>
        <Link to={localePath('/')} css={{ ...primaryButton, background: '#222' }}>
          {t(screenMessages.goHome)}
        </Link>
      </div>
    </ScreenFrame>
  )
}

/** SPEC §2: the screen is chosen by status: 503 maintenance, 404 not found, anything else server error. */
export function ApiErrorScreen({ error, path }: { error: ApiError; path: string }) {
  if (error.status === 503) return <MaintenanceScreen info={error.body?.maintenance ?? { title: error.message, description: '', endAt: null }} />
  if (error.status === 404) return <NotFoundScreen path={path} />
  return <ServerErrorScreen status={error.status} />
}
