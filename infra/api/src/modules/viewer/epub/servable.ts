import { LRUCache } from 'lru-cache'
import type { AppDeps } from '../../../deps'
import { guessType, hrefOf, list, resolveHref, xml, type ManifestLink } from './parse'
import { cssReferences, documentReferences } from './references'
import { openBook } from './store'
import type { ZipBook } from './zip'

/**
 * Which files of a chapter's EPUB a reader may fetch. Never the package (container, OPF, NCX,
 * navigation document: the reader gets its manifest and table of contents from the API) nor
 * a script. A trial (a reading-order limit) reaches only its own documents and what they load,
 * followed through stylesheets and SVG: nothing of the paid part, whatever its file type.
 */
export interface EpubPart {
  epubId: number
  /** The reading order this part reads (a trial's is cut at its limit). */
  readingOrder: ManifestLink[]
  /** The whole book's reading order and resources, as its package lists them. */
  book: { readingOrder: ManifestLink[]; resources: ManifestLink[] }
  /** The trial's limit; null when the part reads the whole book. */
  readingOrderLimit: number | null
}

interface Served {
  /** Files the reader must not get even when referenced. */
  denied: Set<string>
  /** A trial: the only files it may get; null: any other file of the archive. */
  only: Set<string> | null
}

const SCRIPT_TYPE = /javascript|ecmascript|jscript|livescript/i
const SCRIPT_FILE = /\.[mc]?js$/i
const HTML_TYPE = /^(text\/html|application\/xhtml\+xml)\b/i
const SCHEME = /^[a-z][a-z0-9+.-]*:/i
const BOOK = 'http://book.invalid/'

/** A book's scripts are never served: nothing in a book runs as our site. */
export const isScript = (zipPath: string, type: string): boolean => SCRIPT_FILE.test(zipPath) || SCRIPT_TYPE.test(type)

/** The zip path a relative URL written in `from` points at; null for other sites, schemes, absolute paths or a bare fragment. */
export function resolveReference(from: string, reference: string): string | null {
  const written = reference.trim()
  if (!written || written.startsWith('#') || written.startsWith('/') || written.startsWith('\\') || SCHEME.test(written)) return null
  let url: URL
  try {
    url = new URL(written, BOOK + hrefOf(from))
  } catch {
    return null
  }
  if (url.origin !== new URL(BOOK).origin) return null
  try {
    return url.pathname.slice(1).split('/').map(decodeURIComponent).join('/')
  } catch {
    return null
  }
}

/** A manifest href (a zip path, percent-encoded) as the zip path. */
export const zipPathOf = (href: string): string => {
  try {
    return decodeURIComponent(href)
  } catch {
    return href
  }
}

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8')

/** The package's own files: META-INF/*, mimetype, every rootfile (OPF), NCX and navigation document it names. */
export async function packageFiles(book: ZipBook, resources: ManifestLink[]): Promise<Set<string>> {
  const found = new Set<string>(['mimetype'])
  const add = (zipPath: string) => found.add(zipPath)
  for (const name of book.names) if (name.startsWith('META-INF/') || /\.(opf|ncx)$/i.test(name)) add(name)
  for (const link of resources) {
    if (link.rel === 'contents' || /x-dtbncx\+xml/i.test(link.type)) add(zipPathOf(link.href))
  }
  try {
    const container = await book.read('META-INF/container.xml')
    const root = container ? (xml.parse(text(container)) as Record<string, unknown>) : {}
    const rootfiles = list(((root.container as Record<string, unknown> | undefined)?.rootfiles as Record<string, unknown> | undefined)?.rootfile) as Record<
      string,
      unknown
    >[]
    for (const rootfile of rootfiles) {
      const opfPath = String(rootfile['@full-path'] ?? '')
      if (!opfPath) continue
      add(opfPath)
      const opf = await book.read(opfPath)
      const pkg = opf ? ((xml.parse(text(opf)) as Record<string, unknown>).package as Record<string, unknown> | undefined) : undefined
      const tocId = String((pkg?.spine as Record<string, unknown> | undefined)?.['@toc'] ?? '')
      for (const item of list((pkg?.manifest as Record<string, unknown> | undefined)?.item) as Record<string, unknown>[]) {
        const href = String(item['@href'] ?? '')
        const isNav = String(item['@properties'] ?? '')
          .split(/\s+/)
          .includes('nav')
        const isNcx = String(item['@media-type'] ?? '') === 'application/x-dtbncx+xml' || (tocId !== '' && item['@id'] === tocId)
        if (href && (isNav || isNcx)) add(resolveHref(opfPath, href))
      }
    }
  } catch {
    /* a package that no longer parses (or unpacks): the name rules above still hold */
  }
  return found
}

/**
 * A trial's files: its reading-order documents and, transitively, what they load (images,
 * SVG, stylesheets and what those import, fonts, media). Other HTML documents are not
 * followed: a trial document that frames or embeds a paid chapter does not open it.
 */
export async function trialFiles(book: ZipBook, documents: string[], typeOf: (zipPath: string) => string): Promise<Set<string>> {
  const allowed = new Set(documents)
  const queue = [...documents]
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    // A file that no longer unpacks loads nothing we vouch for (and is not served either).
    const bytes = await book.read(file).catch(() => undefined)
    if (!bytes) continue
    const type = typeOf(file)
    let references: string[] = []
    try {
      if (/^text\/css\b/i.test(type)) references = cssReferences(text(bytes))
      else if (/^image\/svg\+xml\b/i.test(type)) references = documentReferences(text(bytes), true)
      else if (HTML_TYPE.test(type)) references = documentReferences(text(bytes), !/^text\/html\b/i.test(type))
    } catch {
      references = [] // unreadable markup loads nothing we vouch for
    }
    for (const reference of references) {
      const target = resolveReference(file, reference)
      if (target === null || allowed.has(target) || !book.has(target)) continue
      if (HTML_TYPE.test(typeOf(target)) || /\.x?html?$/i.test(target)) continue
      allowed.add(target)
      queue.push(target)
    }
  }
  return allowed
}

const SMIL_TYPE = /^application\/smil\+xml\b/i

/** The media overlays (SMIL files, as zip paths) of reading-order documents. */
const overlaysOf = (links: ManifestLink[]): string[] =>
  links.flatMap((link) => (link.alternate ?? []).filter((each) => SMIL_TYPE.test(each.type)).map((each) => zipPathOf(each.href)))

/**
 * A trial's narration (EPUB 3 media overlays, issue 37): the SMIL of each of its documents and
 * the audio it plays, except a SMIL a paid document's overlay also is, or one playing an audio
 * file a paid document's overlay also plays (a book narrated in one long file: its paid
 * narration is not the trial's to play).
 */
export async function trialOverlayFiles(book: ZipBook, part: Pick<EpubPart, 'readingOrder' | 'book'>, typeOf: (zipPath: string) => string): Promise<string[]> {
  const trial = new Set(part.readingOrder.map((link) => link.href))
  const paid = new Set(overlaysOf(part.book.readingOrder.filter((link) => !trial.has(link.href))))
  const audioOf = async (smil: string): Promise<string[]> => {
    const bytes = await book.read(smil).catch(() => undefined)
    let references: string[] = []
    try {
      references = bytes ? documentReferences(text(bytes), true) : []
    } catch {
      references = []
    }
    return references
      .map((reference) => resolveReference(smil, reference))
      .filter((target): target is string => target !== null && book.has(target) && !HTML_TYPE.test(typeOf(target)) && !/\.x?html?$/i.test(target))
  }
  const paidAudio = new Set((await Promise.all([...paid].map(audioOf))).flat())
  const files: string[] = []
  for (const smil of new Set(overlaysOf(part.readingOrder))) {
    if (paid.has(smil) || !book.has(smil)) continue
    const audio = await audioOf(smil)
    // A narration the trial could play only in part is not the trial's (its reader gets the voice).
    if (audio.some((file) => paidAudio.has(file))) continue
    files.push(smil, ...audio)
  }
  return files
}

/** The media type a file is served with: the package's, else by extension. */
export function typeIndex(book: EpubPart['book']): (zipPath: string) => string {
  const types = new Map<string, string>()
  for (const link of [...book.resources, ...book.readingOrder]) types.set(link.href, link.type)
  return (zipPath) => types.get(hrefOf(zipPath)) ?? guessType(zipPath)
}

/** Worked out once per book and part (a book's bytes never change: epub_files are kept by hash). */
const served = new LRUCache<string, Promise<Served>>({ max: 64 })

function servedFiles(deps: AppDeps, part: EpubPart): Promise<Served> {
  const key = `${part.epubId}:${part.readingOrderLimit ?? 'all'}`
  let result = served.get(key)
  if (!result) {
    result = openBook(deps.db, deps.objects, part.epubId).then(async (book) => {
      const documents = new Set(part.readingOrder.map((link) => zipPathOf(link.href)))
      const denied = new Set([...(await packageFiles(book, part.book.resources))].filter((file) => !documents.has(file)))
      if (part.readingOrderLimit === null) return { denied, only: null }
      const only = await trialFiles(book, [...documents], typeIndex(part.book))
      for (const file of await trialOverlayFiles(book, part, typeIndex(part.book))) if (!denied.has(file)) only.add(file)
      return { denied, only }
    })
    result.catch(() => served.delete(key))
    served.set(key, result)
  }
  return result
}

/** A name as written and, for zips without the UTF-8 flag, as its Latin-1 spelling reads in UTF-8. */
function spellings(zipPath: string): string[] {
  if (/^[\x00-\x7f]*$/.test(zipPath) || /[^\x00-\xff]/.test(zipPath)) return [zipPath]
  return [zipPath, Buffer.from(zipPath, 'latin1').toString('utf8')]
}

/** Whether this part serves the file (a zip path, decoded). Scripts are refused separately, by type. */
export async function servable(deps: AppDeps, part: EpubPart): Promise<(zipPath: string) => boolean> {
  const { denied, only } = await servedFiles(deps, part)
  return (zipPath) => spellings(zipPath).every((name) => !denied.has(name) && !name.startsWith('META-INF/')) && (only === null || only.has(zipPath))
}
