import type { ImageQuality, KeyLayout } from './account-types'

/**
 * Reading rules shared by the viewer and the API: where a reader is (SPEC §3 read progress,
 * a Readium Locator), how pages pair into spreads, which way taps and keys turn pages, and
 * the windows the viewers load. Pure functions, no DOM.
 */

/** Which way a title's pages turn (left to right, right to left, or a top-to-bottom scroll). */
export type ReadingDirection = 'ltr' | 'rtl' | 'ttb'

/** SPEC §9: the position a finished chapter records. */
export const READ_FINISH_POSITION = 10000

/** SPEC §4: the reading guide shows this long when the reading direction changes. */
export const READING_GUIDE_MS = 2400

/** SPEC §3 read progress, the shape of a Readium Locator's essentials. */
export interface ReadProgress {
  href: string
  type: string
  /** 0..1 within the resource (a comic page; an EPUB reading-order item). */
  progression: number
  /** 0..1 within the whole chapter. */
  totalProgression: number
  /** 1-based position (comics: the page number); READ_FINISH_POSITION once finished. */
  position: number
}

/** The media type comic locators carry (their href is a page number, not a file). */
export const COMIC_PAGE_TYPE = 'image/x-koma-page'

const clamp01 = (value: number): number => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0)

/** A comic locator: href = page number, position = page number, progression = offset within it. */
export function comicLocator(pageIndex: number, offsetInPage: number, pageCount: number): ReadProgress {
  const count = Math.max(1, pageCount)
  const index = Math.min(Math.max(0, Math.floor(pageIndex)), count - 1)
  const progression = clamp01(offsetInPage)
  return {
    href: String(index + 1),
    type: COMIC_PAGE_TYPE,
    progression,
    totalProgression: clamp01((index + progression) / count),
    position: index + 1,
  }
}

/** Back from a comic locator to a page index and offset; null when it does not fit this chapter. */
export function pageOfLocator(
  locator: Pick<ReadProgress, 'href' | 'progression' | 'position'> | null | undefined,
  pageCount: number,
): { pageIndex: number; offset: number } | null {
  if (!locator || pageCount < 1 || locator.position === READ_FINISH_POSITION) return null
  const fromHref = /^[1-9][0-9]*$/.test(locator.href) ? Number(locator.href) : NaN
  const page = Number.isFinite(fromHref) ? fromHref : locator.position
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return null
  return { pageIndex: page - 1, offset: clamp01(locator.progression) }
}

/** The progress a finished chapter records (POST …/read/finished). */
export function finishedProgress(last: Pick<ReadProgress, 'href' | 'type'> = { href: '', type: '' }): ReadProgress {
  return { href: last.href, type: last.type, progression: 1, totalProgression: 1, position: READ_FINISH_POSITION }
}

/** A read-progress body from the outside world, or the reason it is refused. */
export function parseReadProgress(input: Record<string, unknown>): { ok: true; value: ReadProgress } | { ok: false; field: string } {
  const text = (key: string, max: number): string | null => {
    const value = input[key]
    return typeof value === 'string' && value.length <= max ? value : null
  }
  const ratio = (key: string): number | null => {
    const value = input[key]
    if (typeof value !== 'string' && typeof value !== 'number') return null
    if (typeof value === 'string' && !/^-?(\d+(\.\d*)?|\.\d+)(e-?\d+)?$/i.test(value.trim())) return null
    const number = Number(value)
    return Number.isFinite(number) && number >= 0 && number <= 1 ? number : null
  }
  const href = text('href', 2048)
  if (href === null || href === '') return { ok: false, field: 'href' }
  const type = text('type', 255)
  if (type === null) return { ok: false, field: 'type' }
  const progression = ratio('progression')
  if (progression === null) return { ok: false, field: 'progression' }
  const totalProgression = ratio('totalProgression')
  if (totalProgression === null) return { ok: false, field: 'totalProgression' }
  const rawPosition = input.position
  const position = typeof rawPosition === 'number' ? rawPosition : typeof rawPosition === 'string' && /^\d{1,6}$/.test(rawPosition) ? Number(rawPosition) : NaN
  if (!Number.isInteger(position) || position < 0 || position > READ_FINISH_POSITION) return { ok: false, field: 'position' }
  return { ok: true, value: { href, type, progression, totalProgression, position } }
}

/** A page's size as the viewer knows it (its image's width and height). */
export interface PageShape {
  width: number
  height: number
}

/** A page wider than tall: a double-page spread scanned as one image, shown alone (issue 37). */
export const isWidePage = (page: PageShape): boolean => page.width > page.height

/**
 * Paged layout (issue 37, smart spreads). Single pages; or on a wide screen, spreads: the cover
 * (page 0) alone, then pairs in reading order. A wide page stands alone and the pairing starts
 * afresh after it (a page left without a partner before it stands alone too), and so does an odd
 * last page. `shift` moves the pairing by one page, for a book whose pairing is off: the cover
 * pairs with the page after it, and every pair up to the next wide page moves by one.
 * Returns page indexes per spread, in reading order.
 */
export function spreads(pages: readonly PageShape[], double: boolean, shift = false): number[][] {
  if (!double) return pages.map((_, index) => [index])
  const result: number[][] = []
  let waiting: number | null = null
  pages.forEach((page, index) => {
    if (isWidePage(page) || (index === 0 && !shift)) {
      if (waiting !== null) result.push([waiting])
      waiting = null
      result.push([index])
    } else if (waiting === null) waiting = index
    else {
      result.push([waiting, index])
      waiting = null
    }
  })
  if (waiting !== null) result.push([waiting])
  return result
}

/** The spread holding a page (0 when the page is out of range). */
export function spreadOfPage(layout: number[][], pageIndex: number): number {
  const found = layout.findIndex((spread) => spread.includes(pageIndex))
  return found < 0 ? 0 : found
}

/** Pages of a spread from left to right on screen: right to left titles put the first page on the right. */
export function spreadOnScreen(spread: number[], direction: ReadingDirection): number[] {
  return direction === 'rtl' ? [...spread].reverse() : spread
}

/** Double pages when the screen is wide and landscape (a tablet or desktop held sideways). */
export function isDoublePageViewport(viewport: { width: number; height: number }): boolean {
  return viewport.width >= 768 && viewport.width > viewport.height
}

/**
 * The viewer setting (SPEC §2): automatic keys follow the reading direction (in a right-to-left
 * title the left arrow moves forward); fixed keys always go forward with the right arrow.
 */
export type TurnAction = 'next' | 'previous' | 'menu' | null

export function keyAction(key: string, direction: ReadingDirection, layout: KeyLayout): TurnAction {
  const rtl = direction === 'rtl' && layout === 'auto'
  switch (key) {
    case 'ArrowRight':
      return rtl ? 'previous' : 'next'
    case 'ArrowLeft':
      return rtl ? 'next' : 'previous'
    case 'ArrowDown':
    case 'PageDown':
    case ' ':
      return 'next'
    case 'ArrowUp':
    case 'PageUp':
      return 'previous'
    default:
      return null
  }
}

/**
 * Tap zones: the outer thirds turn pages (the side the next page lies on, or with a fixed layout
 * always the right side forward), the middle third shows or hides the menus.
 */
export function tapAction(x: number, width: number, direction: ReadingDirection, layout: KeyLayout): TurnAction {
  if (width <= 0) return 'menu'
  const share = x / width
  if (share > 1 / 3 && share < 2 / 3) return 'menu'
  const left = share <= 1 / 3
  const rtl = direction === 'rtl' && layout === 'auto'
  if (left) return rtl ? 'next' : 'previous'
  return rtl ? 'previous' : 'next'
}

/** A horizontal swipe: dragging toward the side the previous page lies on shows the next. */
export function swipeAction(dx: number, dy: number, direction: ReadingDirection, minDistance = 40): TurnAction {
  if (Math.abs(dx) < minDistance || Math.abs(dx) < Math.abs(dy) * 1.5) return null
  const towardLeft = dx < 0
  if (direction === 'rtl') return towardLeft ? 'previous' : 'next'
  return towardLeft ? 'next' : 'previous'
}

/** SPEC §4: show the reading guide when this title reads in another direction than the last one. */
export function shouldShowReadingGuide(previous: string | null, current: ReadingDirection): boolean {
  return previous !== current
}

/** Items [start, end) to keep loaded around the one in view: `ahead` forward, `behind` back. */
export function loadWindow(center: number, count: number, behind: number, ahead: number): { start: number; end: number } {
  if (count <= 0) return { start: 0, end: 0 }
  const at = Math.min(Math.max(0, center), count - 1)
  return { start: Math.max(0, at - behind), end: Math.min(count, at + ahead + 1) }
}

/** Tall strips are served in bands no taller than 1.25 widths (light to decode, quick to paint). */
export const TILE_MAX_RATIO = 1.25

/** Heights of the bands a width × height image is cut into (one band when it is not tall). */
export function tileHeights(width: number, height: number): number[] {
  if (width <= 0 || height <= 0) return [Math.max(0, height)]
  const count = Math.ceil(height / (width * TILE_MAX_RATIO))
  if (count <= 1) return [height]
  const base = Math.floor(height / count)
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? height - base * (count - 1) : base))
}

/** Image width for a box `cssWidth` wide: data-saving stays at one pixel per CSS pixel. */
export function qualityDensities(quality: ImageQuality): readonly number[] {
  return quality === 'high' ? [1, 2] : [1]
}
