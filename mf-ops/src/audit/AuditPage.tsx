import { api, COLORS, FONT_SIZES, FOCUS_RING, routePath, useLocalePath, useT } from '@koma/contracts'
import { formatDateTime } from '@koma/contracts/domain'
import { opsEndpoints, type AuditEntry } from '@koma/contracts/ops'
import { Link, useSearchParams } from 'react-router-dom'
import { useResource } from '../cache'
import { OpsConsole } from '../console/OpsConsole'
import { auditMessages } from '../i18n/messages'

export default function AuditPage() {
  const t = useT()
  return (
    <OpsConsole title={t(auditMessages.title)} testId="ops-audit">
      <AuditLog />
    </OpsConsole>
  )
}

/** A value as the log stored it, short enough for a table cell. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '–'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > 160 ? `${text.slice(0, 157)}…` : text
}

/** The audit log, newest first, 50 a page ("Older entries" goes on from the last one shown). */
function AuditLog() {
  const t = useT()
  const path = useLocalePath()
  const [search] = useSearchParams()
  const before = /^\d{1,12}$/.test(search.get('before') ?? '') ? (search.get('before') as string) : undefined
  const { entries, next } = useResource(`ops:audit:${before ?? ''}`, () => api.request(opsEndpoints.opsAudit, { query: before ? { before } : {} }))
  const cell = { padding: '8px 10px', borderTop: `1px solid ${COLORS.line}`, verticalAlign: 'top', textAlign: 'left', whiteSpace: 'nowrap' } as const
  return (
    <div>
      <p css={{ margin: '0 0 14px', color: COLORS.textMuted }}>{t(auditMessages.lead)}</p>
      {entries.length === 0 ? (
        <p>{t(auditMessages.empty)}</p>
      ) : (
        // The table scrolls sideways on a phone: the scroller takes the focus, so a keyboard can scroll it (WCAG 2.1.1).
        <div
          role="region"
          aria-label={t(auditMessages.title)}
          tabIndex={0}
          css={{
            overflowX: 'auto',
            background: COLORS.surface,
            border: `1px solid ${COLORS.line}`,
            borderRadius: 12,
            '&:focus-visible': FOCUS_RING,
          }}
        >
          <table css={{ width: '100%', borderCollapse: 'collapse', fontSize: FONT_SIZES.size50, minWidth: 760 }}>
            <thead>
              <tr>
                {[auditMessages.when, auditMessages.who, auditMessages.what, auditMessages.target, auditMessages.change].map((label) => (
                  <th key={label.id} scope="col" css={{ ...cell, borderTop: 0, color: COLORS.textMuted, fontSize: FONT_SIZES.size40 }}>
                    {t(label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry: AuditEntry) => (
                <tr key={entry.id} data-testid="ops-audit-entry" data-action={entry.action}>
                  <td css={cell}>{formatDateTime(entry.at, true)}</td>
                  <td css={cell}>{entry.actor}</td>
                  <td css={{ ...cell, fontFamily: 'monospace' }}>{entry.action}</td>
                  <td css={{ ...cell, fontFamily: 'monospace' }}>{entry.target}</td>
                  <td css={{ ...cell, whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: 280, fontFamily: 'monospace', fontSize: FONT_SIZES.size40 }}>
                    {shown(entry.before)} → {shown(entry.after)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next !== null ? (
        <p css={{ marginTop: 16 }}>
          <Link to={`${path(routePath('ops.audit'))}?before=${next}`}>{t(auditMessages.older)}</Link>
        </p>
      ) : null}
    </div>
  )
}
