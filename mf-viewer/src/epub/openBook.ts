import { api, endpoints, holdPageWork, type Chapter, type EpubPublication, type Locale } from '@koma/contracts'

import type * as ReadiumNavigator from '@readium/navigator'
import type * as ReadiumShared from '@readium/shared'
import { documentUrl, lacksReadiumBuiltIns, warmFirstDocument } from './bookOpening'
import { bookKey, firstBookFor } from './firstBook'

type Navigator = typeof ReadiumNavigator
type Shared = typeof ReadiumShared

export type BookParts = [Navigator, Shared, EpubPublication]

/** Books being opened, by chapter and language: started by the viewer, taken once by the reader. */
const opening = new Map<string, { book: Promise<BookParts>; at: number }>()

/** A book started but never taken (the reader left first) is not handed to a later visit after this long (ms). */
const KEEP_MS = 30_000

/** Resolves once Readium can run: at once, but in a browser that lacks its built-ins, once they are installed. */
const readiumRuns = (): Promise<unknown> =>
  lacksReadiumBuiltIns() ? import(/* webpackChunkName: "readium-polyfills" */ './readiumPolyfills') : Promise.resolve()

function start(chapter: Pick<Chapter, 'contentType' | 'contentId' | 'id' | 'salesType'>, locale: Locale): Promise<BookParts> {
  const runs = readiumRuns()
  return Promise.all([
    // Only what the reader uses (webpackExports): a dynamic import of the package otherwise keeps
    // every export of its one module (issue 39: the JavaScript before a novel's first page).
    runs.then(() => import(/* webpackChunkName: "readium", webpackExports: ["EpubNavigator", "EpubPreferences"] */ '@readium/navigator')),
    runs.then(
      () =>
        import(
          /* webpackChunkName: "readium-shared", webpackExports: ["HttpFetcher", "Link", "Locator", "LocatorLocations", "Manifest", "Publication"] */ '@readium/shared'
        ),
    ),
    api.request(endpoints.chapterEpub, {
      params: { type: chapter.contentType, id: String(chapter.contentId) },
      query: { chapterId: String(chapter.id), chapterFileSalesType: chapter.salesType, languageId: locale },
    }),
  ])
}

/**
 * The novel reader's first page as early as the viewer knows the chapter is a book (issue 34):
 * Readium's two chunks and the publication's manifest are fetched beside the reader's own chunk
 * (not after it), and once all three are in, the document the reader opens on (the saved place's,
 * else the first of the reading order) and its stylesheets and first images, so they are in the
 * HTTP cache (EPUB files are `private, max-age=3600`) when Readium asks for them. Not sooner:
 * warmed as soon as the manifest alone was in (issue 39, tried), a first image (Moby-Dick's
 * title page, 105 kB) took the bandwidth Readium's chunks needed on a slow network (40 ms /
 * 1.25 MB/s: 40-60 ms later first pages, two rounds A/B), and at 1× CPU on the machine's own
 * network nothing came sooner (the files were in before Readium asked, either way).
 */
export function openBookEarly(chapter: Chapter, locale: Locale, startHref: string | null): void {
  // The page opened this book before the app (bookStart.ts): the reader takes that one.
  if (firstBookFor(chapter, locale)) return
  firstPageHold ??= holdPageWork()
  const key = bookKey(chapter, locale)
  const held = opening.get(key)
  if (held && Date.now() - held.at < KEEP_MS) return
  const book = start(chapter, locale)
  opening.set(key, { book, at: Date.now() })
  book.then(
    ([, , publication]) => warmFirstDocument(publication, startHref),
    () => {
      if (opening.get(key)?.book === book) opening.delete(key)
    },
  )
}

/**
 * The hold on the page's own deferred work (the host's idle chunk) from the moment the viewer
 * knows it opens a book until the reader's first page is up (issue 39): that work would otherwise
 * run in the gaps of Readium's opening steps.
 */
let firstPageHold: (() => void) | null = null

/** The reader's first page is up, or will not come (failed, left): the page's deferred work may run. */
export function firstPageDone(): void {
  firstPageHold?.()
  firstPageHold = null
}

/** The book `openBookEarly` started for this chapter (taken: a later open, or a retry, asks again), else a fresh one. */
export function takeBook(chapter: Chapter, locale: Locale): Promise<BookParts> {
  const key = bookKey(chapter, locale)
  const held = opening.get(key)
  opening.delete(key)
  return held && Date.now() - held.at < KEEP_MS ? held.book : start(chapter, locale)
}

/** A book's EPUB 3 media overlays (issue 37): each narrated document's SMIL, both by absolute URL, and the class its read fragment takes. */
export interface MediaOverlays {
  byDocument: Map<string, string>
  activeClass: string | null
}

/** The media overlays the API names: a reading-order link's `alternate` of type application/smil+xml, and metadata.mediaOverlay.activeClass. */
export function mediaOverlaysOf(publication: Pick<EpubPublication, 'manifest'>, base = window.location.href): MediaOverlays {
  const byDocument = new Map<string, string>()
  const order = (publication.manifest.readingOrder ?? []) as { href: string; alternate?: { href: string; type?: string }[] }[]
  for (const link of order) {
    const smil = link.alternate?.find((each) => /^application\/smil\+xml\b/i.test(each.type ?? ''))
    const doc = smil ? documentUrl(publication, link.href, base) : null
    const overlay = smil ? documentUrl(publication, smil.href, base) : null
    if (doc && overlay) byDocument.set(doc, overlay)
  }
  const named = (publication.manifest.metadata as { mediaOverlay?: { activeClass?: unknown } } | undefined)?.mediaOverlay?.activeClass
  const activeClass = typeof named === 'string' && /^-?[_a-zA-Z][\w-]*$/.test(named) ? named : null
  return { byDocument, activeClass }
}
