import { safeSitePath, text, useLocale, useLocalePath, useT, type RouteIdOf, routePath } from '@koma/contracts'
import { useEffect, type ComponentType } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { screenMessages } from '../i18n/messages'
import { primaryButton, ScreenFrame, screenText } from './ScreenFrame'

function BrowserGuide() {
  const t = useT()
  return (
    <ScreenFrame testId="browser-guide" title={t(screenMessages.browserGuideTitle)}>
      <p css={screenText}>{t(screenMessages.browserGuideDescription)}</p>
    </ScreenFrame>
  )
}

/**
 * /via?url=/path: a hop used by e-mails, campaigns and invitation links; only ever to a page of
 * this site. A link without a target of this site says SPEC §8's "invitation link failed".
 */
function Via() {
  const t = useT()
  const { locale } = useLocale()
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const path = useLocalePath()
  const target = safeSitePath(search.get('url') ?? search.get('redirect'))
  useEffect(() => {
    if (target) void navigate(target, { replace: true })
  }, [navigate, target])
  if (!target) {
    return (
      <ScreenFrame testId="via-failed" title={text('invitationFailed', locale)}>
        <Link to={path(routePath('catalog.home'))} css={primaryButton}>
          {t(screenMessages.goHome)}
        </Link>
      </ScreenFrame>
    )
  }
  return (
    <ScreenFrame testId="via" title={t(screenMessages.viaTitle)}>
      <Link to={path(routePath('catalog.home'))} css={primaryButton}>
        {t(screenMessages.viaFallback)}
      </Link>
    </ScreenFrame>
  )
}

function CampaignError() {
  const t = useT()
  const path = useLocalePath()
  return (
    <ScreenFrame testId="campaign-error" title={t(screenMessages.campaignErrorTitle)}>
      <p css={screenText}>{t(screenMessages.campaignErrorDescription)}</p>
      <Link to={path(routePath('catalog.home'))} css={primaryButton}>
        {t(screenMessages.goHome)}
      </Link>
    </ScreenFrame>
  )
}

/** Screens the host renders itself (route owner 'host'; the legacy paths are redirects, no screen). */
type HostScreenId = Exclude<RouteIdOf<'host'>, `legacy.${string}`>

export const HOST_SCREENS: Record<HostScreenId, ComponentType> = {
  'host.browserGuide': BrowserGuide,
  'host.via': Via,
  'host.campaignError': CampaignError,
}

/**
 * The host's own screen for a route id; undefined for routes the host does not draw. Not
 * `Object.hasOwn`: Safari and iOS before 15.4 have none (issue 34, .browserslistrc).
 */
export function hostScreenOf(id: string): ComponentType | undefined {
  return Object.prototype.hasOwnProperty.call(HOST_SCREENS, id) ? HOST_SCREENS[id as HostScreenId] : undefined
}
