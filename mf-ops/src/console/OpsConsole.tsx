import { api, COLORS, FOCUS_RING, FONT_SIZES, isApiError, media, routePath, useLocalePath, useT, type ApiErrorName, type RouteId } from '@koma/contracts'
import { opsEndpoints, type OperatorStatus } from '@koma/contracts/ops'
import { useEffect, type ReactNode } from 'react'
import { NavLink } from 'react-router-dom'
import { useResource } from '../cache'
import { campaignMessages, consoleMessages, contentMessages, healthMessages } from '../i18n/messages'
import { SecondFactor } from './SecondFactor'

/** The refusals that mean this account is no operator (or may not be one now). */
const NOT_OPERATOR: readonly ApiErrorName[] = ['operatorOnly', 'accountSuspended']

/** The operator's status, or null when the account is no operator (the API's 403). */
async function loadStatus(): Promise<OperatorStatus | null> {
  try {
    return await api.request(opsEndpoints.opsMe, { policy: { suppress: NOT_OPERATOR } })
  } catch (error) {
    if (isApiError(error) && error.failure !== null && (NOT_OPERATOR as readonly string[]).includes(error.failure)) return null
    throw error
  }
}

const SECTIONS = [
  { id: 'ops.service', label: consoleMessages.service },
  { id: 'ops.reports', label: consoleMessages.reports },
  { id: 'ops.titles', label: contentMessages.nav },
  { id: 'ops.campaigns', label: campaignMessages.nav },
  { id: 'ops.audit', label: consoleMessages.audit },
  { id: 'ops.releases', label: consoleMessages.releases },
  { id: 'ops.health', label: healthMessages.nav },
] as const satisfies readonly { id: RouteId; label: unknown }[]

/**
 * Every console page: the operator check (no role: a plain refusal; no confirmed second factor in
 * this session: the authenticator step), then the console's navigation and the page. The API
 * refuses every operator call on its own; this only spares the operator a page of 403s.
 */
export function OpsConsole({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const t = useT()
  const path = useLocalePath()
  const status = useResource('ops:me', loadStatus)
  useEffect(() => {
    document.title = `${title} | ${t(consoleMessages.title)} | Koma`
  }, [title, t])
  if (!status) {
    return (
      <section data-testid="ops-refused" css={{ maxWidth: 520, margin: '0 auto', padding: '56px 20px', textAlign: 'center' }}>
        <h1 css={{ fontSize: FONT_SIZES.size90, margin: '0 0 12px' }}>{t(consoleMessages.notOperator)}</h1>
        <p css={{ color: COLORS.textMuted, margin: 0 }}>{t(consoleMessages.notOperatorHint)}</p>
      </section>
    )
  }
  return (
    <section
      data-testid={status.verified ? testId : 'ops-console'}
      css={{ maxWidth: 1080, margin: '0 auto', padding: '24px 20px 64px', [media.mobile]: { padding: '16px 12px 48px' } }}
    >
      <header css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 8, marginBottom: 16 }}>
        <p css={{ margin: 0, fontSize: FONT_SIZES.size40, fontWeight: 700, color: COLORS.textMuted, letterSpacing: '.04em', textTransform: 'uppercase' }}>
          {t(consoleMessages.title)}
        </p>
        <p css={{ margin: 0, fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>{t(consoleMessages.signedInAs, { nickname: status.nickname })}</p>
      </header>
      {status.verified ? (
        <>
          <nav
            aria-label={t(consoleMessages.nav)}
            css={{ display: 'flex', gap: 4, borderBottom: `1px solid ${COLORS.line}`, marginBottom: 20, overflowX: 'auto' }}
          >
            {SECTIONS.map((section) => (
              <NavLink
                key={section.id}
                to={path(routePath(section.id))}
                // A section's own pages keep its tab (a title under Titles); the service section is
                // the console's root, whose tab would otherwise stay lit on every page.
                end={section.id === 'ops.service'}
                css={{
                  padding: '10px 14px',
                  color: COLORS.textMuted,
                  textDecoration: 'none',
                  fontWeight: 700,
                  fontSize: FONT_SIZES.size50,
                  whiteSpace: 'nowrap',
                  borderBottom: '3px solid transparent',
                  '&[aria-current="page"]': { color: COLORS.text, borderBottomColor: COLORS.brand },
                  '&:focus-visible': FOCUS_RING,
                }}
              >
                {t(section.label)}
              </NavLink>
            ))}
          </nav>
          <h1 css={{ fontSize: 24, margin: '0 0 16px' }}>{title}</h1>
          {children}
        </>
      ) : (
        <SecondFactor status={status} />
      )}
    </section>
  )
}
