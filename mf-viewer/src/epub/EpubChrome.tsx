import { COLORS, useT } from '@koma/contracts'
import type { ReactNode } from 'react'
import { readAloudMessages, readerMessages } from '../i18n/messages'

/**
 * The novel reader's chrome (issue 36: EpubReader's split): what is drawn around the book's
 * frames, from the state EpubReader keeps. The notices while it opens or when it could not, the
 * footer (progress, the end, contents, settings) and the end of the chapter.
 */

export type ReaderState = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; message: string }

/** Opening, opened further on than the saved place, or failed (with a retry). */
export function ReaderNotices({ state, skipped, onRetry }: { state: ReaderState; skipped: boolean; onRetry(): void }) {
  const t = useT()
  return (
    <>
      {state.kind === 'loading' ? (
        <p role="status" css={{ position: 'absolute', top: '45%', width: '100%', textAlign: 'center', fontSize: 14, opacity: 0.7 }}>
          {t(readerMessages.loading)}
        </p>
      ) : null}
      {skipped && state.kind === 'ready' ? (
        <p
          role="status"
          data-testid="epub-skipped"
          css={{
            position: 'absolute',
            top: 60,
            left: 16,
            right: 16,
            zIndex: 15,
            margin: 0,
            padding: '8px 12px',
            borderRadius: 8,
            background: 'rgba(17,17,17,.88)',
            color: '#fff',
            fontSize: 13,
            textAlign: 'center',
          }}
        >
          {t(readerMessages.skipped)}
        </p>
      ) : null}
      {state.kind === 'failed' ? (
        <div role="alert" data-testid="epub-failed" css={{ position: 'absolute', top: '40%', width: '100%', textAlign: 'center', padding: 16 }}>
          <p>{t(readerMessages.failed)}</p>
          <button
            type="button"
            onClick={onRetry}
            css={{ padding: '10px 18px', borderRadius: 10, border: 0, background: COLORS.brand, color: '#fff', fontWeight: 700 }}
          >
            {t(readerMessages.retry)}
          </button>
        </div>
      ) : null}
    </>
  )
}

/** The footer: how far, the end once reached, contents and settings. Shown with the chrome or at the end. */
export function ReaderFooter({
  visible,
  percent,
  atEnd,
  hasContents,
  onOpenEnd,
  onOpenContents,
  onOpenSettings,
  readAloud,
}: {
  visible: boolean
  percent: number
  atEnd: boolean
  hasContents: boolean
  onOpenEnd(): void
  onOpenContents(): void
  onOpenSettings(): void
  /** Read-aloud (issue 37): whether its bar is open, whether the book is ready for it, and the switch. */
  readAloud: { on: boolean; ready: boolean; toggle(): void }
}) {
  const t = useT()
  return (
    <footer
      data-testid="epub-footer"
      data-chrome
      data-visible={visible}
      css={{
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 20,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '8px 12px calc(8px + env(safe-area-inset-bottom))',
        background: 'rgba(17,17,17,.94)',
        color: '#fff',
        transform: visible ? 'none' : 'translateY(110%)',
        transition: 'transform .22s ease',
      }}
    >
      <span data-testid="epub-progress" css={{ fontSize: 13, minWidth: 48, fontVariantNumeric: 'tabular-nums' }}>
        {t(readerMessages.progress, { percent })}
      </span>
      {atEnd ? (
        <button type="button" data-testid="epub-open-end" onClick={onOpenEnd} css={footerButton(true)}>
          {t(readerMessages.openEnd)}
        </button>
      ) : (
        <span css={{ flex: 1 }} />
      )}
      {hasContents ? (
        <button type="button" data-testid="reader-toc-open" aria-label={t(readerMessages.contents)} onClick={onOpenContents} css={footerButton(false)}>
          ☰
        </button>
      ) : null}
      <button type="button" data-testid="reader-settings-open" aria-label={t(readerMessages.settings)} onClick={onOpenSettings} css={footerButton(false)}>
        Aa
      </button>
      <button
        type="button"
        data-testid="read-aloud-open"
        aria-label={t(readAloudMessages.open)}
        aria-pressed={readAloud.on}
        disabled={!readAloud.ready}
        onClick={readAloud.toggle}
        css={footerButton(false)}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" css={{ display: 'block' }}>
          <path
            fill="currentColor"
            d="M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z"
          />
        </svg>
      </button>
    </footer>
  )
}

/** The end of the chapter (the viewer's, `end`), with read again and close. */
export function ReaderEnd({ end, onReadAgain, onClose }: { end: ReactNode; onReadAgain(): void; onClose(): void }) {
  const t = useT()
  return (
    <div data-testid="epub-end" css={{ position: 'absolute', inset: 0, zIndex: 25, overflowY: 'auto', background: '#fff', paddingTop: 52 }}>
      {end}
      <button
        type="button"
        data-testid="epub-read-again"
        onClick={onReadAgain}
        css={{
          display: 'block',
          margin: '0 auto 8px',
          border: 0,
          borderRadius: 10,
          padding: '10px 18px',
          background: COLORS.brand,
          color: '#fff',
          fontSize: 14,
          fontWeight: 700,
          cursor: 'pointer',
        }}
      >
        {t(readerMessages.readAgain)}
      </button>
      <button
        type="button"
        onClick={onClose}
        css={{ display: 'block', margin: '0 auto 48px', background: 'none', border: 0, color: '#6b6b6b', fontSize: 14, padding: 12, cursor: 'pointer' }}
      >
        {t(readerMessages.close)}
      </button>
    </div>
  )
}

const footerButton = (primary: boolean) => ({
  flex: primary ? 1 : 'none',
  border: 0,
  borderRadius: 10,
  padding: '9px 14px',
  fontSize: 14,
  fontWeight: 700,
  cursor: 'pointer',
  background: primary ? COLORS.brand : 'rgba(255,255,255,.12)',
  color: '#fff',
})
