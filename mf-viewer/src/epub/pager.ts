/**
 * Our own pagination for the reflowable documents Readium's navigator cannot turn: vertical
 * writing (Japanese novels) and right-to-left horizontal text (Hebrew, Arabic).
 *
 * Why here and not in Readium: its column snapper (in @readium/navigator 2.4) moves
 * `scrollLeft` forwards only. A vertical-rl document lays its columns out in a way it never
 * scrolls (its `go_next` fails and the navigator jumps to the next document), and a
 * right-to-left one scrolls towards negative offsets, the wrong way for `go_next`. So for these
 * documents the reader turns pages itself, inside the same frames (they are our own blob:
 * documents), and Readium keeps loading documents, styles and preferences.
 *
 * - Vertical, paginated: the root becomes a multi-column box one screen wide whose columns are
 *   one screen tall. Vertical lines fill a column right to left, and the next column, the next
 *   page, comes below: a page never cuts a line, and turning is `scrollTop` by a screen.
 * - Vertical, scrolled: the text runs right to left in one strip that scrolls sideways.
 * - Right to left, paginated: Readium's own columns, turned by negative `scrollLeft`.
 */

export type PagedFlow = 'vertical' | 'rtl'

/** Which of our flows a document needs (null: Readium pages it well). */
export function flowOf(doc: Document): PagedFlow | null {
  const view = doc.defaultView
  if (!view || !doc.body) return null
  const body = view.getComputedStyle(doc.body)
  if (/^vertical|^sideways/.test(body.writingMode)) return 'vertical'
  if (body.direction === 'rtl') return 'rtl'
  return null
}

/** The page count of `extent` pixels of content shown `page` pixels at a time (at least one). */
export function pageCount(extent: number, page: number): number {
  if (page <= 0) return 1
  // Sub-pixel rounding of column boxes must not make a page of one pixel.
  return Math.max(1, Math.ceil((extent - 2) / page))
}

/** The page a scroll offset (its absolute value) shows. */
export function pageAt(offset: number, page: number, pages: number): number {
  if (page <= 0) return 0
  return Math.min(pages - 1, Math.max(0, Math.round(Math.abs(offset) / page)))
}

/** Progression within the document of a page (its start), 0 ≤ p < 1. */
export const progressionOf = (page: number, pages: number): number => (pages <= 1 ? 0 : page / pages)

/** The page a saved progression falls on. */
export function pageOfProgression(progression: number, pages: number): number {
  if (!Number.isFinite(progression)) return 0
  return Math.min(pages - 1, Math.max(0, Math.floor(progression * pages + 1e-6)))
}

/** The pager's style element in a document (documentReady.ts puts the same one in a vertical document before it is shown). */
export const PAGER_STYLE_ID = 'koma-pager'
const STYLE_ID = PAGER_STYLE_ID

/** The pager's style for a document of this flow, paginated or scrolled. */
export function styleFor(flow: PagedFlow, scroll: boolean): string {
  if (flow === 'rtl') return scroll ? '' : 'html { overflow: hidden !important; }'
  if (scroll) {
    return `html { overflow-x: auto !important; overflow-y: hidden !important; columns: auto !important; column-count: auto !important; column-width: auto !important; height: 100vh !important; max-width: none !important; }
body { overflow: visible !important; }`
  }
  return `html { overflow: hidden !important; columns: auto !important; column-count: auto !important; column-width: 100vh !important; column-gap: 0px !important; column-fill: auto !important; height: 100vh !important; width: 100vw !important; max-width: none !important; max-height: none !important; }
body { overflow: visible !important; }`
}

export interface PagerListener {
  /** A swipe asked for the next or previous page. */
  swipe(action: 'next' | 'previous'): void
  /** The page shown changed without a turn (the layout changed): progress is reported again. */
  moved?(): void
}

/**
 * Turns the pages of one frame's document. `page` is what the reader sees; the scroll offset is
 * kept on it whatever else (Readium's snapper on resize) moves it.
 */
/** What the pager reads from a frame whose document is gone: nothing to page. */
const DETACHED = { clientHeight: 0, clientWidth: 0, scrollHeight: 0, scrollWidth: 0, scrollTop: 0, scrollLeft: 0 }

export class FramePager {
  private page = 0
  private wanted: number | 'end' | null = null
  /**
   * Where a resume (or coming back) asked to be, kept until the reader turns a page: the frame
   * may still be resized or its fonts still load after it is first shown, and the page of a
   * progression changes with the layout.
   */
  private anchor: number | 'end' | null = null
  private detach: (() => void) | null = null

  constructor(
    readonly doc: Document,
    readonly flow: PagedFlow,
    readonly scroll: boolean,
    private listener: PagerListener,
  ) {}

  /** Who hears its swipes and moves from now on (the reader, taking a pager the page's starter installed). */
  listen(listener: PagerListener): void {
    this.listener = listener
  }

  /** The frame's scrolling box; a frame being torn down has none (its listeners may still fire). */
  private get root(): HTMLElement {
    return ((this.doc.scrollingElement as HTMLElement | null) ?? this.doc.documentElement ?? DETACHED) as HTMLElement
  }

  install(): void {
    const doc = this.doc
    const view = doc.defaultView
    if (!view) return
    doc.getElementById(STYLE_ID)?.remove()
    const style = doc.createElement('style')
    style.id = STYLE_ID
    style.dataset.readium = 'true'
    style.textContent = styleFor(this.flow, this.scroll)
    ;(doc.head ?? doc.documentElement).appendChild(style)
    if (this.scroll) {
      // Scrolled vertical text: the wheel's up and down move along the lines' flow (sideways).
      const onWheel = (event: WheelEvent) => {
        if (this.flow !== 'vertical' || Math.abs(event.deltaX) > Math.abs(event.deltaY)) return
        this.root.scrollLeft -= event.deltaY
        event.preventDefault()
      }
      view.addEventListener('wheel', onWheel, { passive: false })
      this.detach = () => view.removeEventListener('wheel', onWheel)
      return
    }
    // Swipes: Readium's snapper would take them for "no more pages" and change documents.
    let start: { x: number; y: number } | null = null
    const onStart = (event: TouchEvent) => {
      event.stopPropagation()
      const touch = event.touches[0]
      start = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null
    }
    const onMove = (event: TouchEvent) => event.stopPropagation()
    const onEnd = (event: TouchEvent) => {
      event.stopPropagation()
      const touch = event.changedTouches[0]
      if (!start || !touch) return
      const dx = touch.clientX - start.x
      const dy = touch.clientY - start.y
      start = null
      if (Math.abs(dx) < 40 || Math.abs(dx) < Math.abs(dy)) return
      // Right-to-left books: the next page lies to the left, so a swipe to the right brings it.
      this.listener.swipe(dx > 0 ? 'next' : 'previous')
    }
    const onScroll = () => this.keep()
    const onResize = () => view.requestAnimationFrame(() => this.relayout())
    void doc.fonts?.ready.then(() => this.relayout())
    view.addEventListener('touchstart', onStart, { capture: true, passive: true })
    view.addEventListener('touchmove', onMove, { capture: true, passive: true })
    view.addEventListener('touchend', onEnd, { capture: true, passive: true })
    view.addEventListener('scroll', onScroll, { passive: true })
    view.addEventListener('resize', onResize)
    this.detach = () => {
      view.removeEventListener('touchstart', onStart, { capture: true })
      view.removeEventListener('touchmove', onMove, { capture: true })
      view.removeEventListener('touchend', onEnd, { capture: true })
      view.removeEventListener('scroll', onScroll)
      view.removeEventListener('resize', onResize)
    }
    this.show(0)
  }

  uninstall(): void {
    this.detach?.()
    this.detach = null
    this.doc.getElementById(STYLE_ID)?.remove()
  }

  /** One screen, in the direction pages advance. */
  private pageSize(): number {
    return this.flow === 'vertical' && !this.scroll ? this.root.clientHeight : this.root.clientWidth
  }

  private extent(): number {
    return this.flow === 'vertical' && !this.scroll ? this.root.scrollHeight : this.root.scrollWidth
  }

  private offset(): number {
    return this.flow === 'vertical' && !this.scroll ? this.root.scrollTop : this.root.scrollLeft
  }

  private setOffset(value: number): void {
    if (this.flow === 'vertical' && !this.scroll) this.root.scrollTop = value
    else this.root.scrollLeft = value
  }

  private target(page: number): number {
    const size = this.pageSize()
    // Right-to-left and vertical-rl scroll sideways towards negative offsets.
    return this.flow === 'vertical' && !this.scroll ? page * size : -page * size
  }

  pages(): number {
    return pageCount(this.extent(), this.pageSize())
  }

  current(): number {
    if (this.scroll) return pageAt(this.offset(), this.pageSize(), this.pages())
    return this.page
  }

  progression(): number {
    return progressionOf(this.current(), this.pages())
  }

  /** Where the reader is, to come back to: a resume's place while it holds, else this page's progression. */
  place(): number | 'end' {
    return this.anchor ?? this.progression()
  }

  atEnd(): boolean {
    if (this.scroll) return Math.abs(this.offset()) + this.pageSize() >= this.extent() - 2
    return this.page >= this.pages() - 1
  }

  /** Show a page (clamped); in scrolled mode, scroll there. */
  show(page: number): void {
    const clamped = Math.min(this.pages() - 1, Math.max(0, page))
    this.page = clamped
    this.setOffset(this.target(clamped))
  }

  /** Where to go once the document is laid out (a resume, or the end when coming back). */
  want(where: number | 'end'): void {
    this.wanted = where
    this.anchor = where
    this.settle()
    this.followLayout()
  }

  /**
   * While a resume's anchor holds, put the page back on it whenever the document's extent or the
   * page size changes. Styles and columns can settle a few frames after the document is shown
   * without any resize or font event (seen under load at 1280 px: a resume landed on page 0).
   * Watches for at most ~10 s of frames, and stops as soon as the reader turns a page.
   */
  private followLayout(): void {
    const view = this.doc.defaultView
    if (!view || this.scroll) return
    let seen = `${this.extent()}x${this.pageSize()}`
    let frames = 0
    const watch = () => {
      if (this.anchor === null || !this.doc.defaultView || frames++ > 600) return
      const now = `${this.extent()}x${this.pageSize()}`
      if (now !== seen) {
        seen = now
        this.relayout()
      }
      view.requestAnimationFrame(watch)
    }
    view.requestAnimationFrame(watch)
  }

  /** The layout changed (size, fonts): back to the anchor, or to the same page if it still exists. */
  private relayout(): void {
    if (this.scroll) return
    if (this.anchor === 'end') this.show(this.pages() - 1)
    else if (this.anchor !== null) this.show(pageOfProgression(this.anchor, this.pages()))
    else this.show(Math.min(this.page, this.pages() - 1))
    this.listener.moved?.()
  }

  /** Apply a wanted place; true when there was one. */
  settle(): boolean {
    if (this.wanted === null) return false
    const where = this.wanted
    this.wanted = null
    if (where === 'end') this.show(this.pages() - 1)
    else this.show(pageOfProgression(where, this.pages()))
    return true
  }

  /** The next page in reading order; false at the last (the caller moves to the next document). */
  next(): boolean {
    if (this.scroll) {
      if (this.atEnd()) return false
      this.setOffset(this.offset() + (this.flow === 'vertical' || this.flow === 'rtl' ? -1 : 1) * this.pageSize() * 0.9)
      return true
    }
    if (this.page >= this.pages() - 1) return false
    this.anchor = null
    this.show(this.page + 1)
    return true
  }

  previous(): boolean {
    if (this.scroll) {
      if (Math.abs(this.offset()) < 2) return false
      this.setOffset(this.offset() + this.pageSize() * 0.9)
      return true
    }
    if (this.page <= 0) return false
    this.anchor = null
    this.show(this.page - 1)
    return true
  }

  /** Put the offset back on the page shown when something else scrolled the document. */
  private keep(): void {
    if (this.scroll) return
    const want = this.target(this.page)
    if (Math.abs(this.offset() - want) > 1) this.setOffset(want)
  }
}
