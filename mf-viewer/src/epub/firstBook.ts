import type { Chapter, EpubPublication, Locale, ReadProgress } from '@koma/contracts'
import { keyAction, tapAction, type TurnAction } from '@koma/contracts/domain'
import { FIRST_BOOK_GLOBAL, type FirstBookSignal } from '@koma/contracts/firstBook'
import type { EpubNavigator, EpubNavigatorListeners } from '@readium/navigator'
import type { Locator as ReadiumLocator } from '@readium/shared'
import { dressFrame, type PreparedBook, type ReadiumParts } from './bookOpening'
import { FramePager, flowOf } from './pager'

/**
 * The book the page opened before the app (bookStart.ts, issue 39), handed to the novel reader:
 * the open navigator, the element its frames are in, and the Readium it was built with (the
 * starter's own copy: the reader keeps using it for this book, so its classes are the navigator's).
 */
export interface FirstBook extends FirstBookSignal {
  /** The chapter and language it is (bookKey). */
  key: string
  chapter: Chapter
  answer: EpubPublication
  /** The place it opened at, as the reader would have chosen it. */
  initial: ReadProgress | null
  /** The book as opened (its publication, positions, where it opened): the reader takes it as it is. */
  book: PreparedBook
  readium: ReadiumParts
  navigator: EpubNavigator
  /** Settles with the navigator's first load: true once the first page is up, false if it failed. */
  loaded: Promise<boolean>
  /** The element the navigator draws its frames in (outside the app's tree until the reader takes it). */
  container: HTMLElement
  /** The reader's own pagers (pager.ts) it laid vertical or right-to-left documents out with: the reader's once it takes the book. */
  pagers: Map<Document, FramePager>
  /** The navigator's listeners pass to `target` once the reader has taken the book; before, the starter's own. */
  relay: { target: EpubNavigatorListeners | null; position: ReadiumLocator | null }
  /** Taken by a reader (once). */
  taken: boolean
}

/** The starter's box (before the reader takes it) and its style element. */
export const FIRST_BOOK_BOX_ID = 'koma-first-book-box'
export const FIRST_BOOK_STYLE_ID = 'koma-first-book-box-style'

/** What the starter wrote on the page: a signal only (it opened nothing), or a book. */
type Written = FirstBookSignal | FirstBook

const written = (): Written | undefined =>
  typeof window === 'undefined' ? undefined : (window as Window & { [FIRST_BOOK_GLOBAL]?: Written })[FIRST_BOOK_GLOBAL]

/** The key a book is known by: its chapter (type, title, episode, access) and language. */
export const bookKey = (chapter: Pick<Chapter, 'contentType' | 'contentId' | 'id' | 'salesType'>, locale: Locale): string =>
  `${chapter.contentType}:${chapter.contentId}:${chapter.id}:${chapter.salesType}:${locale}`

/** The page's book for this chapter, not yet taken. */
export function firstBookFor(chapter: Pick<Chapter, 'contentType' | 'contentId' | 'id' | 'salesType'>, locale: Locale): FirstBook | null {
  const book = written()
  return book && 'key' in book && !book.taken && book.key === bookKey(chapter, locale) ? book : null
}

const samePlace = (a: ReadProgress | null, b: ReadProgress | null): boolean =>
  a === b || (a !== null && b !== null && a.href === b.href && a.progression === b.progression && a.position === b.position)

/**
 * Takes the page's book for the reader, once: only the chapter's, opened where the reader would
 * open it. One opened elsewhere (the saved place changed meanwhile) is closed and not taken.
 */
export function takeFirstBook(chapter: Chapter, locale: Locale, initial: ReadProgress | null): FirstBook | null {
  const book = firstBookFor(chapter, locale)
  if (!book) return null
  book.taken = true
  if (samePlace(book.initial, initial)) return book
  dropFirstBook(book)
  return null
}

/** Closes a book the reader does not keep (a failed first load, another place). */
export function dropFirstBook(book: FirstBook): void {
  book.relay.target = null
  void book.navigator.destroy().catch(() => undefined)
  book.container.remove()
  book.container.ownerDocument.getElementById(FIRST_BOOK_STYLE_ID)?.remove()
}

/**
 * Moves the book's box, open frames and all, into the reader's box: `moveBefore` keeps each frame's
 * document (a plain move would reload it). It then fills the reader's box (the same size: nothing
 * is laid out again), and the reader's frame rules apply to it in place of the starter's.
 */
export function moveIntoReader(book: FirstBook, into: HTMLElement): boolean {
  const move = (into as HTMLElement & { moveBefore?: (node: Node, child: Node | null) => void }).moveBefore
  try {
    if (typeof move !== 'function') return false
    move.call(into, book.container, null)
  } catch {
    return false
  }
  book.container.removeAttribute('id')
  book.container.removeAttribute('data-testid')
  book.container.style.cssText = 'position:absolute;inset:0;overflow:hidden'
  book.container.ownerDocument.getElementById(FIRST_BOOK_STYLE_ID)?.remove()
  return true
}

/** What a book opened before the app does by itself: turn a page (the navigator's), the width taps are measured on, and lay out a document it shows. */
export interface EarlyReading {
  turn(action: 'next' | 'previous'): void
  width(): number
  placed(locator: ReadiumLocator): void
}

/**
 * Lays the document the navigator now shows out with the reader's own pager when its writing needs
 * it (vertical Japanese, right-to-left text), as the reader would (pagerBridge's syncPager), and
 * lands on the place the book opens at in it (then no longer pending: the reader finds it done).
 * False: Readium pages it (or a fixed-layout book, which the pager never takes).
 */
export function pageShownDocument(first: Pick<FirstBook, 'navigator' | 'pagers' | 'book' | 'chapter'>, locator: ReadiumLocator, scroll: boolean): boolean {
  if (first.chapter.epub?.layout === 'fixed') return false
  const frame = (first.navigator._cframes?.[0] as { iframe?: HTMLIFrameElement } | undefined)?.iframe
  let doc: Document | null = null
  try {
    doc = frame?.contentDocument ?? null
  } catch {
    doc = null
  }
  if (!doc) return false
  let pager = first.pagers.get(doc)
  if (!pager) {
    const flow = flowOf(doc)
    if (!flow) return false
    // Its swipes wait for the reader (which turns these documents: pagerBridge), as its keys do.
    pager = new FramePager(doc, flow, scroll, { swipe: () => undefined })
    pager.install()
    first.pagers.set(doc, pager)
  }
  const pending = first.book.pending
  if (pending && pending.href === locator.href) {
    pager.want(pending.where)
    first.book.pending = null
  }
  return true
}

/**
 * The navigator's listeners for a book opened before the app: once the reader has taken it, each
 * goes to the reader's own (`relay.target`). Before, its frames are dressed as the reader would
 * (their name, their lists' room), its place is kept for the reader, and a key or a tap on a side
 * turns the page as the reader's would (SPEC's tap zones and keys with the default key layout:
 * the starter turns only left-to-right books, for which the layout setting changes nothing); each
 * place is laid out (`early.placed`: the reader's pager where the writing needs it). The menus wait
 * for the reader.
 */
export function relayListeners(
  relay: FirstBook['relay'],
  chapter: Pick<Chapter, 'contentName' | 'name' | 'epub' | 'readingDirection'>,
  early: EarlyReading,
): EpubNavigatorListeners {
  const turn = (action: TurnAction) => {
    if (action === 'next' || action === 'previous') early.turn(action)
  }
  return new Proxy({} as EpubNavigatorListeners, {
    get:
      (_listeners, name: keyof EpubNavigatorListeners) =>
      (...args: unknown[]) => {
        const target = relay.target
        if (target) return (target[name] as (...each: unknown[]) => unknown)(...args)
        if (name === 'frameLoaded') dressFrame(args[0] as Window, chapter)
        if (name === 'positionChanged') {
          relay.position = args[0] as ReadiumLocator
          early.placed(relay.position)
        }
        if (name === 'peripheral') turn(keyAction((args[0] as { key?: string } | undefined)?.key ?? '', chapter.readingDirection, 'auto'))
        if (name === 'tap' || name === 'click') {
          const width = early.width()
          const x = ((args[0] as { x?: number } | undefined)?.x ?? 0) / (window.devicePixelRatio || 1)
          turn(tapAction(Math.min(width, Math.max(0, x)), width, chapter.readingDirection, 'auto'))
        }
        return name === 'tap' || name === 'click' || name === 'handleLocator' ? true : undefined
      },
  })
}

/** The page's turn keys before the app (the focus on the page, not in the book): the reader's own listener takes over with the book. */
export function earlyKeys(relay: FirstBook['relay'], chapter: Pick<Chapter, 'readingDirection'>, early: EarlyReading, win: Window = window): void {
  const onKey = (event: KeyboardEvent) => {
    if (relay.target) return win.removeEventListener('keydown', onKey)
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
    const action = keyAction(event.key, chapter.readingDirection, 'auto')
    if (action !== 'next' && action !== 'previous') return
    event.preventDefault()
    early.turn(action)
  }
  win.addEventListener('keydown', onKey)
}
