import { FONT_SIZES, api, auth, COLORS, endpoints, isApiError, useLocale, useT, VISUALLY_HIDDEN, type ContentType } from '@koma/contracts'
import { COMMENT_MAX, commentLength } from '@koma/contracts/domain'
import { commentFormSchema, validate } from '@koma/contracts/validation'
import { observer } from 'mobx-react-lite'
import { useId, useState, type FormEvent } from 'react'
import { useLocation } from 'react-router-dom'
import { formMessages } from '../i18n/messages'
import { memberOnly, refreshCommunity } from './actions'

/**
 * Write a comment (SPEC §5: required, max 400; white space alone is empty). The browser checks
 * with the API's own rule and says the same message; the API's refusals (rate limit) show here too.
 */
export const CommentForm = observer(function CommentForm({
  contentType,
  contentId,
  chapterId,
}: {
  contentType: ContentType
  contentId: string
  chapterId: string
}) {
  const t = useT()
  const { locale } = useLocale()
  const location = useLocation()
  const id = useId()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const length = commentLength(text)

  if (!auth.signedIn) {
    return (
      <button
        type="button"
        data-testid="comment-sign-in"
        onClick={() => void memberOnly(location.pathname + location.search)}
        css={{
          width: '100%',
          padding: 14,
          margin: '4px 0 16px',
          borderRadius: 12,
          border: `1px dashed ${COLORS.line}`,
          background: COLORS.surfaceAlt,
          color: COLORS.textMuted,
          fontSize: FONT_SIZES.size50,
          cursor: 'pointer',
          textAlign: 'start',
        }}
      >
        {t(formMessages.signIn)}
      </button>
    )
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    // The API's own schema and messages (SPEC §5).
    const problem = validate(commentFormSchema, { comment: text }, locale).errors[0]
    if (problem) {
      setError(problem.message)
      return
    }
    setBusy(true)
    setError(null)
    try {
      await api.request(endpoints.postComment, {
        params: { type: contentType, id: contentId, chapterId },
        body: { comment: text },
        policy: { suppress: [400, 403, 429] },
      })
      setText('')
      refreshCommunity()
    } catch (failure) {
      if (isApiError(failure) && [400, 403, 429].includes(failure.status)) setError(failure.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form data-testid="comment-form" onSubmit={(event) => void submit(event)} noValidate css={{ margin: '4px 0 16px' }}>
      <label htmlFor={id} css={VISUALLY_HIDDEN}>
        {t(formMessages.label)}
      </label>
      <textarea
        id={id}
        data-testid="comment-input"
        value={text}
        dir="auto"
        rows={3}
        placeholder={t(formMessages.placeholder)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value)
          if (error) setError(null)
        }}
        css={{
          display: 'block',
          width: '100%',
          boxSizing: 'border-box',
          resize: 'vertical',
          minHeight: 84,
          padding: 12,
          borderRadius: 12,
          border: `1px solid ${error ? COLORS.brand : COLORS.line}`,
          font: 'inherit',
          fontSize: FONT_SIZES.size50,
          lineHeight: 1.5,
        }}
      />
      <div css={{ display: 'flex', alignItems: 'center', gap: 12, marginTop: 8 }}>
        {error ? (
          <p id={`${id}-error`} role="alert" data-testid="comment-error" css={{ margin: 0, color: COLORS.brandDark, fontSize: FONT_SIZES.size40, flex: 1 }}>
            {error}
          </p>
        ) : (
          <span css={{ flex: 1 }} />
        )}
        <span data-testid="comment-counter" css={{ fontSize: FONT_SIZES.size30, color: length > COMMENT_MAX ? COLORS.brandDark : COLORS.textMuted }}>
          {t(formMessages.counter, { count: length, max: COMMENT_MAX })}
        </span>
        <button
          type="submit"
          data-testid="comment-submit"
          disabled={busy}
          css={{
            padding: '8px 18px',
            borderRadius: 18,
            border: 0,
            background: COLORS.brand,
            color: COLORS.onBrand,
            fontWeight: 700,
            fontSize: FONT_SIZES.size50,
            cursor: 'pointer',
            '&:disabled': { opacity: 0.5 },
          }}
        >
          {t(formMessages.submit)}
        </button>
      </div>
    </form>
  )
})
