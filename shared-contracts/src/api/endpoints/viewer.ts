import type { ReadProgress } from '../../domain/reading'
import type { Chapter } from '../../domain/types'
import type { ChapterFileSalesType } from '../../routes/params'
import { endpoint, type ContentParams, type None } from '../endpoint'

export type ChapterParams = ContentParams & { chapterId: string }

/** A Readium Locator as JSON (what the positions list holds). */
export interface LocatorJson {
  href: string
  type: string
  title?: string
  locations: { progression?: number; totalProgression?: number; position?: number; fragments?: string[] }
}

/** GET …/chapter/epub: the chapter's Readium Web Publication Manifest and its positions list. */
export interface EpubPublication {
  /** RWPM JSON; its `self` link is the base every relative href resolves against. */
  manifest: Record<string, unknown>
  /** The positions list; empty when `positionCounts` says it instead. */
  positions: LocatorJson[]
  /**
   * Big books: how many positions each reading-order document has, in order (the reader builds
   * the list with positionsFromCounts). A 2,000-document book sends 2,000 numbers, not a locator
   * per position (megabytes before the first page).
   */
  positionCounts?: number[]
}

/** The positions list of a book from its position count per reading-order document (Readium's shape). */
export function positionsFromCounts(readingOrder: { href: string; type?: string }[], counts: number[]): LocatorJson[] {
  const total = counts.reduce((sum, n) => sum + Math.max(0, n), 0)
  const positions: LocatorJson[] = []
  readingOrder.forEach((link, index) => {
    const count = Math.max(0, counts[index] ?? 0)
    for (let i = 0; i < count; i++) {
      const position = positions.length + 1
      positions.push({
        href: link.href,
        type: link.type ?? 'application/xhtml+xml',
        locations: { progression: i / count, position, totalProgression: (position - 1) / total },
      })
    }
  })
  return positions
}

/** Position counts per reading-order document of a positions list (the inverse of positionsFromCounts). */
export function countsOfPositions(readingOrder: { href: string }[], positions: { href: string }[]): number[] {
  const counts = new Map<string, number>()
  for (const position of positions) counts.set(position.href, (counts.get(position.href) ?? 0) + 1)
  return readingOrder.map((link) => counts.get(link.href) ?? 0)
}

/** A read-progress body as the form carries it. */
export type ReadProgressBody = { [K in keyof ReadProgress]: string }

/** Reading: chapters, EPUB publications and their resources, read progress. */
export const viewerEndpoints = {
  chapter: endpoint<ChapterParams & { salesType: ChapterFileSalesType }, None, None, Chapter>('GET', '/:type/:id/chapter/:chapterId/:salesType'),
  /** SPEC §7 GET /{type}/{id}/chapter/epub (languageId, chapterId, chapterFileSalesType). */
  chapterEpub: endpoint<ContentParams, { chapterId: string; chapterFileSalesType: string; languageId?: string }, None, EpubPublication>(
    'GET',
    '/:type/:id/chapter/epub',
  ),
  /** The files inside a chapter's EPUB (loaded by the reader's frames: no SPEC §7 headers). */
  epubResource: endpoint<ChapterParams & { salesType: string; '*': string }, None, None, Blob>('GET', '/:type/:id/chapter/:chapterId/:salesType/epub/*', true),
  readProgress: endpoint<ChapterParams, None, ReadProgressBody, { saved: boolean }>('POST', '/:type/:id/chapter/:chapterId/read'),
  readFinished: endpoint<ChapterParams, None, Partial<ReadProgressBody>, { saved: boolean }>('POST', '/:type/:id/chapter/:chapterId/read/finished'),
} as const

/** Where a chapter's EPUB files are served; the manifest's self link lives here too. */
export const epubBasePath = (type: string, contentId: number | string, chapterId: number | string, salesType: ChapterFileSalesType): string =>
  `/api/${type}/${contentId}/chapter/${chapterId}/${salesType}/epub/`

/** The API's code for an aborted chapter the reader neither owns nor rents (403 body code). */
export const CHAPTER_ABORTED_CODE = 4031
