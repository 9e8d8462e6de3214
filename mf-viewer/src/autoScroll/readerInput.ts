/** Auto-scroll's own controls carry this attribute: a tap or key on them never pauses it. */
export const AUTO_SCROLL_CONTROL = 'data-auto-scroll-control'

/** The keyboard shortcut that starts and stops auto-scroll (listed in the viewer's help). */
export const AUTO_SCROLL_KEY = 'a'

/** The shortcut that turns paper (e-ink) on and off (chrome/PaperButton.tsx). */
export const PAPER_KEY = 'p'

const onControl = (target: EventTarget | null) => target instanceof Element && target.closest(`[${AUTO_SCROLL_CONTROL}]`) !== null

/**
 * Calls `pause` on the reader's first tap, key or manual scroll (wheel, touch) while `running`
 * (issue 37): the page moving by itself never fights the reader. Taps and keys on auto-scroll's
 * own controls, its shortcut key and paper's, are theirs to handle. Returns the unsubscribe.
 */
export function pauseOnReaderInput(pause: () => void): () => void {
  const onPointer = (event: Event) => {
    if (!onControl(event.target)) pause()
  }
  const onKey = (event: KeyboardEvent) => {
    if (onControl(event.target) || [AUTO_SCROLL_KEY, PAPER_KEY].includes(event.key.toLowerCase()) || event.key === 'Shift') return
    pause()
  }
  const events = ['pointerdown', 'wheel', 'touchstart'] as const
  for (const name of events) window.addEventListener(name, onPointer, { capture: true, passive: true })
  window.addEventListener('keydown', onKey, { capture: true })
  return () => {
    for (const name of events) window.removeEventListener(name, onPointer, { capture: true })
    window.removeEventListener('keydown', onKey, { capture: true })
  }
}

/** The reader's system asks for less motion (`prefers-reduced-motion: reduce`). */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
