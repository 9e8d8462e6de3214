import {
  FONT_SIZES,
  api,
  COLORS,
  DialogFrame,
  endpoints,
  isApiError,
  notify,
  Spinner,
  useLocale,
  useT,
  type DialogComponentProps,
  type RemoteDialogsModule,
} from '@koma/contracts'
import { REPORT_CATEGORY_NOTIFICATION_MS, REPORT_MESSAGE_MAX } from '@koma/contracts/domain'
import { useResource } from './cache'
import { Suspense, useId, useState } from 'react'
import { CommunityIntl } from './i18n/CommunityIntl'
import { reportMessages } from './i18n/messages'

type ReportProps = DialogComponentProps<'report'> & { level?: number }

/**
 * SPEC §2 report dialog, SPEC §5 report rule: the categories come from configuration (comment or
 * content issues); send is disabled until one is chosen, and clicking it then shows the 2 s
 * "select report category" notification. The description is optional.
 */
function ReportForm({ close, titleId, ...target }: ReportProps & { titleId: string }) {
  const t = useT()
  const { locale } = useLocale()
  const id = useId()
  const config = useResource(`report-config:${locale}`, () => api.request(endpoints.reportConfig, {}))
  const categories = target.type === 'comment' ? config.commentIssues : config.contentIssues
  const [category, setCategory] = useState<string | null>(null)
  const [message, setMessage] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)

  const send = async () => {
    if (busy) return
    if (!category) {
      // The host's shared transient notification, for SPEC's 2 s.
      notify(t(reportMessages.selectCategory), { durationMs: REPORT_CATEGORY_NOTIFICATION_MS })
      return
    }
    setBusy(true)
    setError(null)
    try {
      const body = message ? { message } : {}
      if (target.type === 'comment') {
        await api.request(endpoints.reportComment, { params: { commentId: String(target.commentId), category }, body, policy: { suppress: [400] } })
      } else {
        await api.request(endpoints.reportContent, {
          params: { type: target.contentType, id: String(target.contentId), chapterId: String(target.chapterId), category },
          body,
          policy: { suppress: [400] },
        })
      }
      setDone(true)
    } catch (failure) {
      if (isApiError(failure) && failure.status === 400) setError(failure.message)
    } finally {
      setBusy(false)
    }
  }

  if (done) {
    return (
      <div data-testid="report-done">
        <h2 id={titleId} css={{ fontSize: 17, margin: '0 0 10px', textAlign: 'center' }}>
          {t(reportMessages.doneTitle)}
        </h2>
        <p css={{ fontSize: FONT_SIZES.size50, lineHeight: 1.6, margin: '0 0 20px', color: COLORS.textMuted, textAlign: 'center' }}>
          {t(target.type === 'comment' ? reportMessages.doneComment : reportMessages.doneContent)}
        </p>
        <button type="button" data-testid="report-ok" onClick={() => close({ reported: true })} css={primary(true)}>
          {t(reportMessages.ok)}
        </button>
      </div>
    )
  }

  return (
    <>
      <h2 id={titleId} css={{ fontSize: 17, margin: '0 0 14px', textAlign: 'center' }}>
        {t(target.type === 'comment' ? reportMessages.titleComment : reportMessages.titleContent)}
      </h2>
      <fieldset css={{ border: 0, margin: 0, padding: 0 }}>
        <legend css={{ fontSize: FONT_SIZES.size40, fontWeight: 700, marginBottom: 6, padding: 0 }}>{t(reportMessages.category)}</legend>
        {categories.map((item) => (
          <label
            key={item.code}
            data-testid="report-category"
            data-code={item.code}
            css={{
              display: 'flex',
              alignItems: 'center',
              gap: 10,
              padding: '9px 4px',
              fontSize: FONT_SIZES.size50,
              cursor: 'pointer',
              borderBottom: `1px solid ${COLORS.line}`,
            }}
          >
            <input
              type="radio"
              name={`${id}-category`}
              value={item.code}
              checked={category === item.code}
              onChange={() => setCategory(item.code)}
              css={{ accentColor: COLORS.brand, width: 18, height: 18, margin: 0 }}
            />
            {item.label}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-message`} css={{ display: 'block', fontSize: FONT_SIZES.size40, fontWeight: 700, margin: '14px 0 6px' }}>
        {t(reportMessages.description)}
      </label>
      <textarea
        id={`${id}-message`}
        data-testid="report-message"
        value={message}
        maxLength={REPORT_MESSAGE_MAX}
        rows={3}
        dir="auto"
        onChange={(event) => setMessage(event.target.value)}
        css={{
          display: 'block',
          width: '100%',
          boxSizing: 'border-box',
          resize: 'vertical',
          padding: 10,
          borderRadius: 10,
          border: `1px solid ${COLORS.line}`,
          font: 'inherit',
          fontSize: FONT_SIZES.size50,
        }}
      />
      {error ? (
        <p role="alert" data-testid="report-error" css={{ color: COLORS.brandDark, fontSize: FONT_SIZES.size40, margin: '8px 0 0' }}>
          {error}
        </p>
      ) : null}
      <div css={{ display: 'flex', gap: 8, marginTop: 18 }}>
        <button type="button" data-testid="report-cancel" onClick={() => close({ reported: false })} css={primary(false)}>
          {t(reportMessages.cancel)}
        </button>
        <button
          type="button"
          data-testid="report-send"
          aria-disabled={!category || busy}
          onClick={() => void send()}
          css={{ ...primary(true), ...(!category ? { opacity: 0.4, cursor: 'not-allowed' } : {}) }}
        >
          {t(reportMessages.send)}
        </button>
      </div>
    </>
  )
}

const primary = (main: boolean) => ({
  flex: 1,
  width: '100%',
  padding: 12,
  border: 0,
  borderRadius: 10,
  background: main ? COLORS.brand : COLORS.surfaceAlt,
  color: main ? COLORS.onBrand : COLORS.text,
  fontWeight: 700,
  fontSize: 15,
  cursor: 'pointer',
})

function ReportDialog({ level, ...props }: ReportProps) {
  const id = useId()
  return (
    <CommunityIntl>
      {/* An outside click cancels, as for the confirm dialog. */}
      <DialogFrame
        testId="dialog-report"
        level={level}
        labelledBy={id}
        onOutside={() => props.close({ reported: false })}
        panel={{ maxWidth: 400, maxHeight: 'calc(100vh - 32px)', overflowY: 'auto', boxSizing: 'border-box', padding: '22px 20px 16px' }}
      >
        <Suspense fallback={<Spinner />}>
          <ReportForm {...props} titleId={id} />
        </Suspense>
      </DialogFrame>
    </CommunityIntl>
  )
}

/** Dialogs mf-community owns (DIALOG_OWNERS), loaded by the host when one is opened. */
export const dialogs: RemoteDialogsModule['dialogs'] = { report: ReportDialog }
