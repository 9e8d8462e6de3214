import { useBrowserValue, useT, type Chapter, type ImageQuality, type ReadProgress } from '@koma/contracts'
import { comicLocator, pageOfLocator, STRIP_MAX_WIDTH } from '@koma/contracts/domain'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react'
import { viewerMessages } from '../i18n/messages'
import { stripSources } from '../images'
import { prefetchChapter } from '../prefetch'

/** The strip's column on this screen (the edge, drawing the page, has none: the widest). */
const columnWidth = () => Math.min(STRIP_MAX_WIDTH, window.innerWidth || STRIP_MAX_WIDTH)

interface StripItem {
  page: number
  band: number
  url: string
  width: number
  height: number
}

/** How far around the viewport images stay loaded, in viewport heights. */
const LOAD_BEHIND = 1.5
const LOAD_AHEAD = 3

export interface VerticalViewerProps {
  chapter: Chapter
  quality: ImageQuality
  initial: ReadProgress | null
  report(progress: ReadProgress): void
  finish(last: ReadProgress): void
  onScrollDirection(down: boolean): void
  onTap(): void
  /** Rendered after the strip (the end of the chapter). */
  end: ReactNode
  /** "Paper (e-ink)" (issue 37): keys and taps move a whole screen at once, no motion, more contrast. */
  paper?: boolean
}

/** The header's height: a whole-screen step keeps that much of the last screen in view. */
const HEADER_PX = 52

/** Paper mode's step: a whole screen, instantly (no smooth scroll on e-ink). */
const pageScreen = (direction: 1 | -1) => window.scrollBy({ top: direction * (window.innerHeight - HEADER_PX), behavior: 'instant' })

function pageRange(items: StripItem[], page: number): [number, number] {
  const first = items.findIndex((item) => item.page === page)
  let last = first
  while (items[last + 1]?.page === page) last++
  return [first, last]
}

/**
 * The webtoon strip. Every band reserves its box from width and height before anything loads
 * (no layout shift); images exist only in a window around the reader (IntersectionObserver)
 * and are released once far away, so a 200-image chapter stays light on a phone. Tall strips
 * arrive in bands (PageImage.tiles). Near the end the next chapter's first images are fetched.
 */
export function VerticalViewer({ chapter, quality, initial, report, finish, onScrollDirection, onTap, end, paper = false }: VerticalViewerProps) {
  const items = useMemo<StripItem[]>(
    () =>
      chapter.images.flatMap((image, page) =>
        (image.tiles ?? [image]).map((tile, band) => ({ page, band, url: tile.url, width: tile.width, height: tile.height })),
      ),
    [chapter.images],
  )
  const pageCount = chapter.images.length
  const t = useT()
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set([0, 1, 2]))
  const boxes = useRef<(HTMLDivElement | null)[]>([])
  const endRef = useRef<HTMLDivElement | null>(null)
  const current = useRef<ReadProgress | null>(null)
  const prefetched = useRef(false)
  // Phones use their full width, larger screens a readable column (issue 13: hydration-safe).
  const cssWidth = useBrowserValue(columnWidth, STRIP_MAX_WIDTH)

  const prefetch = useCallback(() => {
    if (prefetched.current) return
    prefetched.current = true
    prefetchChapter(chapter, quality, cssWidth)
  }, [chapter, quality, cssWidth])

  // The load window: what is within a few screens of the viewport.
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') {
      setNear(new Set(items.map((_, i) => i)))
      return
    }
    const vh = window.innerHeight || 800
    const observer = new IntersectionObserver(
      (entries) => {
        setNear((previous) => {
          const next = new Set(previous)
          for (const entry of entries) {
            const index = Number((entry.target as HTMLElement).dataset.index)
            if (entry.isIntersecting) next.add(index)
            else next.delete(index)
          }
          return next.size === previous.size && [...next].every((i) => previous.has(i)) ? previous : next
        })
      },
      { rootMargin: `${Math.round(vh * LOAD_BEHIND)}px 0px ${Math.round(vh * LOAD_AHEAD)}px 0px` },
    )
    for (const box of boxes.current.slice(0, items.length)) if (box) observer.observe(box)
    return () => observer.disconnect()
  }, [items])

  /** The page under the reading line (40 % down the screen) and how far into it. */
  const locate = useCallback((): ReadProgress | null => {
    const line = window.innerHeight * 0.4
    let low = 0
    let high = items.length - 1
    let found = -1
    while (low <= high) {
      const mid = (low + high) >> 1
      const rect = boxes.current[mid]?.getBoundingClientRect()
      if (!rect) return null
      if (rect.top <= line) {
        found = mid
        low = mid + 1
      } else high = mid - 1
    }
    const item = items[found]
    if (!item) return comicLocator(0, 0, pageCount)
    const page = item.page
    const [first, last] = pageRange(items, page)
    const top = boxes.current[first]?.getBoundingClientRect().top ?? 0
    const bottom = boxes.current[last]?.getBoundingClientRect().bottom ?? top + 1
    return comicLocator(page, (line - top) / Math.max(1, bottom - top), pageCount)
  }, [items, pageCount])

  // Resume where the reader left off (boxes have their size already, so this is exact).
  useLayoutEffect(() => {
    const at = pageOfLocator(initial, pageCount)
    if (!at) {
      window.scrollTo(0, 0)
      return
    }
    const [first, last] = pageRange(items, at.pageIndex)
    const top = (boxes.current[first]?.getBoundingClientRect().top ?? 0) + window.scrollY
    const bottom = (boxes.current[last]?.getBoundingClientRect().bottom ?? 0) + window.scrollY
    window.scrollTo(0, Math.max(0, top + at.offset * (bottom - top) - window.innerHeight * 0.4))
  }, [chapter.id, initial, items, pageCount])

  // Opening the chapter records it (SPEC §4 recent), scrolled or not: its place now, or the
  // start. The paged viewer and the EPUB reader record their first page the same way.
  useEffect(() => {
    report(initial ?? comicLocator(0, 0, pageCount))
    // Once per chapter: later places come from the scroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chapter.id])

  // Progress, chrome direction and prefetching, once per frame while scrolling.
  useEffect(() => {
    let frame = 0
    let lastY = window.scrollY
    const onScroll = () => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        const y = window.scrollY
        if (Math.abs(y - lastY) > 8) onScrollDirection(y > lastY && y > 60)
        lastY = y
        const at = locate()
        if (!at) return
        current.current = at
        report(at)
        if (at.position >= pageCount - 2) prefetch()
      })
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [locate, report, onScrollDirection, pageCount, prefetch])

  // Reaching the end of the strip finishes the chapter.
  useEffect(() => {
    const target = endRef.current
    if (!target || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      finish(current.current ?? comicLocator(pageCount - 1, 1, pageCount))
      prefetch()
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [finish, pageCount, prefetch])

  // Paper mode: the scrolling keys move a whole screen at once (the browser's own would glide).
  useEffect(() => {
    if (!paper) return
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      const target = event.target as HTMLElement | null
      if (target && (/^(INPUT|TEXTAREA|SELECT|BUTTON|A)$/.test(target.tagName) || target.isContentEditable)) return
      const down = event.key === 'ArrowDown' || event.key === 'PageDown' || (event.key === ' ' && !event.shiftKey)
      const up = event.key === 'ArrowUp' || event.key === 'PageUp' || (event.key === ' ' && event.shiftKey)
      if (!down && !up) return
      event.preventDefault()
      pageScreen(down ? 1 : -1)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [paper])

  /** A tap: in paper mode the lower third moves a screen on, the upper third back, the middle shows the menus. */
  const tap = (event: MouseEvent<HTMLDivElement>) => {
    if (!paper) {
      onTap()
      return
    }
    const y = event.clientY / (window.innerHeight || 1)
    if (y > 2 / 3) pageScreen(1)
    else if (y < 1 / 3) pageScreen(-1)
    else onTap()
  }

  return (
    <>
      <div
        data-testid="vertical-strip"
        data-pages={pageCount}
        data-paper={paper}
        role="presentation"
        onClick={tap}
        css={{ maxWidth: STRIP_MAX_WIDTH, margin: '0 auto', background: '#fff', userSelect: 'none', WebkitTouchCallout: 'none' }}
      >
        {items.map((item, index) => {
          const { src, srcSet, sizes } = stripSources(item.url, quality, cssWidth)
          return (
            <div
              key={`${item.url}:${index}`}
              ref={(element) => {
                boxes.current[index] = element
              }}
              data-index={index}
              data-page={item.page + 1}
              data-testid="strip-band"
              data-size={`${item.width}x${item.height}`}
              css={{ position: 'relative', width: '100%', aspectRatio: `${item.width} / ${item.height}`, background: '#f2f2f2' }}
            >
              {near.has(index) ? (
                <img
                  data-testid="page-image"
                  src={src}
                  srcSet={srcSet}
                  sizes={sizes}
                  width={item.width}
                  height={item.height}
                  alt={
                    // The page's description names it for screen readers; its later bands are part of the same picture.
                    item.band === 0 ? (chapter.images[item.page]?.description ?? t(viewerMessages.pageOf, { page: item.page + 1, name: chapter.name })) : ''
                  }
                  decoding="async"
                  fetchPriority={index < 2 ? 'high' : 'auto'}
                  {...(index === 0 ? { elementtiming: 'first-page' } : {})}
                  draggable={false}
                  css={{ display: 'block', position: 'absolute', inset: 0, width: '100%', height: '100%', filter: paper ? 'contrast(1.25)' : undefined }}
                />
              ) : null}
            </div>
          )
        })}
      </div>
      <div ref={endRef} data-testid="strip-end" css={{ height: 1 }} />
      {end}
    </>
  )
}
