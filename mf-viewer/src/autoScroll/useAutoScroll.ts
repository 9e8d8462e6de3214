import type { ViewerSettings } from '@koma/contracts'
import { saveViewerSetting } from '@koma/contracts/viewerSettings'
import { AUTO_SCROLL_SECONDS_PER_SCREEN, nextAutoScrollSpeed, type AutoScrollSpeed } from '@koma/contracts/domain'
import { useCallback, useEffect, useRef, useState } from 'react'
import { AUTO_SCROLL_KEY, pauseOnReaderInput, prefersReducedMotion } from './readerInput'
import { scrollStrip } from './stripScroll'

export type AutoScrollStatus = 'idle' | 'running' | 'paused' | 'ended'

export interface AutoScroll {
  status: AutoScrollStatus
  speed: AutoScrollSpeed
  /** The reader's system asks for less motion: auto-scroll waits for their explicit yes. */
  confirming: boolean
  toggle(): void
  confirm(): void
  cancel(): void
  stop(): void
  changeSpeed(change: 1 | -1): void
  /** A paged viewer's timed page turn while running (seconds per page), else null. */
  turnEvery: number | null
  /** A paged viewer reached the end while turning by itself. */
  ended(): void
}

/** The reader is typing (a key there is a character, not a shortcut). */
export const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable)

/**
 * Auto-scroll (issue 37): a vertical strip scrolls by itself (a paged viewer turns its pages in the
 * same rhythm) at the reader's speed, kept in their settings; any tap, key or manual scroll pauses
 * it; it stops at the chapter's end and offers the next chapter (focus on its link). Under
 * `prefers-reduced-motion` it starts only after the reader says yes. Its key is A.
 */
export function useAutoScroll(kind: 'vertical' | 'paged' | null, settings: ViewerSettings): AutoScroll {
  const [status, setStatus] = useState<AutoScrollStatus>('idle')
  const [confirming, setConfirming] = useState(false)
  const [chosenSpeed, setChosenSpeed] = useState<AutoScrollSpeed | null>(null)
  const speed = chosenSpeed ?? settings.autoScrollSpeed
  const running = status === 'running'
  // Once the reader said yes on this page, a restart does not ask again.
  const motionAccepted = useRef(false)

  const start = useCallback(() => {
    setConfirming(false)
    setStatus('running')
  }, [])
  const stop = useCallback(() => setStatus((current) => (current === 'running' ? 'paused' : current)), [])
  const toggle = useCallback(() => {
    // A novel has no auto-scroll (its reader turns pages itself): the A key does nothing there.
    if (kind === null) return
    if (running) {
      stop()
      return
    }
    if (prefersReducedMotion() && !motionAccepted.current) setConfirming(true)
    else start()
  }, [kind, running, start, stop])
  const confirm = useCallback(() => {
    motionAccepted.current = true
    start()
  }, [start])
  const cancel = useCallback(() => setConfirming(false), [])
  const ended = useCallback(() => {
    setStatus('ended')
    // Offer the next chapter: its link takes the focus (the chapter's end is on screen).
    document.querySelector<HTMLElement>('[data-testid="next-chapter"]')?.focus({ preventScroll: true })
  }, [])
  const changeSpeed = useCallback(
    (change: 1 | -1) => {
      const next = nextAutoScrollSpeed(speed, change)
      setChosenSpeed(next)
      void saveViewerSetting({ autoScrollSpeed: next })
    },
    [speed],
  )

  // The strip moves while running; the reader's own input pauses it.
  useEffect(() => {
    if (!running) return
    const stopInput = pauseOnReaderInput(stop)
    const stopScroll = kind === 'vertical' ? scrollStrip(speed, settings.paper, ended) : () => undefined
    return () => {
      stopInput()
      stopScroll()
    }
  }, [running, kind, speed, settings.paper, stop, ended])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return
      if (event.key.toLowerCase() !== AUTO_SCROLL_KEY) return
      event.preventDefault()
      toggle()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [toggle])

  return {
    status,
    speed,
    confirming,
    toggle,
    confirm,
    cancel,
    stop,
    changeSpeed,
    turnEvery: running && kind === 'paged' ? AUTO_SCROLL_SECONDS_PER_SCREEN[speed] : null,
    ended,
  }
}
