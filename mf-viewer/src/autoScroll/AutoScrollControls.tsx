import { useT, VISUALLY_HIDDEN } from '@koma/contracts'
import { AUTO_SCROLL_SPEEDS } from '@koma/contracts/domain'
import { useEffect, useState } from 'react'
import { ChromeLabel, chromeButton } from '../chrome'
import { autoScrollMessages } from '../i18n/messages'
import { AUTO_SCROLL_CONTROL } from './readerInput'
import type { AutoScroll } from './useAutoScroll'

const control = { [AUTO_SCROLL_CONTROL]: '' }

/** The chrome's Auto-scroll button (issue 37): pressed while the page moves by itself. */
export function AutoScrollButton({ auto }: { auto: AutoScroll }) {
  const t = useT()
  return (
    <button
      type="button"
      data-testid="auto-scroll"
      aria-pressed={auto.status === 'running'}
      title={t(autoScrollMessages.shortcutHint)}
      onClick={auto.toggle}
      css={chromeButton}
      {...control}
    >
      <ChromeLabel text={t(autoScrollMessages.button)} icon="autoScroll" />
    </button>
  )
}

const panel = {
  position: 'fixed' as const,
  left: '50%',
  transform: 'translateX(-50%)',
  bottom: 'calc(16px + env(safe-area-inset-bottom))',
  zIndex: 40,
  background: 'rgba(17,17,17,.94)',
  color: '#fff',
  borderRadius: 14,
  boxShadow: '0 4px 18px rgba(0,0,0,.35)',
  maxWidth: 'calc(100vw - 24px)',
}

/**
 * While auto-scroll runs: its speed, slower / faster and stop, at the bottom of the screen (the
 * chrome slides away as the page moves). Asks first under reduced motion; says when it paused or
 * stopped at the end (a polite live region).
 */
export function AutoScrollPanel({ auto }: { auto: AutoScroll }) {
  const t = useT()
  const max = AUTO_SCROLL_SPEEDS.length
  useEffect(() => {
    if (!auto.confirming) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') auto.cancel()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [auto])
  const message = auto.status === 'paused' ? t(autoScrollMessages.paused) : auto.status === 'ended' ? t(autoScrollMessages.ended) : ''
  return (
    <>
      <p role="status" data-testid="auto-scroll-status" css={{ ...VISUALLY_HIDDEN, margin: 0 }}>
        {message}
      </p>
      {auto.confirming ? (
        <div
          role="alertdialog"
          aria-labelledby="auto-scroll-motion-title"
          aria-describedby="auto-scroll-motion-body"
          data-testid="auto-scroll-confirm"
          css={{ ...panel, padding: '16px 18px', width: 340 }}
          {...control}
        >
          <h2 id="auto-scroll-motion-title" css={{ fontSize: 16, margin: '0 0 6px' }}>
            {t(autoScrollMessages.motionTitle)}
          </h2>
          <p id="auto-scroll-motion-body" css={{ fontSize: 14, margin: '0 0 14px', lineHeight: 1.5 }}>
            {t(autoScrollMessages.motionBody)}
          </p>
          <div css={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
            <button type="button" onClick={auto.cancel} css={{ ...chromeButton, border: '1px solid rgba(255,255,255,.5)' }}>
              {t(autoScrollMessages.cancel)}
            </button>
            {/* eslint-disable-next-line jsx-a11y-x/no-autofocus -- the dialog's answer: the reader asked for it this moment */}
            <button type="button" autoFocus data-testid="auto-scroll-start" onClick={auto.confirm} css={{ ...chromeButton, background: '#fff', color: '#111' }}>
              {t(autoScrollMessages.startAnyway)}
            </button>
          </div>
        </div>
      ) : null}
      {auto.status === 'running' ? (
        <div
          role="group"
          aria-label={t(autoScrollMessages.button)}
          data-testid="auto-scroll-panel"
          css={{ ...panel, display: 'flex', alignItems: 'center', gap: 4, padding: 4 }}
          {...control}
        >
          <button
            type="button"
            aria-label={t(autoScrollMessages.slower)}
            disabled={auto.speed <= 1}
            onClick={() => auto.changeSpeed(-1)}
            css={{ ...chromeButton, fontSize: 18, minWidth: 44 }}
          >
            −
          </button>
          <span
            data-testid="auto-scroll-speed"
            data-speed={auto.speed}
            css={{ fontSize: 13, padding: '0 6px', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
          >
            {t(autoScrollMessages.speed, { speed: auto.speed, max })}
          </span>
          <button
            type="button"
            aria-label={t(autoScrollMessages.faster)}
            disabled={auto.speed >= max}
            onClick={() => auto.changeSpeed(1)}
            css={{ ...chromeButton, fontSize: 18, minWidth: 44 }}
          >
            +
          </button>
          <button
            type="button"
            data-testid="auto-scroll-stop"
            onClick={auto.stop}
            css={{ ...chromeButton, borderLeft: '1px solid rgba(255,255,255,.2)', borderRadius: 0 }}
          >
            {t(autoScrollMessages.stop)}
          </button>
        </div>
      ) : null}
    </>
  )
}

/** The viewer's keyboard help (issue 37): `?` shows it, Escape or Close hides it. */
export function ViewerHelp({ paged }: { paged: boolean }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === '?' && !(event.target instanceof HTMLInputElement)) {
        event.preventDefault()
        setOpen((shown) => !shown)
      } else if (event.key === 'Escape') setOpen(false)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  if (!open) return null
  const rows: [string, string][] = [
    [paged ? '← →' : '↑ ↓', t(autoScrollMessages.helpTurn)],
    ['Home / End', t(autoScrollMessages.helpEnds)],
    ['A', t(autoScrollMessages.helpAutoScroll)],
    ['P', t(autoScrollMessages.helpPaper)],
    ['?', t(autoScrollMessages.helpHelp)],
  ]
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="viewer-help-title"
      data-testid="viewer-help"
      css={{ ...panel, top: 64, bottom: 'auto', padding: '14px 18px', width: 360 }}
      {...control}
    >
      <h2 id="viewer-help-title" css={{ fontSize: 16, margin: '0 0 10px' }}>
        {t(autoScrollMessages.helpTitle)}
      </h2>
      <dl css={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '6px 14px', margin: '0 0 12px', fontSize: 14 }}>
        {rows.map(([keys, what]) => (
          <div key={keys} css={{ display: 'contents' }}>
            <dt>
              <kbd css={{ fontFamily: 'inherit', fontWeight: 700 }}>{keys}</kbd>
            </dt>
            <dd css={{ margin: 0 }}>{what}</dd>
          </div>
        ))}
      </dl>
      {/* eslint-disable-next-line jsx-a11y-x/no-autofocus -- opened from the keyboard: the way out takes the focus */}
      <button type="button" autoFocus onClick={() => setOpen(false)} css={{ ...chromeButton, border: '1px solid rgba(255,255,255,.5)' }}>
        {t(autoScrollMessages.helpClose)}
      </button>
    </div>
  )
}
