import { BREAKPOINTS, headerIconsWhite } from '@koma/contracts'
import { useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'

function useScrollTop(): number {
  const [top, setTop] = useState(() => (typeof window === 'undefined' ? 0 : window.scrollY))
  useEffect(() => {
    const onScroll = () => setTop(window.scrollY)
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])
  return top
}

function useNarrow(): boolean {
  const query = `(max-width: ${BREAKPOINTS.narrowHeader}px)`
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(query).matches)
  useEffect(() => {
    const list = window.matchMedia?.(query)
    if (!list) return
    const onChange = () => setNarrow(list.matches)
    list.addEventListener('change', onChange)
    return () => list.removeEventListener('change', onChange)
  }, [query])
  return narrow
}

export interface HeaderMode {
  /** SPEC §2: white icons at scroll top on narrow screens over the home banner or a key visual. */
  white: boolean
  /** The header floats over the page's top art (so the art reaches the top of the screen). */
  overlay: boolean
  /** SPEC §4: scrolled state when the scroll position is above 0. */
  scrolled: boolean
}

export function useHeaderMode(): HeaderMode {
  const { pathname } = useLocation()
  const scrollTop = useScrollTop()
  const narrow = useNarrow()
  const overlay = headerIconsWhite({ pathname, narrow, scrollTop: 0 })
  const white = headerIconsWhite({ pathname, narrow, scrollTop })
  return { white, overlay, scrolled: scrollTop > 0 }
}
