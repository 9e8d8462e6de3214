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
  positions: LocatorJson[]
}

/** A read-progress body as the form carries it. */
export type ReadProgressBody = { [K in keyof ReadProgress]: string }

/** Reading: chapters, EPUB publications and their resources, read progress. */
export const viewerEndpoints = {
  chapter: endpoint<ChapterParams & { salesType: ChapterFileSalesType }, None, None, Chapter>('GET', '/:type/:id/chapter/:chapterId/:salesType'),
  /** SPEC §7 GET /{type}/{id}/chapter/epub (languageId, chapterId, chapterFileSalesType). */
  chapterEpub: endpoint<ContentParams, { chapterId: string; chapterFileSalesType: string; languageId?: string }, None, EpubPublication>('GET', '/:type/:id/chapter/epub'),
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
