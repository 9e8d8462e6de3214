import { useT, VISUALLY_HIDDEN } from '@koma/contracts'
import { useEffect, useRef, useState } from 'react'
import { AUTO_SCROLL_CONTROL, PAPER_KEY } from './readerInput'
import { typing } from './useAutoScroll'
import { paperMessages } from '../i18n/messages'
import { ChromeLabel, chromeButton } from '../chrome'

const control = { [AUTO_SCROLL_CONTROL]: '' }

/**
 * The chrome's Paper (e-ink) switch (issue 37): the account's "Paper (e-ink)" setting, from the
 * viewer itself, for every reader (a visitor's stays in this browser). Pressed while on; the P key
 * does the same; a polite status says what changed.
 */
export function PaperButton({ paper, onChange }: { paper: boolean; onChange: (paper: boolean) => void }) {
  const t = useT()
  const [said, setSaid] = useState('')
  const flip = () => {
    onChange(!paper)
    setSaid(t(!paper ? paperMessages.on : paperMessages.off))
  }
  // The key listener is added once and calls the latest flip (this render's paper and onChange).
  const flipRef = useRef(flip)
  flipRef.current = flip
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return
      if (event.key.toLowerCase() !== PAPER_KEY) return
      event.preventDefault()
      flipRef.current()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  return (
    <>
      <button
        type="button"
        data-testid="viewer-paper"
        aria-pressed={paper}
        aria-label={t(paperMessages.label)}
        title={t(paperMessages.hint)}
        onClick={flip}
        css={{ ...chromeButton, ...(paper ? { background: '#fff', color: '#000', '&:hover': { background: '#e8e8e8' } } : {}) }}
        {...control}
      >
        <ChromeLabel text={t(paperMessages.button)} icon="paper" />
      </button>
      <span role="status" data-testid="viewer-paper-status" css={VISUALLY_HIDDEN}>
        {said}
      </span>
    </>
  )
}
