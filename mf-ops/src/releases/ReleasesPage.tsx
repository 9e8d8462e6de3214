import { api, COLORS, FONT_SIZES, openDialog, useT } from '@koma/contracts'
import { formatDateTime } from '@koma/contracts/domain'
import { edgeOpsEndpoints, type ReleaseHealth, type ReleasePackage } from '@koma/contracts/ops'
import { useState } from 'react'
import { invalidate, useResource } from '../cache'
import { useAction } from '../console/form'
import { buttonStyle, Problem } from '../console/parts'
import { OpsConsole } from '../console/OpsConsole'
import { nameMessages, releaseMessages } from '../i18n/messages'

const ACTION_NAMES = {
  deploy: nameMessages.deploy,
  rollback: nameMessages.rollback,
  canary: nameMessages.canary,
  promote: nameMessages.promote,
  'canary-end': nameMessages.canaryEnd,
} as const

export default function ReleasesPage() {
  const t = useT()
  return (
    <OpsConsole title={t(releaseMessages.title)} testId="ops-releases">
      <ReleaseTable />
    </OpsConsole>
  )
}

/** What `npm run versions` shows, and its promote and rollback, for operators without a terminal. */
function ReleaseTable() {
  const t = useT()
  const { packages } = useResource('ops:releases', () => api.request(edgeOpsEndpoints.opsReleases))
  const [notice, setNotice] = useState<string | null>(null)
  return (
    <div>
      <p css={{ margin: '0 0 14px', color: COLORS.textMuted }}>{t(releaseMessages.lead)}</p>
      <p role="status" css={{ margin: '0 0 12px', fontWeight: 700, color: COLORS.free, minHeight: '1.4em' }}>
        {notice ?? ''}
      </p>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {packages.map((item) => (
          <Release key={item.package} item={item} onDone={setNotice} />
        ))}
      </ul>
    </div>
  )
}

function Health({ health }: { health: ReleaseHealth | null }) {
  const t = useT()
  if (!health) return null
  return (
    <span css={{ color: COLORS.textMuted, fontSize: FONT_SIZES.size40 }}>
      {' · '}
      {t(releaseMessages.health, { loads: health.loads, failures: health.failures, rate: (health.rate * 100).toFixed(1) })}
    </span>
  )
}

function Release({ item, onDone }: { item: ReleasePackage; onDone: (notice: string) => void }) {
  const t = useT()
  const action = useAction()
  const act = async (kind: 'promote' | 'rollback') => {
    const question =
      kind === 'promote'
        ? t(releaseMessages.confirmPromote, { version: item.canary?.version ?? '', package: item.package })
        : t(releaseMessages.confirmRollback, { package: item.package })
    if (action.pending || !(await openDialog('confirm', { message: question }))) return
    await action.run(async () => {
      const done = await api.request(edgeOpsEndpoints.opsRelease, { params: { package: item.package, action: kind } })
      onDone(t(releaseMessages.done, { package: done.package, version: done.version }))
      invalidate('ops:releases')
      invalidate('ops:audit')
    })
  }
  const canRollBack = Boolean(item.canary) || item.versions.some((version) => version.rollbackTarget)
  return (
    <li
      data-testid="ops-release"
      data-package={item.package}
      css={{ background: COLORS.surface, border: `1px solid ${COLORS.line}`, borderRadius: 12, padding: '14px 16px', marginBottom: 12 }}
    >
      <h2 css={{ margin: '0 0 6px', fontSize: FONT_SIZES.size60, fontFamily: 'monospace' }}>{item.package}</h2>
      <p css={{ margin: '0 0 4px', overflowWrap: 'anywhere' }}>
        {item.current ? t(releaseMessages.live, { version: item.current }) : t(releaseMessages.neverDeployed)}
        <Health health={item.liveHealth} />
      </p>
      {item.canary ? (
        <p data-testid="ops-release-canary" css={{ margin: '0 0 4px', color: COLORS.brandDark, overflowWrap: 'anywhere' }}>
          {t(releaseMessages.canary, { version: item.canary.version, share: item.canary.share })}
          {item.canary.autoPromote ? ` (${t(releaseMessages.autoPromote)})` : ''}
          <Health health={item.canary.health} />
        </p>
      ) : null}
      {item.lastEvent ? (
        <p css={{ margin: '0 0 8px', color: COLORS.textMuted, fontSize: FONT_SIZES.size40, overflowWrap: 'anywhere' }}>
          {t(releaseMessages.last, {
            action: item.lastEvent.action in ACTION_NAMES ? t(ACTION_NAMES[item.lastEvent.action as keyof typeof ACTION_NAMES]) : item.lastEvent.action,
            version: item.lastEvent.version,
            date: formatDateTime(item.lastEvent.at),
          })}
          {item.lastEvent.reason ? ` — ${item.lastEvent.reason}` : ''}
        </p>
      ) : null}
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 }}>
        {item.canary ? (
          <button type="button" disabled={action.pending} onClick={() => void act('promote')} css={buttonStyle()}>
            {t(releaseMessages.promote)}
          </button>
        ) : null}
        {canRollBack ? (
          <button type="button" disabled={action.pending} onClick={() => void act('rollback')} css={buttonStyle('plain')}>
            {t(item.canary ? releaseMessages.endCanary : releaseMessages.rollback)}
          </button>
        ) : null}
      </div>
      <Problem text={action.problem} />
    </li>
  )
}
