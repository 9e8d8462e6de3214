import { api, COLORS, FOCUS_RING, FONT_SIZES, media, useLocale, useT, VISUALLY_HIDDEN, type Locale } from '@koma/contracts'
import { edgeOpsEndpoints, type ApiProcessHealth, type OpsHealth, type ProcessFigures, type VersionFigures } from '@koma/contracts/ops'
import { useCallback, useRef, type ReactNode } from 'react'
import { invalidate, useResource } from '../cache'
import { OpsConsole } from '../console/OpsConsole'
import { Panel } from '../console/parts'
import { healthMessages } from '../i18n/messages'
import { formatCls, formatCount, formatMs, formatRate, formatSeconds, formatShare, NO_FIGURE } from './format'
import { useRefresh } from './useRefresh'

/** How often the figures refresh while the page is shown. */
export const REFRESH_MS = 10_000

export default function HealthPage() {
  const t = useT()
  return (
    <OpsConsole title={t(healthMessages.title)} testId="ops-health">
      <HealthFigures />
    </OpsConsole>
  )
}

/** The latest figures, and whether the last refresh failed (the ones shown are then older). */
interface Shown {
  health: OpsHealth
  failed: boolean
}

/**
 * The edge's `/api/ops/health` (the same figures its and the API processes' Prometheus registries
 * hold), refreshed every REFRESH_MS while the tab is shown. A refresh that fails keeps the last
 * figures on screen with a line saying so, and tells nothing else (no dialog every 10 s).
 */
function HealthFigures() {
  const t = useT()
  const { locale } = useLocale()
  const last = useRef<OpsHealth | null>(null)
  const { health, failed } = useResource(
    'ops:health',
    async (): Promise<Shown> => {
      try {
        const answer = await api.request(edgeOpsEndpoints.opsHealth, last.current ? { policy: { silent: true } } : {})
        last.current = answer
        return { health: answer, failed: false }
      } catch (error) {
        if (last.current) return { health: last.current, failed: true }
        throw error
      }
      // Figures cached from an earlier visit are shown while today's load.
    },
    { maxAgeMs: REFRESH_MS },
  )
  last.current ??= health
  const refresh = useCallback(() => invalidate('ops:health'), [])
  useRefresh(refresh, REFRESH_MS)
  const time = new Date(health.at).toLocaleTimeString(locale)
  return (
    <div>
      <p css={{ margin: '0 0 8px', color: COLORS.textMuted }}>{t(healthMessages.lead)}</p>
      <p
        data-testid="ops-health-updated"
        css={{ margin: '0 0 16px', fontSize: FONT_SIZES.size40, fontWeight: failed ? 700 : 400, color: failed ? COLORS.danger : COLORS.textMuted }}
      >
        {failed ? t(healthMessages.refreshFailed, { time }) : t(healthMessages.updated, { time, seconds: REFRESH_MS / 1000 })}
      </p>
      <Remotes health={health} locale={locale} />
      <Processes health={health} locale={locale} />
      <Queues health={health} locale={locale} />
    </div>
  )
}

const cell = { padding: '8px 10px', borderTop: `1px solid ${COLORS.line}`, textAlign: 'right', whiteSpace: 'nowrap', verticalAlign: 'top' } as const
const headCell = {
  ...cell,
  borderTop: 0,
  color: COLORS.textMuted,
  fontSize: FONT_SIZES.size40,
  fontWeight: 700,
  whiteSpace: 'normal',
  verticalAlign: 'bottom',
} as const
/** A row's name: it wraps on a phone, where it stays in view while the figures scroll. */
const rowHead = { ...cell, textAlign: 'left', fontWeight: 400, whiteSpace: 'normal', overflowWrap: 'anywhere', [media.mobile]: { maxWidth: 132 } } as const

/** A table that scrolls sideways on a phone: the scroller takes the focus, so a keyboard can scroll it (WCAG 2.1.1). */
function Table({
  label,
  testId,
  minWidth,
  head,
  leftColumns = 1,
  children,
}: {
  label: string
  testId: string
  minWidth: number
  head: string[]
  /** How many columns of names (left-aligned); the figures after them are right-aligned. */
  leftColumns?: number
  children: ReactNode
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} css={{ overflowX: 'auto', margin: '0 -4px', '&:focus-visible': FOCUS_RING }}>
      <table
        data-testid={testId}
        css={{
          width: '100%',
          // Separate borders: a sticky cell keeps its own (collapsed ones stay behind when it moves).
          borderCollapse: 'separate',
          borderSpacing: 0,
          fontSize: FONT_SIZES.size50,
          minWidth,
          // The row's name stays in view while the figures scroll under it (a phone).
          'tbody th, thead th:first-of-type': { position: 'sticky', left: 0, background: COLORS.surface, zIndex: 1 },
        }}
      >
        <caption css={VISUALLY_HIDDEN}>{label}</caption>
        <thead>
          <tr>
            {head.map((name, index) => (
              <th key={name} scope="col" css={index < leftColumns ? { ...headCell, textAlign: 'left' } : headCell}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

function Remotes({ health, locale }: { health: OpsHealth; locale: Locale }) {
  const t = useT()
  const label = t(healthMessages.remotes)
  const head = [
    healthMessages.version,
    healthMessages.loads,
    healthMessages.failures,
    healthMessages.failureRate,
    healthMessages.lcp,
    healthMessages.inp,
    healthMessages.cls,
  ]
  const figures = (figure: VersionFigures) => [
    formatCount(locale, figure.loads),
    formatCount(locale, figure.failures),
    figure.loads > 0 ? formatShare(locale, figure.rate) : NO_FIGURE,
    formatMs(locale, figure.vitals?.lcpMs),
    formatMs(locale, figure.vitals?.inpMs),
    formatCls(locale, figure.vitals?.cls),
  ]
  return (
    <Panel title={label} lead={t(healthMessages.remotesLead, { minutes: Math.round(health.windowSeconds / 60) })} testId="ops-health-remotes">
      <Table label={label} testId="ops-health-remote-table" minWidth={720} leftColumns={2} head={[t(healthMessages.remote), ...head.map((name) => t(name))]}>
        {health.remotes.flatMap((remote) => {
          const rows: { key: string; kind: string; figure: VersionFigures | null }[] = remote.live
            ? [{ key: 'live', kind: t(healthMessages.live), figure: remote.live }]
            : [{ key: 'none', kind: t(healthMessages.neverDeployed), figure: null }]
          if (remote.canary) rows.push({ key: 'canary', kind: t(healthMessages.canary, { share: remote.canary.share }), figure: remote.canary })
          return rows.map((row, index) => (
            <tr key={`${remote.remote}-${row.key}`} data-testid="ops-health-remote" data-remote={remote.remote} data-kind={row.key}>
              {index === 0 ? (
                <th scope="row" rowSpan={rows.length} css={{ ...rowHead, fontFamily: 'monospace', fontWeight: 700 }}>
                  {remote.remote}
                </th>
              ) : null}
              <td css={{ ...cell, textAlign: 'left', [media.mobile]: { whiteSpace: 'normal', overflowWrap: 'anywhere', maxWidth: 132 } }}>
                <span css={{ display: 'block', color: row.key === 'canary' ? COLORS.brandDark : COLORS.text, fontWeight: 700 }}>{row.kind}</span>
                {row.figure ? <span css={{ fontFamily: 'monospace', fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>{row.figure.version}</span> : null}
              </td>
              {(row.figure ? figures(row.figure) : head.slice(1).map(() => NO_FIGURE)).map((value, column) => (
                <td key={column} css={cell}>
                  {value}
                </td>
              ))}
            </tr>
          ))
        })}
      </Table>
    </Panel>
  )
}

function processCells(locale: Locale, figures: ProcessFigures | null, pool: ApiProcessHealth['pool'] | undefined, missing: string | null): string[] {
  if (!figures) return [missing ?? NO_FIGURE, NO_FIGURE, NO_FIGURE, NO_FIGURE, NO_FIGURE, formatCount(locale, pool?.inUse), formatCount(locale, pool?.waiting)]
  return [
    formatCount(locale, figures.requests),
    formatRate(locale, figures.rate),
    formatSeconds(locale, figures.p99Seconds),
    formatCount(locale, figures.errors),
    formatCount(locale, figures.recentErrors),
    formatCount(locale, pool?.inUse),
    formatCount(locale, pool?.waiting),
  ]
}

function Processes({ health, locale }: { health: OpsHealth; locale: Locale }) {
  const t = useT()
  const label = t(healthMessages.processes)
  const head = [
    healthMessages.process,
    healthMessages.requests,
    healthMessages.rate,
    healthMessages.p99,
    healthMessages.errors,
    healthMessages.recentErrors,
    healthMessages.poolInUse,
    healthMessages.poolWaiting,
  ].map((name) => t(name))
  const rows = [
    { key: 'edge', name: t(healthMessages.edge), address: null, cells: processCells(locale, health.edge, undefined, t(healthMessages.notCounting)) },
    ...health.apis.map((process) => ({
      key: process.address,
      name: t(healthMessages.api, { instance: process.instance ?? '' }).trim(),
      address: process.address.replace(/^https?:\/\//, ''),
      cells: processCells(locale, process.figures, process.pool, t(process.reachable ? healthMessages.notCounting : healthMessages.notAnswering)),
    })),
  ]
  return (
    <Panel title={label} lead={t(healthMessages.processesLead)} testId="ops-health-processes">
      <Table label={label} testId="ops-health-process-table" minWidth={820} head={head}>
        {rows.map((row) => (
          <tr key={row.key} data-testid="ops-health-process" data-process={row.key}>
            <th scope="row" css={rowHead}>
              <span css={{ display: 'block', fontWeight: 700 }}>{row.name}</span>
              {row.address ? <span css={{ fontFamily: 'monospace', fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>{row.address}</span> : null}
            </th>
            {row.cells.map((value, column) => (
              <td key={column} css={cell} data-column={column === 0 ? 'requests' : undefined}>
                {value}
              </td>
            ))}
          </tr>
        ))}
      </Table>
    </Panel>
  )
}

function Queues({ health, locale }: { health: OpsHealth; locale: Locale }) {
  const t = useT()
  const label = t(healthMessages.jobs)
  return (
    <Panel title={label} lead={t(healthMessages.jobsLead)} testId="ops-health-queues">
      {health.queues.length === 0 ? (
        <p css={{ margin: 0 }}>{t(healthMessages.noQueues)}</p>
      ) : (
        <Table
          label={label}
          testId="ops-health-queue-table"
          minWidth={320}
          head={[t(healthMessages.queue), t(healthMessages.queued), t(healthMessages.failed)]}
        >
          {health.queues.map((queue) => (
            <tr key={queue.queue} data-testid="ops-health-queue" data-queue={queue.queue}>
              <th scope="row" css={{ ...rowHead, fontFamily: 'monospace' }}>
                {queue.queue}
              </th>
              <td css={cell}>{formatCount(locale, queue.queued)}</td>
              <td css={cell}>{formatCount(locale, queue.failed)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Panel>
  )
}
