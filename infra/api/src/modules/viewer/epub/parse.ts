import { XMLParser, XMLValidator } from 'fast-xml-parser'
import path from 'node:path'
import type { LocatorJson } from '@koma/contracts/server'
import { DamagedArchiveError, ZipBook } from './zip'

/** A file that is not a readable EPUB: the message says why, in terms an operator can act on. */
export class EpubError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'EpubError'
  }
}

/** A creator's role, from MARC relator codes (https://id.loc.gov/vocabulary/relators): what the manifest calls it. */
export type CreatorRole = 'author' | 'translator' | 'illustrator' | 'editor' | 'narrator' | 'artist' | 'colorist' | 'letterer' | 'publisher' | 'other'

const RELATORS: Record<string, CreatorRole> = {
  aut: 'author',
  cre: 'author',
  wam: 'author',
  trl: 'translator',
  ill: 'illustrator',
  edt: 'editor',
  nrt: 'narrator',
  art: 'artist',
  pnc: 'artist',
  clr: 'colorist',
  clt: 'letterer',
  pbl: 'publisher',
}

/** The role of a MARC relator code (or its name, as some packages write it); anything unknown is "other". */
export function creatorRole(code: string | null | undefined, fallback: CreatorRole = 'author'): CreatorRole {
  const value = (code ?? '').trim().toLowerCase()
  if (!value) return fallback
  if (RELATORS[value]) return RELATORS[value]
  const named = Object.values(RELATORS).find((role) => role === value)
  return named ?? 'other'
}

export interface Creator {
  name: string
  role: CreatorRole
}

export interface ManifestLink {
  href: string
  type: string
  rel?: string
  title?: string
  properties?: Record<string, unknown>
  children?: ManifestLink[]
  /** Other renditions of the same content: a document's EPUB 3 media overlay (its SMIL, application/smil+xml). */
  alternate?: ManifestLink[]
}

/** What the API keeps of an EPUB: its Readium Web Publication Manifest and positions list. */
export interface ParsedEpub {
  title: string
  language: string
  /** Who wrote it: the creators whose role is author (the title's author). */
  creators: string[]
  /** Every creator and contributor with their role (translators, illustrators, … are not writers). */
  contributors: Creator[]
  description: string
  layout: 'reflowable' | 'fixed'
  readingProgression: 'ltr' | 'rtl'
  /** Zip path of the cover image, when the package names one. */
  coverPath: string | null
  manifest: { metadata: Record<string, unknown>; readingOrder: ManifestLink[]; resources: ManifestLink[]; toc: ManifestLink[] }
  positions: LocatorJson[]
  /** Files the package lists but the zip lacks (left out of the manifest). */
  missing: string[]
  /**
   * Reading-order documents that are not well-formed XML (a truncated chapter): kept, and served
   * as HTML (their manifest type is text/html), which the browser parses leniently; the import
   * names them.
   */
  malformed: string[]
}

/**
 * Reflowable positions count what a reader sees, not markup: one per POSITION_CHARS characters
 * of a document's text (about a phone screen of Japanese, half of one of English), an image
 * counting as IMAGE_CHARS. Readium's own rule (one per 1024 bytes of file) made a MathML-heavy
 * textbook 24,901 "pages" long.
 */
export const POSITION_CHARS = 600
export const IMAGE_CHARS = 300

/** The rendered length of a document: its text characters (white space collapsed), plus its images. */
export function renderedLength(bytes: Uint8Array, type: string): number {
  if (!/html|xml/i.test(type) || /svg/i.test(type)) return POSITION_CHARS
  const source = Buffer.from(bytes).toString('utf8')
  const body = source.replace(/<head[\s>][\s\S]*?<\/head>/i, '').replace(/<(script|style)[\s>][\s\S]*?<\/\1>/gi, '')
  const images = (body.match(/<(img|image|video)\b/gi) ?? []).length
  return textLength(body) + images * IMAGE_CHARS
}

/** Characters of text outside tags, a run of white space (or a tag) between words counting one, an entity one: one pass. */
function textLength(markup: string): number {
  let count = 0
  let inTag = false
  let inEntity = false
  let gap = false
  for (const ch of markup) {
    if (inTag) {
      if (ch === '>') inTag = false
      continue
    }
    if (inEntity) {
      if (ch === ';' || /\s/.test(ch)) inEntity = false
      continue
    }
    if (ch === '<' || /\s/.test(ch)) {
      inTag = ch === '<'
      gap = true
      continue
    }
    if (ch === '&') inEntity = true
    if (gap && count > 0) count++
    gap = false
    count++
  }
  return count
}

/** The five entities XML knows; any other named one needs a DTD (only the XHTML doctypes give one). */
const XML_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos'])

/**
 * Why a content document would not load as XHTML (a browser's XML parser stops at the first
 * error, and the reader then showed a blank frame), or null when it is well-formed. Named
 * entities past XML's five count only without an XHTML doctype (which defines them).
 */
export function notWellFormed(bytes: Uint8Array): string | null {
  const source = Buffer.from(bytes)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
  const valid = XMLValidator.validate(source)
  if (valid !== true) return `${valid.err.msg} (line ${valid.err.line})`
  if (!/<!DOCTYPE[^>]*XHTML/i.test(source.slice(0, 2000))) {
    const entity = /&([A-Za-z][A-Za-z0-9]*);/g
    for (let match = entity.exec(source); match; match = entity.exec(source))
      if (!XML_ENTITIES.has(match[1] ?? '')) return `undefined entity &${match[1]}; (no XHTML doctype defines it)`
  }
  return null
}

/** The package parser's settings (namespace prefixes dropped, attributes as `@name`). */
export const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  textNodeName: '#text',
  trimValues: true,
  parseTagValue: false,
})

export const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value])

function text(node: unknown): string {
  if (node === undefined || node === null) return ''
  if (typeof node === 'string' || typeof node === 'number') return String(node).trim()
  if (typeof node === 'object' && '#text' in (node as Record<string, unknown>)) return String((node as Record<string, unknown>)['#text']).trim()
  return ''
}

/** An href without its `#fragment`. */
export const withoutFragment = (href: string): string => href.split('#')[0] ?? href

/** Zip paths are plain; hrefs in a package are URLs relative to the package file. */
export function resolveHref(base: string, href: string): string {
  let decoded = withoutFragment(href)
  try {
    decoded = decodeURIComponent(decoded)
  } catch {
    /* keep it as written */
  }
  return path.posix.normalize(path.posix.join(path.posix.dirname(base), decoded)).replace(/^\/+/, '')
}

/** A zip path as a URL path (each segment percent-encoded, slashes kept). */
export const hrefOf = (zipPath: string): string => zipPath.split('/').map(encodeURIComponent).join('/')

/** A damaged archive or entry as the EPUB refusal it is; ArchiveLimitError and anything else pass as they are. */
export async function asEpub<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (error instanceof DamagedArchiveError) throw new EpubError(`This EPUB is damaged: ${error.message}.`)
    throw error
  }
}

/** The archive's directory, held to ARCHIVE_LIMITS (an ArchiveLimitError past one); nothing is inflated yet. */
export async function openEpubArchive(bytes: Uint8Array): Promise<ZipBook> {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new EpubError('This file is not an EPUB: it is not a zip archive.')
  return asEpub(ZipBook.open(bytes))
}

async function parseXml(book: ZipBook, file: string, what: string, malformed = 'This EPUB is damaged'): Promise<Record<string, unknown>> {
  const bytes = await asEpub(book.read(file))
  if (!bytes) throw new EpubError(`This EPUB is damaged: ${what} (${file}) is missing.`)
  const source = Buffer.from(bytes).toString('utf8')
  // The parser is lenient (a truncated file parses into half a package): validate first.
  const valid = XMLValidator.validate(source)
  if (valid !== true) throw new EpubError(`${malformed}: ${what} (${file}) is not well-formed XML (${valid.err.msg}, line ${valid.err.line}).`)
  try {
    return xml.parse(source) as Record<string, unknown>
  } catch (error) {
    throw new EpubError(`${malformed}: ${what} (${file}) is not well-formed XML (${(error as Error).message}).`)
  }
}

interface NavPoint {
  label: string
  href: string
  children: NavPoint[]
}

/** The EPUB 3 navigation document's table of contents, as manifest links. */
async function navToc(book: ZipBook, navPath: string | null): Promise<ManifestLink[]> {
  const nav = navPath ? await asEpub(book.read(navPath)) : undefined
  if (!navPath || !nav) return []
  let doc: Record<string, unknown>
  try {
    doc = xml.parse(Buffer.from(nav).toString('utf8')) as Record<string, unknown>
  } catch {
    return []
  }
  const found: unknown[] = []
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === 'nav')
        for (const nav of list(value))
          if (nav && typeof nav === 'object' && String((nav as Record<string, unknown>)['@type'] ?? '').includes('toc')) found.push(nav)
      if (typeof value === 'object') for (const item of list(value)) walk(item)
    }
  }
  walk(doc)
  const readList = (ol: unknown): NavPoint[] =>
    list((ol as Record<string, unknown> | undefined)?.li).flatMap((li): NavPoint[] => {
      const item = li as Record<string, unknown>
      const anchor = list(item.a)[0] as Record<string, unknown> | undefined
      const href = anchor ? String(anchor['@href'] ?? '') : ''
      const label = anchor ? flatten(anchor) : text(item.span)
      const children = readList(list(item.ol)[0])
      if (!href) return children
      return [{ label, href, children }]
    })
  const tocNav = found[0] as Record<string, unknown> | undefined
  if (!tocNav) return []
  const points = readList(list(tocNav.ol)[0])
  const toLink = (point: NavPoint): ManifestLink => {
    const [file = '', fragment] = point.href.split('#')
    const link: ManifestLink = {
      href: hrefOf(resolveHref(navPath, file)) + (fragment ? `#${fragment}` : ''),
      type: 'application/xhtml+xml',
      title: point.label,
    }
    if (point.children.length) link.children = point.children.map(toLink)
    return link
  }
  return points.map(toLink)
}

/** An EPUB 2 NCX's navMap (navPoints, nested), as manifest links: the table of contents of a book without a navigation document. */
async function ncxToc(book: ZipBook, ncxPath: string | null): Promise<ManifestLink[]> {
  const bytes = ncxPath ? await asEpub(book.read(ncxPath)) : undefined
  if (!ncxPath || !bytes) return []
  const source = Buffer.from(bytes).toString('utf8')
  if (XMLValidator.validate(source) !== true) return []
  let doc: Record<string, unknown>
  try {
    doc = xml.parse(source) as Record<string, unknown>
  } catch {
    return []
  }
  const navMap = ((doc.ncx as Record<string, unknown> | undefined)?.navMap ?? {}) as Record<string, unknown>
  const toLinks = (points: unknown, depth: number): ManifestLink[] =>
    depth > 32
      ? []
      : list(points as Record<string, unknown> | Record<string, unknown>[]).flatMap((point): ManifestLink[] => {
          if (!point || typeof point !== 'object') return []
          const children = toLinks(point.navPoint, depth + 1)
          const src = String((list(point.content as Record<string, unknown> | Record<string, unknown>[])[0] ?? {})['@src'] ?? '').trim()
          if (!src) return children
          const [file = '', fragment] = src.split('#')
          const label = list(point.navLabel as Record<string, unknown> | Record<string, unknown>[])
            .map((navLabel) => flatten(navLabel?.text))
            .join(' ')
            .trim()
          const link: ManifestLink = {
            href: hrefOf(resolveHref(ncxPath, file)) + (fragment ? `#${fragment}` : ''),
            type: 'application/xhtml+xml',
            title: label || path.posix.basename(file),
          }
          if (children.length) link.children = children
          return [link]
        })
  return toLinks(navMap.navPoint, 0)
}

function flatten(node: unknown): string {
  if (node === null || node === undefined) return ''
  if (typeof node !== 'object') return String(node)
  return Object.entries(node as Record<string, unknown>)
    .filter(([key]) => !key.startsWith('@'))
    .map(([, value]) => list(value).map(flatten).join(''))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * Read an EPUB 2 or 3 file into a Readium Web Publication Manifest (hrefs are zip paths) and
 * its positions list. Files the package lists but the zip lacks are left out (a reader copes
 * with a missing audio file; it cannot with a missing chapter, which is dropped from the
 * reading order). Throws EpubError for anything that is not a readable EPUB, ArchiveLimitError
 * for an archive past ARCHIVE_LIMITS (from its directory, before anything is inflated). Every
 * entry is inflated once, one at a time and kept only when read here (package, documents), so
 * a damaged entry is refused now and memory holds one entry at a time.
 */
export async function parseEpub(bytes: Uint8Array): Promise<ParsedEpub & { book: ZipBook }> {
  const book = await openEpubArchive(bytes)
  const mimetypeBytes = await asEpub(book.read('mimetype'))
  const mimetype = mimetypeBytes ? Buffer.from(mimetypeBytes).toString('ascii').trim() : null
  if (mimetype !== null && mimetype !== 'application/epub+zip') throw new EpubError(`This file is not an EPUB: its mimetype is "${mimetype.slice(0, 60)}".`)
  if (mimetype === null && !book.has('META-INF/container.xml'))
    throw new EpubError('This file is not an EPUB: it is a zip archive with neither a mimetype nor a META-INF/container.xml.')
  const container = await parseXml(book, 'META-INF/container.xml', 'the container file')
  const rootfile = list(((container.container as Record<string, unknown> | undefined)?.rootfiles as Record<string, unknown> | undefined)?.rootfile)[0] as
    Record<string, unknown> | undefined
  const opfPath = rootfile ? String(rootfile['@full-path'] ?? '') : ''
  if (!opfPath)
    throw new EpubError(
      mimetype === null ? 'This file is not an EPUB: it has no mimetype and no package.' : 'This EPUB is damaged: its container names no package file.',
    )
  const opf = (await parseXml(book, opfPath, 'the package document', 'This EPUB has a malformed package')).package as Record<string, unknown> | undefined
  if (!opf) throw new EpubError(`This EPUB has a malformed package: ${opfPath} has no <package> element.`)

  const metadata = (opf.metadata ?? {}) as Record<string, unknown>
  const metas = list(metadata.meta as Record<string, unknown>[] | Record<string, unknown>)
  const metaProperty = (name: string) => text(metas.find((meta) => meta['@property'] === name))
  const title = text(list(metadata.title)[0]) || path.posix.basename(opfPath)
  const language = text(list(metadata.language)[0]) || 'und'
  // Roles: EPUB 2 writes opf:role on the element (the parser drops the prefix), EPUB 3 a refining meta.
  const roleOf = (node: unknown, fallback: CreatorRole): CreatorRole => {
    const element = node && typeof node === 'object' ? (node as Record<string, unknown>) : {}
    const id = element['@id'] ? String(element['@id']) : null
    const refined = id ? metas.find((meta) => meta['@refines'] === `#${id}` && meta['@property'] === 'role') : undefined
    const code = refined ? text(refined) : element['@role'] ? String(element['@role']) : null
    return creatorRole(code, fallback)
  }
  const contributors: Creator[] = [
    ...list(metadata.creator).map((node) => ({ name: text(node), role: roleOf(node, 'author') })),
    ...list(metadata.contributor).map((node) => ({ name: text(node), role: roleOf(node, 'other') })),
  ].filter((creator) => creator.name)
  const creators = contributors.filter((creator) => creator.role === 'author').map((creator) => creator.name)
  const description = text(list(metadata.description)[0]).replace(/<[^<>]+>/g, '')
  const identifier = text(list(metadata.identifier)[0])
  const packageLayout = metaProperty('rendition:layout') === 'pre-paginated' ? 'fixed' : 'reflowable'
  // rendition:flow: a scrolled book (a manga strip, a web-like document) is read by scrolling.
  const flow = metaProperty('rendition:flow')
  // The class a media overlay's text element being read takes (EPUB 3 media:active-class), a CSS class name only.
  const activeClass = /^-?[_a-zA-Z][\w-]*$/.test(metaProperty('media:active-class')) ? metaProperty('media:active-class') : ''
  const presentation = flow === 'scrolled-doc' || flow === 'scrolled-continuous' ? { overflow: 'scrolled', continuous: flow === 'scrolled-continuous' } : null

  const manifestItems = list((opf.manifest as Record<string, unknown> | undefined)?.item as Record<string, unknown>[] | Record<string, unknown>)
  const items = new Map<string, { path: string; type: string; properties: string[]; mediaOverlay: string }>()
  for (const item of manifestItems) {
    const id = String(item['@id'] ?? '')
    const href = String(item['@href'] ?? '')
    if (!id || !href) continue
    items.set(id, {
      path: resolveHref(opfPath, href),
      type: String(item['@media-type'] ?? 'application/octet-stream'),
      properties: String(item['@properties'] ?? '')
        .split(/\s+/)
        .filter(Boolean),
      mediaOverlay: String(item['@media-overlay'] ?? ''),
    })
  }
  const spine = (opf.spine ?? {}) as Record<string, unknown>
  const readingProgression = spine['@page-progression-direction'] === 'rtl' ? 'rtl' : 'ltr'
  const missing: string[] = []
  const present = (file: string) => {
    if (book.has(file)) return true
    missing.push(file)
    return false
  }

  const readingOrder: ManifestLink[] = []
  const inOrder = new Set<string>()
  const itemrefs = list(spine.itemref as Record<string, unknown>[] | Record<string, unknown>)
  // A reading order that points at nothing cannot be read: refuse it rather than drop chapters.
  const unknownRefs = itemrefs.map((ref) => String(ref['@idref'] ?? '')).filter((idref) => !items.has(idref))
  if (unknownRefs.length)
    throw new EpubError(`This EPUB has a malformed package: its spine names items its manifest does not list (${unknownRefs.slice(0, 5).join(', ')}).`)
  const lacking = [...new Set(itemrefs.map((ref) => items.get(String(ref['@idref']))?.path ?? '').filter((file) => file && !book.has(file)))]
  if (lacking.length)
    throw new EpubError(
      `This EPUB is damaged: its reading order names files the archive lacks (${lacking.slice(0, 5).join(', ')}${lacking.length > 5 ? ', …' : ''}).`,
    )
  // rendition:layout set per spine item (itemref properties) overrides the package's.
  const itemLayouts: ('reflowable' | 'fixed')[] = []
  for (const ref of itemrefs) {
    const item = items.get(String(ref['@idref'] ?? ''))
    if (!item || inOrder.has(item.path) || !present(item.path)) continue
    if (ref['@linear'] === 'no') continue
    const spread = String(ref['@properties'] ?? '')
    const page = /page-spread-left/.test(spread) ? 'left' : /page-spread-right/.test(spread) ? 'right' : /spread-center/.test(spread) ? 'center' : null
    itemLayouts.push(
      /\brendition:layout-pre-paginated\b/.test(spread) ? 'fixed' : /\brendition:layout-reflowable\b/.test(spread) ? 'reflowable' : packageLayout,
    )
    // EPUB 3 media overlay (issue 37): the document's narration, as Readium writes it, an alternate link to its SMIL.
    const overlay = item.mediaOverlay ? items.get(item.mediaOverlay) : undefined
    const narrated = overlay && /^application\/smil\+xml\b/i.test(overlay.type) && book.has(overlay.path)
    readingOrder.push({
      href: hrefOf(item.path),
      type: item.type,
      ...(page ? { properties: { page } } : {}),
      ...(narrated ? { alternate: [{ href: hrefOf(overlay.path), type: 'application/smil+xml' }] } : {}),
    })
    inOrder.add(item.path)
  }
  if (readingOrder.length === 0) throw new EpubError('This EPUB has nothing to read: its spine lists no document the archive contains.')
  // The reader lays a book out one way: fixed when most of its documents are pre-paginated (a
  // manga whose itemrefs say so and whose package says nothing is fixed). A document laid out
  // otherwise than the book keeps its own as Readium's per-link layout property.
  const fixedCount = itemLayouts.filter((each) => each === 'fixed').length
  const layout: 'reflowable' | 'fixed' = fixedCount * 2 > itemLayouts.length ? 'fixed' : 'reflowable'
  readingOrder.forEach((link, index) => {
    const own = itemLayouts[index]
    if (own && own !== layout) link.properties = { ...link.properties, layout: own }
  })

  const coverId = String(metas.find((meta) => meta['@name'] === 'cover')?.['@content'] ?? '')
  let coverPath: string | null = null
  let navPath: string | null = null
  const resources: ManifestLink[] = []
  for (const [id, item] of items) {
    if (item.properties.includes('nav')) navPath = item.path
    const isCover = item.properties.includes('cover-image') || (id === coverId && item.type.startsWith('image/'))
    if (isCover && book.has(item.path)) coverPath = item.path
    if (inOrder.has(item.path) || !present(item.path)) continue
    const rel = isCover ? 'cover' : item.properties.includes('nav') ? 'contents' : undefined
    resources.push({ href: hrefOf(item.path), type: item.type, ...(rel ? { rel } : {}) })
  }

  // Positions: fixed layout one per document; reflowable one per POSITION_CHARS of rendered text
  // (documents read one at a time).
  const counted: { link: ManifestLink; count: number }[] = []
  const malformed: string[] = []
  for (const link of readingOrder) {
    const file = decodeURIComponent(link.href)
    const bytes = await asEpub(book.read(file))
    // A document that is not well-formed XML would not load as XHTML at all: served as HTML.
    if (bytes && /^application\/xhtml\+xml\b/i.test(link.type)) {
      const why = notWellFormed(bytes)
      if (why) {
        malformed.push(`${file} (${why})`)
        link.type = 'text/html'
      }
    }
    if (layout === 'fixed') {
      counted.push({ link, count: 1 })
      continue
    }
    counted.push({ link, count: bytes ? Math.max(1, Math.ceil(renderedLength(bytes, link.type) / POSITION_CHARS)) : 1 })
  }
  const ncxId = String(spine['@toc'] ?? '')
  const ncxPath = (items.get(ncxId) ?? [...items.values()].find((item) => item.type === 'application/x-dtbncx+xml'))?.path ?? null
  let toc = await navToc(book, navPath)
  // EPUB 2 (or a navigation document without a toc): the NCX's navPoints.
  if (toc.length === 0) toc = await ncxToc(book, ncxPath && book.has(ncxPath) ? ncxPath : null)
  // Table of contents entries of a document served as HTML say so.
  const htmlDocuments = new Set(readingOrder.filter((link) => link.type === 'text/html').map((link) => link.href))
  const retype = (links: ManifestLink[]): ManifestLink[] =>
    links.map((link) => ({
      ...link,
      ...(htmlDocuments.has(withoutFragment(link.href)) ? { type: 'text/html' } : {}),
      ...(link.children ? { children: retype(link.children) } : {}),
    }))
  if (htmlDocuments.size) toc = retype(toc)
  // The rest of the archive, inflated once and thrown away: a damaged file is found now, not by a reader.
  await asEpub(book.verify())
  const total = counted.reduce((sum, { count }) => sum + count, 0)
  const positions: LocatorJson[] = []
  for (const { link, count } of counted) {
    for (let i = 0; i < count; i++) {
      const position = positions.length + 1
      positions.push({ href: link.href, type: link.type, locations: { progression: i / count, position, totalProgression: (position - 1) / total } })
    }
  }

  return {
    title,
    language,
    creators,
    contributors,
    description,
    layout,
    readingProgression,
    coverPath,
    missing: [...new Set(missing)],
    malformed,
    positions,
    book,
    manifest: {
      metadata: {
        '@type': 'http://schema.org/Book',
        conformsTo: ['https://readium.org/webpub-manifest/profiles/epub'],
        title,
        ...(identifier ? { identifier } : {}),
        language,
        ...(creators.length ? { author: creators } : {}),
        ...Object.fromEntries(
          (['translator', 'illustrator', 'editor', 'narrator', 'artist', 'colorist', 'letterer', 'publisher'] as const)
            .map((role) => [role, contributors.filter((creator) => creator.role === role).map((creator) => creator.name)] as const)
            .filter(([, names]) => names.length > 0),
        ),
        ...(contributors.some((creator) => creator.role === 'other')
          ? { contributor: contributors.filter((creator) => creator.role === 'other').map((creator) => creator.name) }
          : {}),
        layout,
        readingProgression,
        ...(presentation ? { presentation } : {}),
        ...(activeClass ? { mediaOverlay: { activeClass } } : {}),
        numberOfPages: total,
      },
      readingOrder,
      resources,
      toc,
    },
  }
}

/** Media type of a zip entry the manifest does not list (by extension). */
export function guessType(file: string): string {
  const ext = path.posix.extname(file).toLowerCase()
  const types: Record<string, string> = {
    '.xhtml': 'application/xhtml+xml',
    '.html': 'text/html',
    '.css': 'text/css',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.png': 'image/png',
    '.gif': 'image/gif',
    '.svg': 'image/svg+xml',
    '.webp': 'image/webp',
    '.ttf': 'font/ttf',
    '.otf': 'font/otf',
    '.woff': 'font/woff',
    '.woff2': 'font/woff2',
    '.mp3': 'audio/mpeg',
    '.m4a': 'audio/mp4',
    '.mp4': 'audio/mp4',
    '.aac': 'audio/aac',
    '.ogg': 'audio/ogg',
    '.opus': 'audio/ogg',
    '.wav': 'audio/wav',
    '.js': 'text/javascript',
    '.ncx': 'application/x-dtbncx+xml',
    '.smil': 'application/smil+xml',
  }
  return types[ext] ?? 'application/octet-stream'
}
