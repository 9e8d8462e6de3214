import { COLORS, type DialogComponentProps, DialogFrame, SHARE_OVERLAY_OPACITY, type ShareTarget, TIMINGS, useLocale, useT } from '@koma/contracts'
import { isAppWebView, SHARE_TARGETS, shareUrl } from '@koma/contracts/domain'
import { useEffect, useId, useRef, useState } from 'react'
import { dialogMessages } from '../i18n/messages'
import { dialogTitle } from './dialogStyles'

const TARGET_STYLE: Record<ShareTarget, { label: string; color: string; mark: string }> = {
  facebook: { label: 'Facebook', color: '#1877f2', mark: 'f' },
  x: { label: 'X', color: '#000000', mark: '𝕏' },
  line: { label: 'LINE', color: '#06c755', mark: 'L' },
  linkedin: { label: 'LinkedIn', color: '#0a66c2', mark: 'in' },
  reddit: { label: 'Reddit', color: '#ff4500', mark: 'r' },
  telegram: { label: 'Telegram', color: '#229ed9', mark: 't' },
  whatsapp: { label: 'WhatsApp', color: '#25d366', mark: 'w' },
  pinterest: { label: 'Pinterest', color: '#e60023', mark: 'p' },
  email: { label: 'E-mail', color: '#6b6b6b', mark: '@' },
}

/**
 * SPEC §2 share dialog: copy the link (copied for 1 s), or share to a target; closes 300 ms after
 * hide. In the Japanese app's web view, Facebook and X go to the external browser by the app-scheme link.
 */
export function ShareDialog({ link, text, tags, title, close, level }: DialogComponentProps<'share'> & { level: number }) {
  const t = useT()
  const { locale } = useLocale()
  const id = useId()
  const appWebView = locale === 'ja' && isAppWebView(typeof navigator === 'undefined' ? '' : navigator.userAgent)
  const [copied, setCopied] = useState(false)
  const [closing, setClosing] = useState(false)
  const timers = useRef<number[]>([])
  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), [])
  const absolute = /^https?:/.test(link) ? link : `${window.location.origin}${link}`
  const data = { link: absolute, text, tags }
  const hide = () => {
    if (closing) return
    setClosing(true)
    timers.current.push(window.setTimeout(() => close(undefined), TIMINGS.dialogCloseMs))
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(absolute)
      setCopied(true)
      timers.current.push(window.setTimeout(() => setCopied(false), TIMINGS.copiedIndicatorMs))
    } catch (error) {
      // SPEC §8: a failed copy is only logged.
      console.warn('copy failed', error)
    }
  }
  return (
    <DialogFrame level={level} labelledBy={id} testId="dialog-share" onOutside={hide} overlay={SHARE_OVERLAY_OPACITY} closing={closing}>
      <h2 id={id} css={dialogTitle}>
        {title ?? t(dialogMessages.shareTitle)}
      </h2>
      <div css={{ display: 'flex', gap: 8, marginBottom: 18 }}>
        <input
          readOnly
          value={absolute}
          aria-label={t(dialogMessages.shareLink)}
          data-testid="share-link"
          onFocus={(event) => event.currentTarget.select()}
          css={{
            flex: 1,
            minWidth: 0,
            padding: '10px 12px',
            border: `1px solid ${COLORS.line}`,
            borderRadius: 10,
            fontSize: 13,
            color: COLORS.textMuted,
            background: COLORS.surfaceAlt,
          }}
        />
        <button
          type="button"
          data-testid="share-copy"
          onClick={() => void copy()}
          css={{
            padding: '0 14px',
            borderRadius: 10,
            border: 0,
            background: copied ? COLORS.free : COLORS.brand,
            color: '#fff',
            fontWeight: 700,
            cursor: 'pointer',
            whiteSpace: 'nowrap',
          }}
        >
          {copied ? t(dialogMessages.shareCopied) : t(dialogMessages.shareCopy)}
        </button>
      </div>
      <ul css={{ listStyle: 'none', margin: '0 0 12px', padding: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(72px, 1fr))', gap: 12 }}>
        {SHARE_TARGETS.map((target) => (
          <li key={target}>
            <a
              href={shareUrl(target, data, { appWebView })}
              target="_blank"
              rel="noopener noreferrer"
              data-share={target}
              css={{ display: 'grid', justifyItems: 'center', gap: 6, color: COLORS.text, textDecoration: 'none', fontSize: 11 }}
            >
              <span
                aria-hidden
                css={{
                  width: 44,
                  height: 44,
                  borderRadius: '50%',
                  background: TARGET_STYLE[target].color,
                  color: '#fff',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 800,
                  fontSize: 16,
                }}
              >
                {TARGET_STYLE[target].mark}
              </span>
              {TARGET_STYLE[target].label}
            </a>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={hide}
        css={{ width: '100%', padding: '12px 0', borderRadius: 10, border: 0, background: COLORS.surfaceAlt, fontWeight: 700, cursor: 'pointer' }}
      >
        {t(dialogMessages.close)}
      </button>
    </DialogFrame>
  )
}
