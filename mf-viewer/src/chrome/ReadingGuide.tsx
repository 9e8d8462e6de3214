import { safeStorage, STORAGE_KEYS, useT, type ReadingDirection } from '@koma/contracts'
import { READING_GUIDE_MS, shouldShowReadingGuide } from '@koma/contracts/domain'
import { useEffect, useRef, useState } from 'react'
import { guideMessages } from '../i18n/messages'

/**
 * SPEC §4: when this title reads in another direction than the last one the reader opened, a
 * guide shows for 2.4 s. The direction is then remembered (SPEC §3 storage key).
 */
export function ReadingGuide({ direction, paged }: { direction: ReadingDirection; paged: boolean }) {
  const t = useT()
  // Decided once on the page (a page the edge drew, issue 13, has no storage to read: it shows
  // no guide, and the browser then shows it if this title turns the other way).
  const [visible, setVisible] = useState(false)
  const decided = useRef<ReadingDirection | null>(null)
  useEffect(() => {
    if (decided.current === direction) return
    decided.current = direction
    const show = shouldShowReadingGuide(safeStorage.get(STORAGE_KEYS.readingDirection), direction)
    safeStorage.set(STORAGE_KEYS.readingDirection, direction)
    setVisible(show)
  }, [direction])
  useEffect(() => {
    if (!visible) return
    const timer = setTimeout(() => setVisible(false), READING_GUIDE_MS)
    // A reader who is already moving on (a key: turning the page, opening the settings or the
    // contents) has no more use for it, and it must not cover what they opened.
    const dismiss = () => setVisible(false)
    window.addEventListener('keydown', dismiss, true)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('keydown', dismiss, true)
    }
  }, [visible])
  if (!visible) return null
  const arrow = direction === 'rtl' ? '←' : direction === 'ltr' ? '→' : '↓'
  return (
    <div
      data-testid="reading-guide"
      data-direction={direction}
      // A tap anywhere dismisses it, and so does any key; the texts are the status.
      role="presentation"
      onClick={() => setVisible(false)}
      css={{
        position: 'fixed',
        inset: 0,
        zIndex: 40,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        background: 'rgba(0,0,0,.55)',
        color: '#fff',
        textAlign: 'center',
        padding: 24,
        animation: 'koma-guide-fade .25s ease-out',
        '@keyframes koma-guide-fade': { from: { opacity: 0 }, to: { opacity: 1 } },
      }}
    >
      <div role="status" css={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12 }}>
        <span aria-hidden css={{ fontSize: 56, lineHeight: 1 }}>
          {arrow}
        </span>
        <strong css={{ fontSize: 18 }}>{t(guideMessages[direction])}</strong>
        {paged ? <span css={{ fontSize: 13, opacity: 0.85 }}>{t(guideMessages.tapHint)}</span> : null}
      </div>
    </div>
  )
}
