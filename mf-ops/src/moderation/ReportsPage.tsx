import { api, COLORS, endpoints, openDialog, FONT_SIZES, routePath, useLocale, useLocalePath, useT } from '@koma/contracts'
import { formatDateTime } from '@koma/contracts/domain'
import { MUTE_DAYS, opsEndpoints, type MemberSanction, type OpsReport, reportActionAllowed, type ReportAction } from '@koma/contracts/ops'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { invalidate, useResource } from '../cache'
import { useAction } from '../console/form'
import { buttonStyle, Problem } from '../console/parts'
import { OpsConsole } from '../console/OpsConsole'
import { reportMessages } from '../i18n/messages'

type Tab = 'queued' | 'done'

export default function ReportsPage() {
  const t = useT()
  return (
    <OpsConsole title={t(reportMessages.title)} testId="ops-reports">
      <ReportQueue />
    </OpsConsole>
  )
}

const STATUS_LABELS = {
  queued: reportMessages.statusQueued,
  hidden: reportMessages.statusHidden,
  kept: reportMessages.statusKept,
  resolved: reportMessages.statusResolved,
} as const

const ACTION_LABELS = { hide: reportMessages.hide, restore: reportMessages.restore, dismiss: reportMessages.dismiss } as const

/** The report queue (comments and episodes readers reported): waiting first, handled on the other tab, 20 a page. */
function ReportQueue() {
  const t = useT()
  const path = useLocalePath()
  const [search] = useSearchParams()
  const tab: Tab = search.get('status') === 'done' ? 'done' : 'queued'
  const pageNo = Math.max(1, Number.parseInt(search.get('pageNo') ?? '1', 10) || 1)
  const { reports, page } = useResource(`ops:reports:${tab}:${pageNo}`, () =>
    api.request(opsEndpoints.opsReports, { query: { status: tab, pageNo: String(pageNo) } }),
  )
  // The readers' own category labels (the report dialog's), in the operator's language.
  const { locale } = useLocale()
  const config = useResource(`ops:report-config:${locale}`, () => api.request(endpoints.reportConfig))
  const labels = new Map([...config.commentIssues, ...config.contentIssues].map((issue) => [issue.code, issue.label]))
  const link = (status: Tab, page = 1) => `${path(routePath('ops.reports'))}?status=${status}${page > 1 ? `&pageNo=${page}` : ''}`
  return (
    <div>
      <div role="tablist" css={{ display: 'flex', gap: 8, marginBottom: 16 }}>
        {(['queued', 'done'] as const).map((value) => (
          <Link
            key={value}
            role="tab"
            aria-selected={tab === value}
            to={link(value)}
            css={{
              padding: '8px 16px',
              borderRadius: 18,
              textDecoration: 'none',
              fontWeight: 700,
              fontSize: FONT_SIZES.size50,
              color: tab === value ? COLORS.onBrand : COLORS.text,
              background: tab === value ? COLORS.text : COLORS.surfaceAlt,
            }}
          >
            {t(value === 'queued' ? reportMessages.queued : reportMessages.done)}
          </Link>
        ))}
      </div>
      {reports.length === 0 ? <p css={{ color: COLORS.textMuted }}>{t(reportMessages.empty)}</p> : null}
      <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {reports.map((report) => (
          <ReportItem key={`${report.kind}:${report.id}`} report={report} category={labels.get(report.category) ?? report.category} />
        ))}
      </ul>
      <nav css={{ display: 'flex', gap: 12, marginTop: 16 }}>
        {pageNo > 1 ? <Link to={link(tab, pageNo - 1)}>{t(reportMessages.previous)}</Link> : null}
        {page.hasNext ? <Link to={link(tab, pageNo + 1)}>{t(reportMessages.next)}</Link> : null}
      </nav>
    </div>
  )
}

function ReportItem({ report, category }: { report: OpsReport; category: string }) {
  const t = useT()
  const action = useAction()
  const [sanctioned, setSanctioned] = useState<string | null>(null)
  const act = (kind: ReportAction) =>
    action.run(async () => {
      await api.request(opsEndpoints.opsReportAction, { params: { kind: report.kind, id: String(report.id), action: kind } })
      invalidate('ops:reports')
      invalidate('ops:audit')
    })
  /** Mute the comment's author (no posting for MUTE_DAYS.default days) or suspend the account, after a confirm. */
  const sanction = async (kind: Extract<MemberSanction, 'mute' | 'suspend'>) => {
    const author = report.comment
    if (action.pending || !author) return
    const question = t(kind === 'mute' ? reportMessages.confirmMute : reportMessages.confirmSuspend, {
      nickname: author.authorNickname,
      days: MUTE_DAYS.default,
    })
    if (!(await openDialog('confirm', { message: question }))) return
    await action.run(async () => {
      await api.request(opsEndpoints.opsMemberSanction, {
        params: { userId: String(author.authorId), sanction: kind },
        body: kind === 'mute' ? { days: String(MUTE_DAYS.default) } : {},
      })
      setSanctioned(t(kind === 'mute' ? reportMessages.muted : reportMessages.suspended, { nickname: author.authorNickname, days: MUTE_DAYS.default }))
      invalidate('ops:audit')
    })
  }
  const actions = (['hide', 'restore', 'dismiss'] as const).filter((kind) => {
    if (!reportActionAllowed(report.kind, kind)) return false
    if (kind === 'hide') return Boolean(report.comment && !report.comment.hidden && !report.comment.deleted)
    if (kind === 'restore') return Boolean(report.comment?.hidden)
    return report.status === 'queued'
  })
  return (
    <li
      data-testid="ops-report"
      data-report={`${report.kind}:${report.id}`}
      css={{ background: COLORS.surface, border: `1px solid ${COLORS.line}`, borderRadius: 12, padding: '14px 16px', marginBottom: 12 }}
    >
      <p css={{ margin: '0 0 6px', fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>
        {formatDateTime(report.createdAt)} · {t(reportMessages.category, { category })} ·{' '}
        {t(reportMessages.status, { status: t(STATUS_LABELS[report.status]) })}
      </p>
      {report.comment ? (
        <>
          <p css={{ margin: '0 0 4px', fontWeight: 700 }}>
            {t(reportMessages.commentBy, { nickname: report.comment.authorNickname, count: report.comment.reports })}
            {report.comment.hidden ? <span css={{ marginLeft: 8, color: COLORS.brandDark }}>{t(reportMessages.hiddenNow)}</span> : null}
            {report.comment.deleted ? <span css={{ marginLeft: 8, color: COLORS.textMuted }}>{t(reportMessages.deletedNow)}</span> : null}
          </p>
          <blockquote
            css={{ margin: '0 0 8px', padding: '8px 12px', background: COLORS.surfaceAlt, borderRadius: 8, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {report.comment.body}
          </blockquote>
        </>
      ) : null}
      {report.chapter ? (
        <p css={{ margin: '0 0 8px', fontWeight: 700 }}>
          {t(reportMessages.chapter, { content: report.chapter.contentName, chapter: report.chapter.chapterName })}
        </p>
      ) : null}
      {report.message ? (
        <p css={{ margin: '0 0 10px', fontSize: FONT_SIZES.size50, overflowWrap: 'anywhere' }}>{t(reportMessages.message, { message: report.message })}</p>
      ) : null}
      {actions.length > 0 ? (
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {actions.map((kind) => (
            <button key={kind} type="button" disabled={action.pending} onClick={() => void act(kind)} css={buttonStyle(kind === 'hide' ? 'primary' : 'plain')}>
              {t(ACTION_LABELS[kind])}
            </button>
          ))}
        </div>
      ) : null}
      {report.comment ? (
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 }}>
          <button type="button" disabled={action.pending} onClick={() => void sanction('mute')} css={buttonStyle('plain')}>
            {t(reportMessages.mute, { days: MUTE_DAYS.default })}
          </button>
          <button type="button" disabled={action.pending} onClick={() => void sanction('suspend')} css={buttonStyle('plain')}>
            {t(reportMessages.suspend)}
          </button>
        </div>
      ) : null}
      {sanctioned ? (
        <p role="status" css={{ color: COLORS.free, fontWeight: 700, margin: '8px 0 0' }}>
          {sanctioned}
        </p>
      ) : null}
      <Problem text={action.problem} />
    </li>
  )
}
