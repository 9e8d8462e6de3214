import { createHash } from 'node:crypto'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import {
  COOKIES,
  imageSources,
  pageCookieSnapshot,
  jsonForScript,
  spreadPageSources,
  stripPageSources,
  readCookie,
  remoteFolder,
  resolveLocale,
  BOOT_DATA_ID,
  bootKey,
  endpoints,
  INLINE_REGISTRY_ID,
  PAGE_SCRIPTS_ID,
  hasTags,
  type TagConfig,
  validTimeZone,
  type BootData,
  type ChapterFileSalesType,
  type ContentParams,
  type ContentType,
  type Locale,
  type RemoteName,
  type ParamsOf,
  type QueryOf,
  type ResultOf,
} from '@koma/contracts/server'
import { resolveRoute } from '@koma/contracts/match'
import { BOOK_START_FILE, FIRST_BOOK_ID, opensBeforeApp, type FirstBookNote } from '@koma/contracts/firstBook'
import type { Registry } from '../registry/types'
import { apiCall, FIRST_PAGE_API_WAIT_MS, type AnyEndpoint, type ApiAnswer, type ApiTarget } from './apiFetch'
import { compressVariants, type Variants } from './encoding'
import { escapeMarkup } from './responses'
import type { PageContext } from './pageMeta'

/**
 * What the edge already knows about the first page, written into the HTML it serves so the
 * browser's first page asks nothing the edge could answer:
 * - the live registry (a JSON script element: the host reads it instead of /registry.json);
 * - preloads of the live remote that owns the route: its manifest, remoteEntry.js, its ./routes
 *   module, the screen's chunks (the build's route-chunks.json) and the locale's messages;
 * - a preload of the host's messages in the page's language;
 * - the reader's address and the edge's clock (the API client's /ip lookup);
 * - for a title's episode list, to a visitor: the title's anonymous answer (the one pageMeta fetched);
 * - for the home page: the API's home answer (cached here for as long as the API says it may be
 *   cached publicly) and a preload of its first banner image, the largest paint.
 * Only data and links: the page's Content-Security-Policy runs no inline script.
 */

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } }
  exposes?: { name: string; assets?: { js?: { sync?: string[] } } }[]
}

interface RemoteFiles {
  base: string
  manifest: string
  entry: string
  routes: string[]
  chunks: Record<string, string[]>
  /** The build's book starter (contracts' BOOK_START_FILE), when it has one. */
  bookStart: string | null
}

/** Immutable per version folder: read once. */
class RemoteVersions {
  private readonly cache = new Map<string, Promise<RemoteFiles | null>>()

  constructor(private readonly edgeDir: string) {}

  get(name: RemoteName, manifestUrl: string): Promise<RemoteFiles | null> {
    let files = this.cache.get(manifestUrl)
    if (!files) {
      files = this.load(name, manifestUrl)
      if (this.cache.size > 40) this.cache.delete(this.cache.keys().next().value as string)
      this.cache.set(manifestUrl, files)
    }
    return files
  }

  private async load(name: RemoteName, manifestUrl: string): Promise<RemoteFiles | null> {
    const [, folder, version] = /^\/remotes\/([^/]+)\/([^/]+)\/mf-manifest\.json$/.exec(manifestUrl) ?? []
    if (folder === undefined || version === undefined || folder !== remoteFolder(name)) return null
    const dir = path.join(this.edgeDir, 'remotes', folder, version)
    const base = `/remotes/${folder}/${version}/`
    try {
      const manifest = JSON.parse(await fs.readFile(path.join(dir, 'mf-manifest.json'), 'utf8')) as Manifest
      const entry = manifest.metaData?.remoteEntry
      const chunks = await readRouteChunks(dir)
      const bookStart = await fs.access(path.join(dir, BOOK_START_FILE)).then(
        () => base + BOOK_START_FILE,
        () => null,
      )
      return {
        base,
        manifest: manifestUrl,
        entry: base + (entry?.path ? `${entry.path.replace(/\/$/, '')}/` : '') + (entry?.name ?? 'remoteEntry.js'),
        routes: (manifest.exposes ?? []).find((expose) => expose.name === 'routes')?.assets?.js?.sync ?? [],
        chunks,
        bookStart,
      }
    } catch {
      this.cache.delete(manifestUrl)
      return null
    }
  }
}

/** A build's route-chunks.json (infra/webpack/route-chunks.js); none when the build wrote none. */
async function readRouteChunks(dir: string): Promise<Record<string, string[]>> {
  return JSON.parse(await fs.readFile(path.join(dir, 'route-chunks.json'), 'utf8').catch(() => '{}')) as Record<string, string[]>
}

/** The host's messages files per locale (its build's route-chunks.json), per immutable version folder. */
class HostMessageFiles {
  private readonly cache = new Map<string, Promise<Record<string, string[]>>>()

  constructor(private readonly edgeDir: string) {}

  async get(version: string, locale: Locale): Promise<string[]> {
    let chunks = this.cache.get(version)
    if (!chunks) {
      chunks = readRouteChunks(path.join(this.edgeDir, 'host', path.basename(version)))
      if (this.cache.size >= 4) this.cache.delete(this.cache.keys().next().value as string)
      this.cache.set(version, chunks)
    }
    const files = (await chunks)[`messages:${locale}`]
    // Not there yet (a version being published): look again next time.
    if (!files && this.cache.get(version) === chunks) this.cache.delete(version)
    return files ?? []
  }
}

/** The API's home answer, as the home endpoint types it. */
type HomeLayout = ResultOf<typeof endpoints.home>

interface CachedHome {
  result: HomeLayout
  until: number
  /** The API's answer as bytes, compressed once: served to /api/<lang>/home while fresh. */
  answer: Promise<Variants>
}

export interface PageRequest {
  url: string
  cookie: string | undefined
  acceptLanguage: string | undefined
  clientIp: string
  /** The request said do-not-share (cookie or Sec-GPC): the page names no third-party provider. */
  doNotShare?: boolean
}

/** Accept-Language as a list of tags, best first. */
export function languagesOf(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((param) => /^\s*q=([\d.]+)/.exec(param)?.[1]).find(Boolean)
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag)
}

/** Where a page request goes: its decoded path, route (null: a 404) and the reader's language. */
export function pageContext(req: PageRequest): PageContext {
  const query = req.url.indexOf('?')
  const pathname = query === -1 ? req.url : req.url.slice(0, query)
  const search = query === -1 ? '' : req.url.slice(query)
  let decoded = pathname
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    /* keep it raw: the router will call it a 404 */
  }
  const locale = resolveLocale({ pathname: decoded, cookie: readCookie(COOKIES.locale, req.cookie ?? ''), browserLanguages: languagesOf(req.acceptLanguage) })
  return { pathname: decoded, search, match: resolveRoute(decoded, search), locale }
}

/**
 * Who a page is for, as far as its cookies tell: a `visitor` (no session of any kind, no mature
 * choice: the API answers every such reader alike), a `reader` (a member's or a guest's session
 * cookie, or the login-check cookie: the API says whose, issue 34) or `mature` (the adult check
 * answered yes: lists may name mature titles, so the edge draws nothing for them).
 */
export type PageReader = 'visitor' | 'reader' | 'mature'

export function pageReader(cookie: string | undefined): PageReader {
  const jar = cookie ?? ''
  if (readCookie(COOKIES.acceptMature, jar) === 'Y') return 'mature'
  return readCookie(COOKIES.session, jar) || readCookie(COOKIES.loginCheck, jar) ? 'reader' : 'visitor'
}

/** No session of any kind (member or guest) and no mature choice: the API answers this reader as anyone. */
export function isAnonymousVisitor(cookie: string | undefined): boolean {
  return pageReader(cookie) === 'visitor'
}

/** Where the page keeps the reader's profile as the API answered the edge with their session (issue 34): the API client's own path. */
export const PROFILE_PATH = bootKey(endpoints.profile)

/**
 * What the header asks for a member or a guest as soon as the page hydrates (the inbox badge,
 * host/layout/InboxButton.tsx): asked with their session beside the profile and written into the
 * page, so a reader's first page asks the API nothing and downloads no HTTP client (issue 34).
 */
export const INBOX_COUNT_PATH = bootKey(endpoints.inboxCount)

/** The novel reader's own chunks (mf-viewer's webpackChunkNames), preloaded with a book's chapter (issue 39). */
const NOVEL_READER_CHUNKS = ['epub-reader', 'readium', 'readium-shared']

/** A publication's manifest longer than this (a book of thousands of documents) is not written into the page. */
const MAX_PAGE_MANIFEST_CHARS = 256 * 1024

/**
 * The document a book opens on (the reader's saved place's, else the first of the reading order)
 * as a path under the manifest's self link, the way the reader resolves it; only the book's own.
 */
export function firstDocument(publication: { manifest: Record<string, unknown> }, savedHref: string | null): string | null {
  const manifest = publication.manifest as { links?: { rel?: string | string[]; href: string }[]; readingOrder?: { href: string }[] }
  const self = manifest.links?.find((link) => (Array.isArray(link.rel) ? link.rel.includes('self') : link.rel === 'self'))?.href
  const order = manifest.readingOrder ?? []
  const saved = savedHref?.split('#')[0]
  const href = (order.find((link) => link.href === saved) ?? order[0])?.href
  if (!self || !href || !self.startsWith('/api/')) return null
  const base = new URL(self, 'http://edge.invalid')
  const url = new URL(href, base)
  const folder = base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1)
  return url.origin === base.origin && url.pathname.startsWith(folder) && !url.search ? url.pathname : null
}

/** Routes the edge draws for a member or a guest too (issue 34): what their first render asks is answered below with their session. */
const READER_DRAWN = new Set(['catalog.home', 'catalog.episodes', 'viewer.comic', 'viewer.magazine'])

export class PageHints {
  private readonly remotes: RemoteVersions
  private readonly hostMessages: HostMessageFiles
  private readonly homes = new Map<Locale, CachedHome>()
  private readonly pending = new Map<Locale, Promise<HomeLayout | null>>()
  /** Moves on each forgetHome: an answer asked for before it is handed out but not kept. */
  private generation = 0

  constructor(
    edgeDir: string,
    private readonly apiUrl: ApiTarget,
    private readonly options: {
      homeWaitMs?: number
      now?: () => number
      tags?: TagConfig
      /** Share of page loads (0 to 1) that report their Web Vitals (BootData.vitals); none when unset or 0. */
      vitalsSampleRate?: number
      /** The sample's draw (tests give their own). */
      random?: () => number
      /** The API's anonymous answer for a title (endpoints.content), as the page's metadata fetched and keeps it (pageMeta.ts). */
      publicAnswer?: (params: ContentParams, locale: Locale, clientIp: string) => Promise<ApiAnswer<unknown>>
    } = {},
  ) {
    this.remotes = new RemoteVersions(edgeDir)
    this.hostMessages = new HostMessageFiles(edgeDir)
  }

  private now(): number {
    return this.options.now?.() ?? Date.now()
  }

  /**
   * The head elements for this request, to go before `</head>`, and a tag of everything in them
   * but the clock (the page's ETag: a revalidated page keeps its older clock, which the API client
   * ignores when it is far from its own).
   */
  async headFor(
    req: PageRequest,
    registry: Registry,
    page: PageContext = pageContext(req),
    extra: {
      seed?: number
      /**
       * A page the edge draws (render/firstPaint.ts), when the answer it is drawn from is in it:
       * its scripts are named in koma-scripts, these first (the host page's own preloads), and
       * fetched once the page is painted, instead of preloaded (scriptsDeferred says which).
       */
      deferScripts?: string[]
      /**
       * The host page's own preloads: on a book's page that opens its book before the app (issue
       * 39), named in koma-scripts like a drawn page's, fetched once the book's first page is up.
       */
      hostScripts?: string[]
      /** A page the edge draws: the time zone it draws dates in (BootData.timeZone). */
      timeZone?: string
    } = {},
  ): Promise<{
    head: string
    tag: string
    boot: BootData
    answered: boolean
    scriptsDeferred: boolean
    /** The page carries answers the API gave this reader's session (issue 34): it is theirs alone (no-store, no validator). */
    personal: boolean
  }> {
    const parts: string[] = [`<script type="application/json" id="${INLINE_REGISTRY_ID}">${jsonForScript(registry)}</script>`]
    /** The answer the route's screen draws from is in the page (home's, a title's, a chapter's): the edge may draw it. */
    let answered = false
    /** The page opens its book before the app (issue 39): the viewer's book starter's URL. */
    let startsBook: string | null = null
    const scripts: string[] = []
    const preloadScript = (href: string) => void scripts.push(href)
    // The request's page-readable cookies (never the httpOnly ones): the page's first cookie reads
    // take them from here, not from a synchronous document.cookie (issue 39, contracts' cookies.ts).
    const boot: BootData = { ip: { ip: req.clientIp, now: this.now() }, cookie: pageCookieSnapshot(req.cookie ?? '') }
    // A page the edge draws (render/firstPaint.ts): the seed of its random choices.
    if (extra.seed !== undefined) boot.seed = extra.seed
    if (extra.timeZone !== undefined) boot.timeZone = extra.timeZone
    const tags = this.options.tags
    if (tags && hasTags(tags) && !req.doNotShare) boot.tags = tags
    // Readers' Web Vitals (issue 38): asked of the sampled share of page loads whose reader allows analytics.
    const share = this.options.vitalsSampleRate ?? 0
    if (share > 0 && !req.doNotShare && (this.options.random ?? Math.random)() < share) boot.vitals = true
    const { match, locale } = page
    const apiWait = this.options.homeWaitMs ?? FIRST_PAGE_API_WAIT_MS
    // A member's or guest's page (issue 34): their profile, asked with their own cookies, while
    // the rest is gathered. Only a reader the API knows (200) who has not turned mature content on
    // gets a drawn page: an expired or made-up session (401), a slow API or a mature choice gets
    // the page the browser draws, as before.
    const reader = pageReader(req.cookie)
    const asReader = reader === 'reader' && match !== null && READER_DRAWN.has(match.route.id)
    const told = readCookie(COOKIES.timeZone, req.cookie ?? '')
    const timeZone = told && validTimeZone(told) ? told : undefined
    const ask = <E extends AnyEndpoint>(endpoint: E, params?: ParamsOf<E>, query?: QueryOf<E>) =>
      apiCall(
        this.apiUrl,
        endpoint,
        { params, query },
        {
          locale,
          clientIp: req.clientIp,
          now: this.now(),
          timeoutMs: apiWait,
          ...(asReader ? { cookie: req.cookie, ...(timeZone ? { timeZone } : {}) } : {}),
        },
      )
    const profileAnswer = asReader ? ask(endpoints.profile) : null
    // The viewer's pages have no header (layout 'none'): no badge to answer there.
    const inboxAnswer = asReader && match.route.layout !== 'none' ? ask(endpoints.inboxCount) : null
    // The host's own texts in the page's language, which its first render waits for.
    const host = registry.host
    if (host) for (const file of await this.hostMessages.get(host.version, locale)) preloadScript(host.base + file)
    const owner = match?.route.owner
    if (match && owner && owner !== 'host') {
      const live = registry.remotes[owner]
      const files = live ? await this.remotes.get(owner, live.entry) : null
      if (files) {
        const scripts = [
          files.entry,
          ...[...files.routes, ...(files.chunks[match.route.id] ?? []), ...(files.chunks[`messages:${locale}`] ?? [])].map((file) => files.base + file),
        ]
        for (const script of new Set(scripts)) preloadScript(script)
      }
      if (match.route.id === 'catalog.home' && readCookie(COOKIES.acceptMature, req.cookie ?? '') !== 'Y') {
        const home = await this.home(locale, req.clientIp)
        if (home) {
          boot.results = { [bootKey(endpoints.home, { lang: locale })]: home }
          answered = true
          const first = home.topBanner?.elements[0]
          if (first) {
            const phone = imageSources(first.imageUrl, 390)
            const wide = first.largeScreenImageUrl ? imageSources(first.largeScreenImageUrl, 640) : null
            const media = wide ? ' media="(max-width: 767px)"' : ''
            parts.push(
              `<link rel="preload" as="image" href="${escapeMarkup(phone.src)}" imagesrcset="${escapeMarkup(phone.srcSet)}" fetchpriority="high"${media}>`,
            )
            if (wide)
              parts.push(
                `<link rel="preload" as="image" href="${escapeMarkup(wide.src)}" imagesrcset="${escapeMarkup(wide.srcSet)}" fetchpriority="high" media="(min-width: 768px)">`,
              )
          }
        }
      }
    }
    // A title's episode list for a visitor: the edge's request carries no session, and the API
    // answers every such reader alike (it shares one server copy among them, content/routes.ts),
    // so the first render asks nothing and the page downloads no HTTP client. A member, a guest
    // or a reader who accepted mature content has their own answer: their browser asks.
    // A member's or guest's (issue 34): their own answer (library mark, gauge, unlocked chapters), asked with their cookies.
    const publicAnswer = this.options.publicAnswer
    if (match?.route.id === 'catalog.episodes' && ((publicAnswer && reader === 'visitor') || asReader)) {
      const params: ContentParams = { type: match.params.contentType as ContentType, id: match.params.contentId! }
      const answer = asReader ? await ask(endpoints.content, params) : await publicAnswer!(params, locale, req.clientIp)
      // A mature title writes nothing into the page (as its metadata previews nothing).
      const title = answer.result as { mature?: unknown; keyVisual?: { url: string } | null } | null
      if (answer.status === 200 && title && title.mature !== true) {
        boot.results = { ...boot.results, [bootKey(endpoints.content, params)]: title }
        answered = true
        // The key visual is the page's largest paint: drawn 1200 CSS px wide (mf-catalog's TitleHeader).
        if (title.keyVisual) {
          const visual = imageSources(title.keyVisual.url, 1200)
          parts.push(`<link rel="preload" as="image" href="${escapeMarkup(visual.src)}" imagesrcset="${escapeMarkup(visual.srcSet)}" fetchpriority="high">`)
        }
      }
    }
    // A chapter a visitor may read (a free one): the API's answer, which the edge asks for as any
    // visitor (no cookies: the API decides, a paid chapter answers 401 and writes nothing), and a
    // preload of its first page, the largest paint. For the edge to draw the viewer (issue 13).
    // A member's or guest's (issue 34): asked with their own cookies, so the API hands signed page
    // URLs only to a reader who has the right (a locked chapter answers 401/403: nothing written).
    if ((match?.route.id === 'viewer.comic' || match?.route.id === 'viewer.magazine') && (reader === 'visitor' || asReader)) {
      const params = {
        type: match.route.id === 'viewer.comic' ? ('comic' as const) : ('magazine_comic' as const),
        id: match.params.contentId!,
        chapterId: match.params.chapterId!,
        salesType: match.params.chapterFileSalesType as ChapterFileSalesType,
      }
      const answer = await ask(endpoints.chapter, params)
      const chapter = answer.status === 200 ? answer.result : null
      // A book (issue 39): the reader's first page waits on no call the edge could answer. The
      // chapter's answer and the publication's manifest, asked as this reader (the API decides,
      // as for a comic's chapter), the novel reader's chunks and the document it opens on are in
      // the page. The browser draws the reader: the edge does not (answered stays false).
      if (chapter && chapter.chapterFileFormat === 'epub' && chapter.mature !== true && owner === 'mf_viewer') {
        const query = { chapterId: String(chapter.id), chapterFileSalesType: params.salesType, languageId: locale }
        const book = await ask(endpoints.chapterEpub, { type: params.type, id: params.id }, query)
        const publication = book.status === 200 ? book.result : null
        // A book of thousands of documents sends its manifest itself: the page stays small.
        if (publication && JSON.stringify(publication).length <= MAX_PAGE_MANIFEST_CHARS) {
          boot.results = {
            ...boot.results,
            [bootKey(endpoints.chapter, params)]: chapter,
            [bootKey(endpoints.chapterEpub, { type: params.type, id: params.id }, query)]: publication,
          }
          const live = registry.remotes.mf_viewer
          const files = live ? await this.remotes.get('mf_viewer', live.entry) : null
          // A book Readium pages alone opens before the app (contracts' firstBook.ts): the page runs
          // the viewer's book starter, and the app's scripts (the reader's own chunk among them,
          // Readium not: the starter brings it) are fetched once its first page is up.
          if (files?.bookStart && opensBeforeApp(chapter, publication)) {
            startsBook = files.bookStart
            const note: FirstBookNote = {
              chapter: bootKey(endpoints.chapter, params),
              book: bootKey(endpoints.chapterEpub, { type: params.type, id: params.id }, query),
              locale,
            }
            parts.push(`<script type="application/json" id="${FIRST_BOOK_ID}">${jsonForScript(note)}</script>`)
            for (const file of files.chunks['chunk:epub-reader'] ?? []) preloadScript(files.base + file)
          } else if (files) for (const name of NOVEL_READER_CHUNKS) for (const file of files.chunks[`chunk:${name}`] ?? []) preloadScript(files.base + file)
          const first = firstDocument(publication, chapter.progress?.href ?? null)
          // As Readium's fetcher (and openBook's warm-up) asks it: a same-origin fetch.
          if (first) parts.push(`<link rel="preload" as="fetch" href="${escapeMarkup(first)}" crossorigin="anonymous">`)
        }
      }
      // Never a mature title's chapter (issue 33): the API refuses visitors one, and the page would be everyone's.
      if (chapter && chapter.chapterFileFormat !== 'epub' && chapter.mature !== true) {
        boot.results = { ...boot.results, [bootKey(endpoints.chapter, params)]: chapter }
        answered = true
        const first = chapter.images[0]
        const image = first?.tiles?.[0] ?? first
        if (first && image) {
          const sources =
            chapter.orientation === 'vertical' ? stripPageSources(image.url, false) : spreadPageSources(image.url, first.width, first.height, 1, false)
          parts.push(
            `<link rel="preload" as="image" href="${escapeMarkup(sources.src)}" imagesrcset="${escapeMarkup(sources.srcSet ?? '')}" imagesizes="${escapeMarkup(sources.sizes ?? '')}" fetchpriority="high">`,
          )
        }
      }
    }
    let personal = false
    if (profileAnswer) {
      const profile = await profileAnswer
      // The screens' answers are this reader's: the page is theirs, drawn or not.
      personal = true
      if (profile.status === 200 && profile.result && !profile.result.mature.acceptMature) {
        boot.results = { ...boot.results, [PROFILE_PATH]: profile.result }
        // The header's badge: one the API did not answer in time is asked by the browser, as before.
        const inbox = await inboxAnswer
        if (inbox?.status === 200 && inbox.result) boot.results[INBOX_COUNT_PATH] = inbox.result
      }
      // Nobody the API knows, or one who turned mature content on (home would list mature titles): not drawn.
      else answered = false
    }
    if (boot.results) boot.locale = locale
    // The scripts: preloaded, or, on a page the edge will draw, named for after its first paint.
    const own = extra.deferScripts && answered ? extra.deferScripts : startsBook ? extra.hostScripts : undefined
    const deferred = own ? [...new Set([...own, ...scripts])] : null
    // Before the loader's tag (deferred scripts run in order): the starter is on its way first, at
    // high priority, and has told the page it opens a book before the loader looks.
    if (startsBook && deferred) parts.push(`<script defer fetchpriority="high" src="${escapeMarkup(startsBook)}"></script>`)
    if (!deferred) for (const href of new Set(scripts)) parts.push(`<link rel="preload" href="${escapeMarkup(href)}" as="script">`)
    const tag = createHash('sha256')
      .update(parts.join(''))
      .update(jsonForScript(deferred ?? []))
      // Whether this load was sampled for its vitals is no part of the page's identity.
      .update(jsonForScript({ ...boot, ip: { ip: req.clientIp }, vitals: undefined }))
      .digest('base64url')
      .slice(0, 22)
    parts.push(`<script type="application/json" id="${BOOT_DATA_ID}">${jsonForScript(boot)}</script>`)
    if (deferred) parts.push(`<script type="application/json" id="${PAGE_SCRIPTS_ID}">${jsonForScript(deferred)}</script>`)
    return { head: parts.join(''), tag, boot, answered, scriptsDeferred: deferred !== null, personal }
  }

  /**
   * Drop the kept home answers (the API went into maintenance, or an operator changed what home
   * shows): the next reader asks the API. An answer already on its way was asked for before the
   * change: it is not kept, and the next reader does not wait for it.
   */
  forgetHome(): void {
    this.generation++
    this.homes.clear()
    this.pending.clear()
  }

  /**
   * What a CDN in front of the edge would do for `/api/<lang>/home`, which the API calls public:
   * the bytes of the answer the edge keeps anyway for first pages, with the time left of its
   * max-age, or null (the request then goes to the API, and the answer is fetched for the next).
   */
  async cachedHomeAnswer(locale: Locale, clientIp: string): Promise<{ answer: Variants; maxAge: number } | null> {
    const cached = this.homes.get(locale)
    const left = cached ? Math.floor((cached.until - this.now()) / 1000) : 0
    if (!cached || left <= 0) {
      if (!this.pending.has(locale)) void this.home(locale, clientIp)
      return null
    }
    return { answer: await cached.answer, maxAge: left }
  }

  /**
   * The API's public home answer, kept for the max-age the API gave it. A slow API does not hold
   * the page: after homeWaitMs the page goes without it (the browser asks itself) and the answer
   * fills the cache for the next reader.
   */
  private async home(locale: Locale, clientIp: string): Promise<HomeLayout | null> {
    const cached = this.homes.get(locale)
    if (cached && cached.until > this.now()) return cached.result
    let pending = this.pending.get(locale)
    if (!pending) {
      const fetching = this.fetchHome(locale, clientIp).finally(() => {
        if (this.pending.get(locale) === fetching) this.pending.delete(locale)
      })
      this.pending.set(locale, (pending = fetching))
    }
    const wait = this.options.homeWaitMs ?? FIRST_PAGE_API_WAIT_MS
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), wait)
    })
    try {
      return await Promise.race([pending, timeout])
    } finally {
      clearTimeout(timer)
    }
  }

  private async fetchHome(locale: Locale, clientIp: string): Promise<HomeLayout | null> {
    const asked = this.generation
    const answer = await apiCall(this.apiUrl, endpoints.home, { params: { lang: locale } }, { locale, clientIp, now: this.now() })
    if (!answer.result) return null
    const maxAge = Number(/\bmax-age=(\d+)/.exec(answer.cacheControl)?.[1] ?? 0)
    // Only what the API calls public may be handed to every reader; nothing asked for before a forgetHome.
    if (/\bpublic\b/.test(answer.cacheControl) && maxAge > 0 && asked === this.generation) {
      const json = Buffer.from(JSON.stringify({ result: answer.result }))
      const bytes = compressVariants(json, `e-${createHash('sha256').update(json).digest('base64url').slice(0, 16)}`)
      this.homes.set(locale, { result: answer.result, until: this.now() + maxAge * 1000, answer: bytes })
    }
    return answer.result
  }
}

/** Inserts the hints before `</head>` (or at the start when a page has none). */
export function withHead(html: string, head: string): string {
  const at = html.indexOf('</head>')
  return at === -1 ? head + html : html.slice(0, at) + head + html.slice(at)
}
