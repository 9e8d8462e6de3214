import { BREAKPOINTS, headerIconsWhite } from '@koma/contracts'
import { useSyncExternalStore } from 'react'
import { useLocation } from 'react-router-dom'
import { useArtlessScreenShown } from './artlessScreen'

const NARROW_QUERY = `(max-width: ${BREAKPOINTS.narrowHeader}px)`

const onScroll = (listener: () => void) => {
  window.addEventListener('scroll', listener, { passive: true })
  return () => window.removeEventListener('scroll', listener)
}

/** The query's list, made once: React reads it on every render of the header. */
let narrowList: MediaQueryList | null | undefined
const narrowQuery = (): MediaQueryList | null => (narrowList ??= window.matchMedia?.(NARROW_QUERY) ?? null)

const onNarrowChange = (listener: () => void) => {
  const list = narrowQuery()
  list?.addEventListener('change', listener)
  return () => list?.removeEventListener('change', listener)
}

/**
 * The page's scroll and width as the header needs them. A page the edge drew (issue 13) knew
 * neither: the first render says "top, wide" on both sides and React renders again with the
 * browser's values right after hydrating. What decides the layout is in media queries (Header,
 * PageLayout), so that second render moves nothing.
 */
function useScrolled(): boolean {
  return useSyncExternalStore(
    onScroll,
    () => window.scrollY > 0,
    () => false,
  )
}

function useNarrow(): boolean {
  return useSyncExternalStore(
    onNarrowChange,
    () => narrowQuery()?.matches ?? false,
    () => false,
  )
}

export interface HeaderMode {
  /** SPEC §2: white icons at scroll top on narrow screens over the home banner or a key visual (never over a message screen). */
  white: boolean
  /**
   * On narrow screens this page's header floats over its top art (the home banner, a key
   * visual), so the art reaches the top of the screen, until the page scrolls.
   */
  overlayWhenNarrow: boolean
  /** SPEC §4: scrolled state when the scroll position is above 0. */
  scrolled: boolean
}

export function useHeaderMode(): HeaderMode {
  const { pathname } = useLocation()
  const scrolled = useScrolled()
  const narrow = useNarrow()
  // A not-found, maintenance or error screen on a route that would show art shows none.
  const artless = useArtlessScreenShown()
  const overlayWhenNarrow = !artless && headerIconsWhite({ pathname, narrow: true, scrollTop: 0 })
  const white = !artless && headerIconsWhite({ pathname, narrow, scrollTop: scrolled ? 1 : 0 })
  return { white, overlayWhenNarrow, scrolled }
}
