import { epubBasePath, type ChapterFileSalesType, type ContentType, type EpubPublication, type LocatorJson } from '@koma/contracts/server'
import type { AppDeps } from '../../../deps'
import { HttpError } from '../../../http/errors'
import type { ManifestLink } from './parse'
import { guessType } from './parse'
import { isScript, servable, zipPathOf, type EpubPart } from './servable'
import { entryOf, epubFiles } from './store'

export interface ChapterEpubRow extends EpubPart {
  epubId: number
  layout: 'reflowable' | 'fixed'
  readingProgression: 'ltr' | 'rtl'
  language: string
  manifest: { metadata: Record<string, unknown>; readingOrder: ManifestLink[]; resources: ManifestLink[]; toc: ManifestLink[] }
  positions: LocatorJson[]
}

/**
 * The EPUB a chapter reads as product or trial. A trial reads only the first reading-order
 * items (reading_order_limit): its manifest, positions, table of contents and files stop there.
 */
export async function chapterEpubRow(deps: AppDeps, chapterId: number, salesType: ChapterFileSalesType): Promise<ChapterEpubRow | null> {
  const row = await deps.db
    .selectFrom('chapter_epubs as c')
    .innerJoin('epub_files as e', 'e.id', 'c.epub_id')
    .select(['e.id', 'e.layout', 'e.reading_progression', 'e.language', 'e.manifest', 'e.positions', 'c.reading_order_limit'])
    .where('c.chapter_id', '=', chapterId)
    .where('c.sales_type', '=', salesType)
    .executeTakeFirst()
  if (!row) return null
  const manifest = JSON.parse(row.manifest) as ChapterEpubRow['manifest']
  const book = { readingOrder: manifest.readingOrder, resources: manifest.resources }
  let positions = JSON.parse(row.positions) as LocatorJson[]
  const limit = row.reading_order_limit !== null && row.reading_order_limit < manifest.readingOrder.length ? Math.max(1, row.reading_order_limit) : null
  if (limit !== null) {
    manifest.readingOrder = manifest.readingOrder.slice(0, limit)
    const kept = new Set(manifest.readingOrder.map((link) => link.href))
    const keepToc = (links: ManifestLink[]): ManifestLink[] =>
      links.flatMap((link) => {
        const children = link.children ? keepToc(link.children) : []
        if (!kept.has(link.href.split('#')[0])) return children
        return [{ ...link, ...(children.length ? { children } : { children: undefined }) }]
      })
    manifest.toc = keepToc(manifest.toc)
    positions = positions.filter((position) => kept.has(position.href))
    positions = positions.map((position, index) => ({ ...position, locations: { ...position.locations, position: index + 1, totalProgression: index / positions.length } }))
    manifest.metadata = { ...manifest.metadata, numberOfPages: positions.length }
  }
  return {
    epubId: Number(row.id),
    layout: row.layout,
    readingProgression: row.reading_progression,
    language: row.language,
    manifest,
    positions,
    readingOrder: manifest.readingOrder,
    book,
    readingOrderLimit: limit,
  }
}

/**
 * The Readium Web Publication Manifest of a chapter, with its self link where its files are
 * served; its resources are only the files this part serves (a trial names nothing of the rest).
 */
export async function publicationOf(deps: AppDeps, epub: ChapterEpubRow, where: { type: ContentType; contentId: number; chapterId: number; salesType: ChapterFileSalesType }): Promise<EpubPublication> {
  const serves = await servable(deps, epub)
  const base = epubBasePath(where.type, where.contentId, where.chapterId, where.salesType)
  return {
    manifest: {
      '@context': 'https://readium.org/webpub-manifest/context.jsonld',
      metadata: epub.manifest.metadata,
      links: [{ rel: 'self', href: `${base}manifest.json`, type: 'application/webpub+json' }],
      readingOrder: epub.manifest.readingOrder,
      resources: epub.manifest.resources.filter((link) => serves(zipPathOf(link.href)) && !isScript(link.href, link.type)),
      toc: epub.manifest.toc,
    },
    positions: epub.positions,
  }
}

/**
 * One file of a chapter's EPUB, if this part serves it (see servable.ts: a trial only its own
 * documents and what they load, no part the package files) and it is not a script.
 */
export async function epubResource(deps: AppDeps, epub: ChapterEpubRow, requested: string): Promise<{ body: Uint8Array; type: string }> {
  let zipPath = requested
  try {
    zipPath = decodeURIComponent(requested)
  } catch {
    throw new HttpError(404, 'notFound')
  }
  if (!zipPath || zipPath.includes('..')) throw new HttpError(404, 'notFound')
  const href = zipPath.split('/').map(encodeURIComponent).join('/')
  const known = [...epub.book.readingOrder, ...epub.book.resources].find((link) => link.href === href)
  const type = known?.type ?? guessType(zipPath)
  if (isScript(zipPath, type) || !(await servable(deps, epub))(zipPath)) throw new HttpError(404, 'notFound')
  const files = await epubFiles(deps.db, epub.epubId)
  const body = entryOf(files, zipPath)
  if (!body) throw new HttpError(404, 'notFound')
  return { body, type }
}
