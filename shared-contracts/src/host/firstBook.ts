import type { EpubPublication } from '../api/endpoints/viewer'
import type { Chapter } from '../domain/types'
import type { Locale } from '../i18n/locales'
import type { PageDocument } from '../browser/pageDocument'

/**
 * A novel's first page before the app (issue 39). On a book's chapter page whose answers the edge
 * wrote into the page (the chapter's and the publication's manifest), the viewer's small
 * `book-start.js` opens the book with Readium as soon as it arrives, before the host's main.js is
 * even asked for; the host's loader runs main.js once that first page is up (or it gave up), and
 * the novel reader takes over the open book (mf-viewer's epub/firstBook.ts). What the edge, the
 * loader and the viewer agree on is here.
 */

/** `<script type="application/json" id="koma-first-book">`: where in the boot data the book's answers are. */
export const FIRST_BOOK_ID = 'koma-first-book'

/** What the edge writes under FIRST_BOOK_ID: the boot-data keys (bootKey) of the two answers, and their language. */
export interface FirstBookNote {
  chapter: string
  book: string
  locale: Locale
}

/** The file of mf-viewer's build that opens the book (infra/webpack pageEntries). */
export const BOOK_START_FILE = 'book-start.js'

/** The note the page carries, or null (none, or not ours). */
export function readFirstBookNote(doc: Pick<PageDocument, 'getElementById'>): FirstBookNote | null {
  const text = doc.getElementById(FIRST_BOOK_ID)?.textContent
  if (!text) return null
  try {
    const note = JSON.parse(text) as Partial<FirstBookNote> | null
    return note && typeof note.chapter === 'string' && typeof note.book === 'string' && typeof note.locale === 'string'
      ? { chapter: note.chapter, book: note.book, locale: note.locale }
      : null
  } catch {
    return null
  }
}

/**
 * A book the starter opens by itself: any EPUB chapter (vertical Japanese and right-to-left text
 * too: the starter lays their first document out with the reader's own pager), except a
 * fixed-layout book with reflowable documents (the app lays those out as text pages).
 */
export function opensBeforeApp(chapter: Pick<Chapter, 'chapterFileFormat' | 'epub'>, publication: Pick<EpubPublication, 'manifest'>): boolean {
  if (chapter.chapterFileFormat !== 'epub') return false
  if (chapter.epub?.layout !== 'fixed') return true
  const order = (publication.manifest.readingOrder ?? []) as { properties?: { layout?: unknown } }[]
  return !order.some((link) => link.properties?.layout === 'reflowable')
}

/** Where the starter tells the page it is opening a book (a window property: the loader is another build). */
export const FIRST_BOOK_GLOBAL = '__komaFirstBook'

/** What the loader reads there: settled once the book's first page is up, or the starter gave up. */
export interface FirstBookSignal {
  shown: Promise<unknown>
}

/** How long the app waits for a book's first page at most (ms): a stalled book must not hold the whole page. */
export const FIRST_BOOK_WAIT_MS = 3_000

/** The window's parts firstBookShown reads (typed here: the edge type-checks contracts without the DOM library). */
export interface FirstBookWindow {
  setTimeout(handler: () => void, ms: number): number
  clearTimeout(id: number): void
}

/** Settles when the page's book is up (or failed, or `capMs` passed); at once on a page without one. */
export function firstBookShown(win: FirstBookWindow, capMs = FIRST_BOOK_WAIT_MS): Promise<void> {
  const signal = (win as FirstBookWindow & { [FIRST_BOOK_GLOBAL]?: Partial<FirstBookSignal> })[FIRST_BOOK_GLOBAL]
  if (!signal || typeof signal.shown?.then !== 'function') return Promise.resolve()
  const shown = signal.shown
  return new Promise<void>((resolve) => {
    const timer = win.setTimeout(resolve, capMs)
    const done = () => {
      win.clearTimeout(timer)
      resolve()
    }
    shown.then(done, done)
  })
}
