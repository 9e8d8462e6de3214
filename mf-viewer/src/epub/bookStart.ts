import { readBootData, type Chapter, type EpubPublication } from '@koma/contracts'
import { FIRST_BOOK_GLOBAL, opensBeforeApp, readFirstBookNote, type FirstBookSignal } from '@koma/contracts/firstBook'
import { EpubNavigator, EpubPreferences } from '@readium/navigator'
import { HttpFetcher, Link, Locator, LocatorLocations, Manifest, Publication } from '@readium/shared'
import { createNavigator, lacksReadiumBuiltIns, navigatorPreferences, prepareBook, verticalBook, warmFirstDocument, type ReadiumParts } from './bookOpening'
import { bookKey, earlyKeys, FIRST_BOOK_BOX_ID, FIRST_BOOK_STYLE_ID, pageShownDocument, relayListeners, type EarlyReading, type FirstBook } from './firstBook'
import type { FramePager } from './pager'
import { FRAME_BOTTOM, FRAME_TOP } from './frameBox'
import { openingPlace } from '../progress'
import { loadReaderPrefs, THEMES } from './readerPrefs'

/**
 * mf-viewer's `book-start.js` (issue 39): a novel's first page before the app. The edge puts it in
 * a book chapter's page (with the chapter's and the publication's answers, FIRST_BOOK_ID) instead
 * of the reader's chunks; it opens the book with Readium the moment it has run, in a box of its own
 * where the reader's frames will be, while the host's main.js waits (its loader waits for `shown`,
 * contracts' firstBook.ts). The novel reader then takes the open book into its own box
 * (useReadiumNavigator, epub/firstBook.ts). Its own build (infra/webpack pageEntries): Readium and
 * this, no React, no federation. It opens nothing (the app opens the book as before) in a browser
 * that cannot move the open frames into the app's tree without reloading them (Element.moveBefore),
 * or that lacks Readium's built-ins, and for a book only the app pages (contracts' opensBeforeApp).
 */

const readium: ReadiumParts = {
  navigator: { EpubNavigator, EpubPreferences },
  shared: { HttpFetcher, Link, Locator, LocatorLocations, Manifest, Publication },
}

/** The book's box, where the reader's will be (under its header, over its footer), in the reader's theme. */
function box(background: string): HTMLElement {
  const style = document.createElement('style')
  style.id = FIRST_BOOK_STYLE_ID
  // The first page shows at once: no fade (EpubReader's frame rules say the same while it loads).
  // Around it, until the reader is drawn, the viewer's dark page (ViewerPage) rather than the
  // host's empty-page header bar.
  style.textContent = `#${FIRST_BOOK_BOX_ID} iframe{border:0}#${FIRST_BOOK_BOX_ID} .readium-navigator-iframe{width:100%;height:100%;transition:none!important}body{background:#111}#root:empty::before{display:none}`
  document.head.appendChild(style)
  const element = document.createElement('div')
  element.id = FIRST_BOOK_BOX_ID
  element.dataset.testid = 'epub-frame'
  element.style.cssText = `position:fixed;top:${FRAME_TOP}px;bottom:${FRAME_BOTTOM}px;left:0;right:0;overflow:hidden;background:${background}`
  document.body.appendChild(element)
  return element
}

function open(signal: FirstBookSignal & { done(): void }): void {
  const note = readFirstBookNote(document)
  const results = readBootData()?.results
  const chapter = note && (results?.[note.chapter] as Chapter | undefined)
  const answer = note && (results?.[note.book] as EpubPublication | undefined)
  if (!note || !chapter || !answer?.manifest) return signal.done()
  const movable = typeof (Element.prototype as { moveBefore?: unknown }).moveBefore === 'function'
  if (!movable || lacksReadiumBuiltIns() || !opensBeforeApp(chapter, answer)) return signal.done()
  // Where the reader opens it (useReadingProgress): the member's saved place, else this browser's.
  const initial = openingPlace(chapter)
  // The document it opens on is on its way (the page preloads it): its stylesheets and first
  // images too, now, not once Readium's frame asks for them.
  warmFirstDocument(answer, initial?.href ?? null)
  const prefs = loadReaderPrefs()
  const book = prepareBook(readium, answer, initial)
  const container = box(THEMES[prefs.theme].background)
  const relay: FirstBook['relay'] = { target: null, position: null }
  const pagers = new Map<Document, FramePager>()
  const scrolled = prefs.scroll || book.scrolled
  /**
   * Pages turn before the app in a left-to-right book that Readium pages: a right-to-left one's
   * keys follow the reader's key layout setting (the app's), and the reader's pager turns a
   * vertical or right-to-left document (pagerBridge). Those wait for the app.
   */
  const turnsEarly = chapter.readingDirection !== 'rtl'
  /** Its first page is up: before, a turn would be lost by Readium. */
  let up = false
  const early: EarlyReading = {
    turn: (action) => {
      if (!up || !turnsEarly || pagers.size > 0) return
      if (action === 'next') navigator.goForward(false, () => undefined)
      else navigator.goBackward(false, () => undefined)
    },
    width: () => container.clientWidth || window.innerWidth,
    placed: (locator) => void pageShownDocument({ navigator, pagers, book, chapter }, locator, scrolled),
  }
  const navigator = createNavigator(
    readium,
    container,
    book,
    relayListeners(relay, chapter, early),
    book.start,
    navigatorPreferences(prefs, verticalBook(chapter), book.scrolled),
  )
  const loaded = navigator.load().then(
    () => true,
    () => false,
  )
  const first: FirstBook = {
    shown: loaded,
    key: bookKey(chapter, note.locale),
    chapter,
    answer,
    initial,
    book,
    readium,
    navigator,
    loaded,
    container,
    pagers,
    relay,
    taken: false,
  }
  ;(window as Window & { [FIRST_BOOK_GLOBAL]?: FirstBook })[FIRST_BOOK_GLOBAL] = first
  void loaded.then((shown) => {
    up = shown
    if (shown && turnsEarly) earlyKeys(relay, chapter, early)
    signal.done()
  })
}

/** Runs at once: the signal is on the page before the host's loader looks for it. */
export function startBook(): void {
  let done: () => void = () => undefined
  const shown = new Promise<void>((resolve) => (done = resolve))
  const signal = { shown, done: () => done() }
  ;(window as Window & { [FIRST_BOOK_GLOBAL]?: FirstBookSignal })[FIRST_BOOK_GLOBAL] = { shown }
  try {
    open(signal)
  } catch {
    // Anything unforeseen: the app opens the book, as it would without this.
    document.getElementById(FIRST_BOOK_BOX_ID)?.remove()
    document.getElementById(FIRST_BOOK_STYLE_ID)?.remove()
    ;(window as Window & { [FIRST_BOOK_GLOBAL]?: FirstBookSignal })[FIRST_BOOK_GLOBAL] = { shown }
    done()
  }
}

startBook()
