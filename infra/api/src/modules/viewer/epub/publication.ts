import { countsOfPositions, epubBasePath, type ChapterFileSalesType, type ContentType, type EpubPublication, type LocatorJson } from '@koma/contracts/server'
import { LRUCache } from 'lru-cache'
import type { AppDeps } from '../../../deps'
import { apiError } from '../../../http/errorCatalogue'
import type { ManifestLink } from './parse'
import { guessType, hrefOf, withoutFragment } from './parse'
import { isScript, servable, zipPathOf, type EpubPart } from './servable'
import { deobfuscate, obfuscatedFiles, type Obfuscated } from './fonts'
import { openBook } from './store'

/**
 * SVG pages of the reading order are read through an XHTML page of ours holding the SVG inline:
 * Readium shows an SVG resource through <img>, where it cannot load the raster images it
 * references. The page sits next to the SVG (its name plus SVG_PAGE), so relative URLs inside
 * it resolve to the same files, and serves only what the SVG itself may (same part rules).
 */
export const SVG_PAGE = '.page.xhtml'
const isSvg = (link: { type: string }) => /^image\/svg\+xml\b/i.test(link.type)
const pageOfSvg = <T extends { href: string; type?: string }>(link: T): T => ({ ...link, href: `${link.href}${SVG_PAGE}`, type: 'application/xhtml+xml' })

/** The XHTML page showing an SVG document, sized by its own width, height or viewBox. */
export function svgPage(svg: string, title: string): string {
  let inline = svg.replace(/^\uFEFF/, '').trim()
  // The XML declaration and doctype cannot sit inside a page: drop them (string search, no regex over the file).
  if (inline.startsWith('<?xml')) inline = inline.slice(inline.indexOf('?>') + 2).trim()
  if (/^<!DOCTYPE/i.test(inline)) {
    const subset = inline.indexOf('[')
    const close = inline.indexOf('>')
    inline = inline.slice(subset >= 0 && subset < close ? inline.indexOf(']>', subset) + 2 : close + 1).trim()
  }
  const open = /<svg\b[^>]*>/i.exec(inline)?.[0] ?? ''
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(open)?.[1]
  const box = (attribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number)
  // Only a length in user units (a number, or px) is a size; `100%` or `210mm` is not (parseFloat read `100%` as 100: a 100×100 page).
  const length = (value: string | undefined) => (value && /^\s*[\d.]+(px)?\s*$/i.test(value) ? parseFloat(value) : NaN)
  const boxWidth = box.length === 4 && box[2]! > 0 ? box[2]! : NaN
  const boxHeight = box.length === 4 && box[3]! > 0 ? box[3]! : NaN
  const [ownWidth, ownHeight] = [length(attribute('width')), length(attribute('height'))]
  const sized = ownWidth > 0 && ownHeight > 0
  const width = Math.round((sized ? ownWidth : boxWidth) || 0)
  const height = Math.round((sized ? ownHeight : boxHeight) || 0)
  const viewport = width > 0 && height > 0 ? `<meta name="viewport" content="width=${width}, height=${height}"/>` : ''
  const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  return `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"><head><meta charset="UTF-8"/>${viewport}<title>${escaped}</title>
<style>html, body { margin: 0; padding: 0; height: 100%; } body > svg { display: block; width: 100%; height: 100%; }</style></head>
<body>${inline}</body></html>
`
}

/** encryption.xml read once per open book. */
const obfuscation = new WeakMap<object, Promise<Obfuscated | null>>()

export interface ChapterEpubRow extends EpubPart {
  epubId: number
  layout: 'reflowable' | 'fixed'
  readingProgression: 'ltr' | 'rtl'
  language: string
  manifest: { metadata: Record<string, unknown>; readingOrder: ManifestLink[]; resources: ManifestLink[]; toc: ManifestLink[] }
  positions: LocatorJson[]
}

/**
 * Stored manifests and positions, parsed once per book: the reader's frames ask for one file
 * after another, and each request needs them (a big book's positions are megabytes of JSON). An
 * epub_files row never changes (kept by hash), so its id and hash name one version for good.
 * Bounded by count and by the size of the JSON they came from; least recently used goes first.
 */
type ParsedBook = { manifest: ChapterEpubRow['manifest']; positions: LocatorJson[] } | null
const parsed = new LRUCache<string, { book: Promise<ParsedBook>; chars: number }>({
  max: 16,
  maxSize: 40_000_000,
  sizeCalculation: (entry) => Math.max(1, entry.chars),
})
let parsedLoads = 0

/** How many times a book's manifest and positions were read and parsed (tests). */
export const parsedBookLoads = (): number => parsedLoads

function parsedBook(deps: AppDeps, epubId: number, sha256: string): Promise<ParsedBook> {
  const key = `${epubId}:${sha256}`
  const cached = parsed.get(key)
  if (cached) return cached.book
  const entry = { chars: 1, book: Promise.resolve<ParsedBook>(null) }
  entry.book = deps.db
    .selectFrom('epub_files')
    .select(['manifest', 'positions'])
    .where('id', '=', epubId)
    .executeTakeFirst()
    .then((row) => {
      if (!row) return null
      parsedLoads++
      const book = { manifest: JSON.parse(row.manifest) as ChapterEpubRow['manifest'], positions: JSON.parse(row.positions) as LocatorJson[] }
      // Counted by the JSON it came from, once known.
      if (parsed.get(key) === entry) parsed.set(key, { ...entry, chars: row.manifest.length + row.positions.length })
      return book
    })
  entry.book.then(
    (book) => {
      if (!book) parsed.delete(key)
    },
    () => parsed.delete(key),
  )
  parsed.set(key, entry)
  return entry.book
}

/**
 * The EPUB a chapter reads as product or trial. A trial reads only the first reading-order
 * items (reading_order_limit): its manifest, positions, table of contents and files stop there.
 */
export async function chapterEpubRow(deps: AppDeps, chapterId: number, salesType: ChapterFileSalesType): Promise<ChapterEpubRow | null> {
  const row = await deps.db
    .selectFrom('chapter_epubs as c')
    .innerJoin('epub_files as e', 'e.id', 'c.epub_id')
    .select(['e.id', 'e.sha256', 'e.layout', 'e.reading_progression', 'e.language', 'c.reading_order_limit'])
    .where('c.chapter_id', '=', chapterId)
    .where('c.sales_type', '=', salesType)
    .executeTakeFirst()
  if (!row) return null
  const stored = await parsedBook(deps, Number(row.id), row.sha256)
  if (!stored) return null
  // The cached objects are shared between requests: a part's changes go on copies.
  const manifest = { ...stored.manifest }
  const book = { readingOrder: manifest.readingOrder, resources: manifest.resources }
  let positions = stored.positions
  const limit = row.reading_order_limit !== null && row.reading_order_limit < manifest.readingOrder.length ? Math.max(1, row.reading_order_limit) : null
  if (limit !== null) {
    manifest.readingOrder = manifest.readingOrder.slice(0, limit)
    const kept = new Set(manifest.readingOrder.map((link) => link.href))
    const keepToc = (links: ManifestLink[]): ManifestLink[] =>
      links.flatMap((link) => {
        const children = link.children ? keepToc(link.children) : []
        if (!kept.has(withoutFragment(link.href))) return children
        return [{ ...link, ...(children.length ? { children } : { children: undefined }) }]
      })
    manifest.toc = keepToc(manifest.toc)
    positions = positions.filter((position) => kept.has(position.href))
    positions = positions.map((position, index) => ({
      ...position,
      locations: { ...position.locations, position: index + 1, totalProgression: index / positions.length },
    }))
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

/** Past this many positions the list goes as a count per document (the reader rebuilds it). */
export const COMPACT_POSITIONS = 1000

/**
 * The Readium Web Publication Manifest of a chapter, with its self link where its files are
 * served; its resources are only the files this part serves (a trial names nothing of the rest).
 */
export async function publicationOf(
  deps: AppDeps,
  epub: ChapterEpubRow,
  where: { type: ContentType; contentId: number; chapterId: number; salesType: ChapterFileSalesType },
): Promise<EpubPublication> {
  const serves = await servable(deps, epub)
  const svgDocuments = new Set(epub.manifest.readingOrder.filter(isSvg).map((link) => link.href))
  const base = epubBasePath(where.type, where.contentId, where.chapterId, where.salesType)
  return {
    manifest: {
      '@context': 'https://readium.org/webpub-manifest/context.jsonld',
      metadata: epub.manifest.metadata,
      links: [{ rel: 'self', href: `${base}manifest.json`, type: 'application/webpub+json' }],
      readingOrder: epub.manifest.readingOrder.map((link) => {
        const page = isSvg(link) ? pageOfSvg(link) : link
        // A media overlay this part does not serve (a trial's, shared with paid chapters) is not named.
        if (!page.alternate) return page
        const alternate = page.alternate.filter((each) => serves(zipPathOf(each.href)))
        return alternate.length ? { ...page, alternate } : { ...page, alternate: undefined }
      }),
      resources: epub.manifest.resources.filter((link) => serves(zipPathOf(link.href)) && !isScript(link.href, link.type)),
      toc: epub.manifest.toc.map(function page(link): ManifestLink {
        const file = withoutFragment(link.href)
        const svg = svgDocuments.has(file)
        return {
          ...link,
          ...(svg ? { href: `${file}${SVG_PAGE}`, type: 'application/xhtml+xml' } : {}),
          ...(link.children ? { children: link.children.map(page) } : {}),
        }
      }),
    },
    ...(epub.positions.length > COMPACT_POSITIONS
      ? { positions: [], positionCounts: countsOfPositions(epub.manifest.readingOrder, epub.positions) }
      : { positions: epub.positions.map((position) => (svgDocuments.has(position.href) ? pageOfSvg(position) : position)) }),
  }
}

/**
 * One file of a chapter's EPUB, if this part serves it (see servable.ts: a trial only its own
 * documents and what they load, no part the package files) and it is not a script.
 */
export async function epubResource(deps: AppDeps, epub: ChapterEpubRow, zipPath: string): Promise<{ body: Uint8Array; type: string }> {
  // The route's parameter is already decoded (once, by the router): it is the zip path itself.
  // Decoding it again turned `100%25%20done.xhtml` into a URIError (404) and `a%2520b` into `a b`.
  if (!zipPath || zipPath.split('/').includes('..') || zipPath.includes('\0')) throw apiError('notFound')
  if (zipPath.endsWith(SVG_PAGE)) {
    // The page of an SVG document of this part's reading order, and nothing else.
    const svgPath = zipPath.slice(0, -SVG_PAGE.length)
    const svgHref = hrefOf(svgPath)
    const link = epub.readingOrder.find((each) => each.href === svgHref && isSvg(each))
    if (!link) throw apiError('notFound')
    const svg = await epubResource(deps, epub, svgPath)
    return { body: new TextEncoder().encode(svgPage(Buffer.from(svg.body).toString('utf8'), link.title ?? '')), type: 'application/xhtml+xml' }
  }
  const href = hrefOf(zipPath)
  const known = [...epub.book.readingOrder, ...epub.book.resources].find((link) => link.href === href)
  const type = known?.type ?? guessType(zipPath)
  if (isScript(zipPath, type) || !(await servable(deps, epub))(zipPath)) throw apiError('notFound')
  const book = await openBook(deps.db, deps.objects, epub.epubId)
  // Only this entry is inflated (zip.ts); one that no longer unpacks is not served.
  const body = await book.read(zipPath).catch(() => undefined)
  if (!body) throw apiError('notFound')
  let reading = obfuscation.get(book)
  if (!reading) {
    reading = obfuscatedFiles(book)
    obfuscation.set(book, reading)
  }
  const scrambled = await reading
  const how = scrambled?.files.get(zipPath)
  // Obfuscated fonts are served as the font they are (browsers reject the scrambled bytes).
  if (scrambled && how) return { body: deobfuscate(body, how, scrambled.identifiers), type }
  return { body, type }
}
