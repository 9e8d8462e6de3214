import { positionsFromCounts, type Chapter, type EpubPublication, type ReadProgress } from '@koma/contracts'
import type * as ReadiumNavigator from '@readium/navigator'
import type { EpubNavigator, EpubNavigatorListeners } from '@readium/navigator'
import type * as ReadiumShared from '@readium/shared'
import type { Locator as ReadiumLocator } from '@readium/shared'
import { fitListMarkers } from './bookStyle'
import { documentReadyInjectables } from './documentReady'
import { THEMES, type ReaderPrefs } from './readerPrefs'

/**
 * Opening a book in Readium's navigator, without React: what the novel reader (useReadiumNavigator)
 * and the page's own book starter (bookStart.ts, issue 39: the first page before the app) both do,
 * so a book opens the same way, on the same page, whichever opens it.
 */

/** The parts of Readium a book is opened with. */
export interface ReadiumParts {
  navigator: Pick<typeof ReadiumNavigator, 'EpubNavigator' | 'EpubPreferences'>
  shared: Pick<typeof ReadiumShared, 'HttpFetcher' | 'Link' | 'Locator' | 'LocatorLocations' | 'Manifest' | 'Publication'>
}

/** The built-ins Readium calls that Safari before 15.4 lacks (readiumPolyfills.ts installs them). */
export function lacksReadiumBuiltIns(): boolean {
  return (
    typeof Object.hasOwn !== 'function' ||
    typeof Array.prototype.findLastIndex !== 'function' ||
    typeof Array.prototype.at !== 'function' ||
    typeof String.prototype.at !== 'function'
  )
}

/** The URL of a reading-order document: relative to the manifest's self link, as Readium's fetcher resolves it. */
export function documentUrl(publication: Pick<EpubPublication, 'manifest'>, href: string, base = window.location.href): string | null {
  const links = (publication.manifest.links ?? []) as { rel?: string | string[]; href: string }[]
  const self = links.find((link) => (Array.isArray(link.rel) ? link.rel.includes('self') : link.rel === 'self'))
  if (!self) return null
  const selfUrl = new URL(self.href, base)
  return new URL(href, selfUrl.href.slice(0, selfUrl.href.lastIndexOf('/') + 1)).href
}

/** How many of the first document's images are fetched ahead: the first page shows one or two at most. */
const FIRST_IMAGES = 2

export function warmFirstDocument(publication: EpubPublication, startHref: string | null): void {
  if (typeof fetch !== 'function' || typeof DOMParser === 'undefined') return
  const order = (publication.manifest.readingOrder ?? []) as { href: string; type?: string }[]
  const first = order.find((link) => link.href === startHref) ?? order[0]
  const url = first ? documentUrl(publication, first.href) : null
  if (!first || !url) return
  void fetch(url)
    .then((response) => (response.ok ? response.text() : null))
    .then((text) => {
      if (!text) return
      const doc = new DOMParser().parseFromString(text, first.type === 'text/html' ? 'text/html' : 'application/xhtml+xml')
      const styles = [...doc.querySelectorAll('link[rel~="stylesheet"][href]')].map((link) => link.getAttribute('href') as string)
      const images = [...doc.querySelectorAll('img[src], image')]
        .map((image) => image.getAttribute('src') ?? image.getAttribute('href') ?? image.getAttribute('xlink:href'))
        .filter((src): src is string => Boolean(src))
        .slice(0, FIRST_IMAGES)
      // Only the book's own resources, under its folder: a book's markup is the publisher's (or an
      // attacker's), and a URL it names elsewhere on the site (the reader's profile, say) must never
      // be fetched with the reader's cookies (epubSecurity.e2e).
      const bookFolder = documentUrl(publication, '')
      for (const href of [...styles, ...images]) {
        const resolved = new URL(href, url)
        if (bookFolder && resolved.origin === window.location.origin && resolved.href.startsWith(bookFolder) && !resolved.search)
          void fetch(resolved.href)
            .then((response) => response.arrayBuffer())
            .catch(() => undefined)
      }
    })
    .catch(() => undefined)
}

/** Arrow keys, page keys and space, forwarded from inside the book's frames. */
const TURN_KEYS = [37, 39, 32, 33, 34].map((keyCode) => ({ keyCode }))

/** The end of a book as read progress: SPEC §3's finished position. */
export const FINISHED_POSITION = 10000

/** A book whose package asks to be scrolled (rendition:flow scrolled-doc or scrolled-continuous). */
export function scrolledBook(metadata: Record<string, unknown> | undefined): boolean {
  const presentation = metadata?.presentation as { overflow?: string } | undefined
  return presentation?.overflow === 'scrolled'
}

/** The side room of scrolled text, in CSS pixels. */
const SCROLL_SIDE_PADDING = 16

export function navigatorPreferences(prefs: ReaderPrefs, vertical: boolean, scrolled = false) {
  const theme = THEMES[prefs.theme]
  const scroll = prefs.scroll || scrolled
  const base = {
    fontSize: prefs.fontSize,
    backgroundColor: theme.background,
    textColor: theme.text,
    scroll,
    // Scrolled, the text keeps off the screen's edges on a phone as a paginated page does (Readium's
    // page gutter is for pages only); on a wide screen the line length centres it anyway.
    ...(scroll ? { scrollPaddingLeft: SCROLL_SIDE_PADDING, scrollPaddingRight: SCROLL_SIDE_PADDING } : {}),
  }
  // Vertical Japanese: lines run top to bottom, so let them use the page's height.
  return vertical ? { ...base, maximalLineLength: null } : base
}

/** A chapter's book is Japanese (or Chinese, Korean) written right to left: its lines run top to bottom. */
export const verticalBook = (chapter: Pick<Chapter, 'readingDirection' | 'epub'>): boolean =>
  chapter.readingDirection === 'rtl' && /^(ja|zh|ko)/i.test(chapter.epub?.language ?? '')

/** A book ready for the navigator: its publication, positions, and where it opens. */
export interface PreparedBook {
  publication: ReadiumShared.Publication
  readingOrder: ReadiumShared.Link[]
  positions: ReadiumLocator[]
  /** Where it opens (undefined: the beginning). */
  start: ReadiumLocator | undefined
  /** The document and place the reader's own pager should show once that document is up. */
  pending: { href: string; where: number | 'end' } | null
  /** Read to the end before: it opens on its last page, with the end offered. */
  endOpen: boolean
  scrolled: boolean
}

/**
 * The publication from the API's answer (its self link made absolute: the frames load each file
 * through a <base> of its absolute URL), its positions, and where it opens: the saved place when
 * the book still has it, its last page when it was read to the end, else its beginning.
 */
export function prepareBook({ shared }: ReadiumParts, answer: EpubPublication, initial: ReadProgress | null, base = window.location.href): PreparedBook {
  const links = (answer.manifest.links as { rel?: string; href: string }[]).map((link) =>
    link.rel === 'self' ? { ...link, href: new URL(link.href, base).href } : link,
  )
  const self = links.find((link) => link.rel === 'self')?.href ?? base
  const manifest = shared.Manifest.deserialize({ ...answer.manifest, links })
  if (!manifest) throw new Error('manifest')
  const publication = new shared.Publication({ manifest, fetcher: new shared.HttpFetcher(undefined, self.slice(0, self.lastIndexOf('/') + 1)) })
  const listed = answer.positionCounts
    ? positionsFromCounts(answer.manifest.readingOrder as { href: string; type?: string }[], answer.positionCounts)
    : answer.positions
  const positions = listed.map((position) => shared.Locator.deserialize(position)).filter((position): position is ReadiumLocator => Boolean(position))
  const startHref = initial && positions.some((position) => position.href === initial.href) ? initial.href : null
  const last = positions[positions.length - 1]
  const scrolled = scrolledBook(answer.manifest.metadata as Record<string, unknown>)
  const readingOrder = manifest.readingOrder.items
  if (initial?.position === FINISHED_POSITION && last !== undefined) {
    // Read to the end before: open on the last page, with the end (next episode, read again) offered.
    return {
      publication,
      readingOrder,
      positions,
      start: last.copyWithLocations({ progression: 0.999 }),
      pending: { href: last.href, where: 'end' },
      endOpen: true,
      scrolled,
    }
  }
  if (startHref && initial) {
    const start = new shared.Locator({
      href: startHref,
      type: initial.type,
      locations: new shared.LocatorLocations({ progression: initial.progression, totalProgression: initial.totalProgression, position: initial.position }),
    })
    return { publication, readingOrder, positions, start, pending: { href: startHref, where: initial.progression }, endOpen: false, scrolled }
  }
  return { publication, readingOrder, positions, start: undefined, pending: null, endOpen: false, scrolled }
}

/** The navigator over a prepared book, drawing its frames in `box`, opening at `from`. */
export function createNavigator(
  { navigator }: ReadiumParts,
  box: HTMLElement,
  book: PreparedBook,
  listeners: EpubNavigatorListeners,
  from: ReadiumLocator | undefined,
  preferences: ReturnType<typeof navigatorPreferences>,
): EpubNavigator {
  return new navigator.EpubNavigator(box as HTMLElement & HTMLDivElement, book.publication, listeners, book.positions, from, {
    preferences,
    defaults: {},
    keyboardPeripherals: [{ type: 'turn', keyCombos: TURN_KEYS }],
    // Each document says when it can be shown, before its fonts are in (issue 39).
    // A fixed-layout book's documents are never the pager's: not laid out by its style either.
    injectables: documentReadyInjectables(String(book.publication.metadata.effectiveLayout) !== 'fixed'),
  } as never)
}

/**
 * A reflowable book's frame, once its document is in: named for assistive technology (WCAG 4.1.2,
 * axe frame-title: the chapter it shows) and its lists' markers given room.
 */
export function dressFrame(wnd: Window, chapter: Pick<Chapter, 'contentName' | 'name' | 'epub'>): void {
  try {
    wnd.frameElement?.setAttribute('title', [chapter.contentName, chapter.name].filter(Boolean).join(' – '))
    if (chapter.epub?.layout !== 'fixed') fitListMarkers(wnd.document)
  } catch {
    /* a frame we cannot reach (being torn down) */
  }
}
