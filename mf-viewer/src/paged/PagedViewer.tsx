import { sameWhileEqual, useBrowserValue, useT, type Chapter, type ImageQuality, type KeyLayout, type ReadProgress } from '@koma/contracts'
import {
  comicLocator,
  isDoublePageViewport,
  keyAction,
  pageOfLocator,
  spreadOfPage,
  spreadOnScreen,
  spreads,
  swipeAction,
  tapAction,
} from '@koma/contracts/domain'
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react'
import { spreadSources, spreadUrlFor } from '../images'
import { viewerMessages } from '../i18n/messages'
import { decodeAll } from './decode'
import { isShifted, rememberShift } from './spreadShift'
import { useZoom } from './useZoom'

export interface PagedViewerProps {
  chapter: Chapter
  quality: ImageQuality
  keyLayout: KeyLayout
  initial: ReadProgress | null
  report(progress: ReadProgress): void
  finish(last: ReadProgress): void
  chromeVisible: boolean
  onToggleChrome(): void
  /** A page was turned (the menus get out of the way). */
  onTurn(): void
  /** The end of the chapter, shown as the page after the last. */
  end: ReactNode
  /** Auto-scroll (issue 37): turn to the next spread every this many seconds; null when off. */
  turnEvery?: number | null
  /** Turning by itself reached the chapter's end. */
  onTurnedToEnd?(): void
  /** Paper (e-ink, issue 37): more contrast on the pages (turns have no motion in any case). */
  paper?: boolean
}

/** A phone's screen: what the edge, which has none, draws for (issue 13); pages are sized by `sizes`, so only a spread's layout depends on it. */
const DRAWN_SCREEN = { width: 390, height: 844 }

const onResize = (changed: () => void) => {
  window.addEventListener('resize', changed)
  return () => window.removeEventListener('resize', changed)
}

const readScreen = sameWhileEqual(() => ({ width: window.innerWidth, height: window.innerHeight }))

function useViewport() {
  return useBrowserValue(readScreen, DRAWN_SCREEN, onResize)
}

/** Ignore a second double-tap zoom or middle tap for this long (ms). */
const DOUBLE_TAP_MS = 260

/**
 * Volume comics and magazines: one page, or two with the cover alone on a wide landscape
 * screen (a wide page alone, a shift by one page remembered per title: contracts' `spreads`);
 * right to left for right-to-left titles. Tap zones, keys (automatic or fixed layout),
 * swipes, pinch and double-tap zoom; the next spread is decoded before it is shown. The page
 * after the last is the end of the chapter.
 */
export function PagedViewer({
  chapter,
  quality,
  keyLayout,
  initial,
  report,
  finish,
  chromeVisible,
  onToggleChrome,
  onTurn,
  end,
  turnEvery = null,
  onTurnedToEnd,
  paper = false,
}: PagedViewerProps) {
  const t = useT()
  const viewport = useViewport()
  const double = isDoublePageViewport(viewport)
  const pages = chapter.images
  // Shift by one page (issue 37): remembered per title in this browser; drawn unshifted.
  const storedShift = useBrowserValue(() => isShifted(chapter.contentId), false)
  const [chosenShift, setChosenShift] = useState<boolean | null>(null)
  const shift = chosenShift ?? storedShift
  const toggleShift = () => {
    rememberShift(chapter.contentId, !shift)
    setChosenShift(!shift)
  }
  const layout = useMemo(() => spreads(pages, double, shift), [pages, double, shift])
  const direction = chapter.readingDirection === 'rtl' ? 'rtl' : 'ltr'
  const [page, setPage] = useState(() => pageOfLocator(initial, pages.length)?.pageIndex ?? 0)
  // Where to open can change once after mounting: a page the edge drew (issue 13) opens at the
  // start, and this browser's own place arrives once hydrated.
  useEffect(() => {
    const at = pageOfLocator(initial, pages.length)
    if (at) setPage(at.pageIndex)
  }, [initial, pages.length])
  const [atEnd, setAtEnd] = useState(false)
  const index = atEnd ? layout.length : spreadOfPage(layout, page)
  const turn = useRef(0)
  const lastTap = useRef<{ at: number; x: number; y: number } | null>(null)
  const menuTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const chromeRef = useRef(chromeVisible)
  chromeRef.current = chromeVisible

  const urlsOf = useCallback(
    (spreadIndex: number) => {
      const spread = layout[spreadIndex] ?? []
      return spread.flatMap((p) => {
        const image = pages[p]
        return image ? [spreadUrlFor(image, spread.length === 2 ? 2 : 1, viewport, quality)] : []
      })
    },
    [layout, pages, viewport, quality],
  )

  const goTo = useCallback(
    async (target: number) => {
      const clamped = Math.max(0, Math.min(layout.length, target))
      const ticket = ++turn.current
      if (clamped < layout.length) await decodeAll(urlsOf(clamped))
      if (ticket !== turn.current) return
      if (clamped === layout.length) {
        setAtEnd(true)
        // The end of the chapter keeps the menus (the way back) on screen.
        if (!chromeRef.current) onToggleChrome()
      } else {
        onTurn()
        setAtEnd(false)
        setPage(layout[clamped]?.[0] ?? 0)
      }
    },
    [layout, urlsOf, onTurn, onToggleChrome],
  )

  const { zoom, reset, toggleAt, consumedGesture, stageRef, handlers } = useZoom(viewport, (dx, dy) => {
    const action = swipeAction(dx, dy, direction)
    if (action === 'next') void goTo(index + 1)
    else if (action === 'previous') void goTo(index - 1)
  })

  // A new spread: zoom out, record progress, decode the neighbours ahead of time.
  useEffect(() => {
    reset()
    if (index >= layout.length) {
      finish(comicLocator(pages.length - 1, 1, pages.length))
      return
    }
    report(comicLocator(layout[index]?.[0] ?? 0, 0, pages.length))
    for (const neighbour of [index + 1, index + 2, index - 1]) if (neighbour >= 0 && neighbour < layout.length) void decodeAll(urlsOf(neighbour), 0)
  }, [index, layout, pages.length, report, finish, urlsOf, reset])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      const target = event.target as HTMLElement | null
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) && (target as HTMLInputElement).type !== 'range') return
      if (event.key === 'Home' || event.key === 'End') {
        event.preventDefault()
        void goTo(event.key === 'Home' ? 0 : layout.length)
        return
      }
      const action = keyAction(event.key, chapter.readingDirection, keyLayout)
      if (action === 'next' || action === 'previous') {
        if (atEnd && action === 'next') return
        event.preventDefault()
        void goTo(action === 'next' ? index + 1 : index - 1)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [chapter.readingDirection, keyLayout, goTo, index, atEnd, layout.length])

  useEffect(
    () => () => {
      if (menuTimer.current) clearTimeout(menuTimer.current)
    },
    [],
  )

  // Auto-scroll's timed page turn (issue 37): the next spread every `turnEvery` seconds, to the end.
  useEffect(() => {
    if (turnEvery === null) return
    if (atEnd) {
      onTurnedToEnd?.()
      return
    }
    const timer = setTimeout(() => void goTo(index + 1), turnEvery * 1000)
    return () => clearTimeout(timer)
  }, [turnEvery, atEnd, index, goTo, onTurnedToEnd])

  const onStageClick = (event: MouseEvent<HTMLDivElement>) => {
    if (consumedGesture()) return
    const rect = event.currentTarget.getBoundingClientRect()
    const x = event.clientX - rect.left
    const y = event.clientY - rect.top
    const now = performance.now()
    const previous = lastTap.current
    lastTap.current = { at: now, x, y }
    const isDouble = previous && now - previous.at < DOUBLE_TAP_MS && Math.abs(previous.x - x) < 40 && Math.abs(previous.y - y) < 40
    if (zoom.scale > 1) {
      // Zoomed: taps pan nothing and turn nothing; a double tap zooms back out.
      if (isDouble) toggleAt(x, y)
      return
    }
    const action = tapAction(x, rect.width, direction, keyLayout)
    if (action === 'menu') {
      if (menuTimer.current) clearTimeout(menuTimer.current)
      if (isDouble) {
        lastTap.current = null
        onToggleChrome()
        toggleAt(x, y)
        return
      }
      menuTimer.current = setTimeout(onToggleChrome, DOUBLE_TAP_MS)
      return
    }
    void goTo(action === 'next' ? index + 1 : index - 1)
  }

  const spread = layout[index] ?? []
  const onScreen = spreadOnScreen(spread, chapter.readingDirection)
  const label = spread.length ? spread.map((p) => p + 1).join('-') : String(pages.length)

  return (
    <div
      data-testid="paged-viewer"
      data-direction={direction}
      data-double={double}
      data-shift={double && shift}
      data-spread={index}
      data-pages={spread.map((p) => p + 1).join(',')}
      css={{ position: 'fixed', inset: 0, background: '#111', overflow: 'hidden' }}
    >
      {atEnd ? (
        <div data-testid="paged-end" css={{ position: 'absolute', inset: 0, overflowY: 'auto', background: '#fff', paddingTop: 52 }}>
          {end}
          <button
            type="button"
            onClick={() => void goTo(layout.length - 1)}
            css={{ display: 'block', margin: '0 auto 48px', background: 'none', border: 0, color: '#6b6b6b', fontSize: 14, cursor: 'pointer', padding: 12 }}
          >
            {direction === 'rtl' ? '→' : '←'} {t(viewerMessages.previousPage)}
          </button>
        </div>
      ) : (
        <div
          data-testid="paged-stage"
          data-zoom={zoom.scale.toFixed(2)}
          ref={stageRef}
          role="presentation"
          onClick={onStageClick}
          {...handlers}
          css={{ position: 'absolute', inset: 0, touchAction: 'none', userSelect: 'none', WebkitUserSelect: 'none', cursor: 'pointer' }}
        >
          <div
            css={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              justifyContent: 'center',
              alignItems: 'center',
              transformOrigin: '0 0',
              willChange: zoom.scale > 1 ? 'transform' : 'auto',
            }}
            style={{ transform: zoom.scale > 1 ? `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` : undefined }}
          >
            {onScreen.map((p, slot) => {
              const image = pages[p]
              if (!image) return null
              const sources = spreadSources(image, onScreen.length === 2 ? 2 : 1, quality, viewport)
              const side = onScreen.length === 2 ? (slot === 0 ? 'flex-end' : 'flex-start') : 'center'
              return (
                <div
                  key={p}
                  css={{
                    height: '100%',
                    flex: onScreen.length === 2 ? '0 1 50%' : '0 1 100%',
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: side,
                    minWidth: 0,
                  }}
                >
                  <img
                    data-testid="page-image"
                    data-page={p + 1}
                    src={sources.src}
                    srcSet={sources.srcSet}
                    sizes={sources.sizes}
                    width={image.width}
                    height={image.height}
                    alt={image.description ?? t(viewerMessages.pageOf, { page: p + 1, name: chapter.name })}
                    // The pages on screen come first (the next are decoded ahead already).
                    fetchPriority="high"
                    draggable={false}
                    {...(index === 0 && slot === 0 ? { elementtiming: 'first-page' } : {})}
                    css={{
                      display: 'block',
                      maxWidth: '100%',
                      maxHeight: '100%',
                      width: 'auto',
                      height: 'auto',
                      objectFit: 'contain',
                      background: '#fff',
                      filter: paper ? 'contrast(1.25)' : undefined,
                    }}
                  />
                </div>
              )
            })}
          </div>
        </div>
      )}
      <footer
        data-testid="paged-footer"
        data-chrome
        data-visible={chromeVisible}
        css={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: 20,
          padding: '10px 16px calc(12px + env(safe-area-inset-bottom))',
          background: 'rgba(17,17,17,.94)',
          color: '#fff',
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          transform: chromeVisible ? 'none' : 'translateY(110%)',
          transition: 'transform .22s ease',
        }}
      >
        <span data-testid="page-indicator" css={{ fontSize: 13, fontVariantNumeric: 'tabular-nums', minWidth: 64 }}>
          {t(viewerMessages.page, { page: label, total: pages.length })}
        </span>
        <input
          type="range"
          aria-label={t(viewerMessages.pageSlider)}
          min={0}
          max={Math.max(0, layout.length - 1)}
          value={Math.min(index, layout.length - 1)}
          dir={direction}
          onChange={(event) => void goTo(Number(event.target.value))}
          css={{ flex: 1, accentColor: '#ff5b4a' }}
        />
        {double ? (
          <button
            type="button"
            data-testid="spread-shift"
            aria-pressed={shift}
            onClick={toggleShift}
            css={{
              flex: 'none',
              padding: '6px 12px',
              borderRadius: 16,
              border: '1px solid rgba(255,255,255,.55)',
              background: shift ? '#fff' : 'transparent',
              color: shift ? '#111' : '#fff',
              fontSize: 13,
              cursor: 'pointer',
            }}
          >
            {t(viewerMessages.shiftSpreads)}
          </button>
        ) : null}
      </footer>
    </div>
  )
}
