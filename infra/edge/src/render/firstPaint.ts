import { createHash, randomInt } from 'node:crypto'
import {
  COOKIES,
  DEFAULT_TIMEZONE,
  readCookie,
  REMOTES,
  ROUTES,
  pathInLocale,
  type BootData,
  type PageRegistry,
  type ParamRule,
  type RemoteName,
  validTimeZone,
} from '@koma/contracts/server'
import { LRUCache } from 'lru-cache'
import type { PageContext } from '../http/pageMeta'
import type { DrawingMetrics } from '../metrics/metrics'
import type { Registry } from '../registry/types'
import { ServerBuilds } from './serverBuilds'

/** What of the request the page's first render reads (the browser reads the same of itself). */
export interface DrawRequest {
  url: string
  cookie: string | undefined
  /** Accept-Language, best first. */
  languages: string[]
  /** Sec-GPC: 1 */
  gpc: boolean
  /** No session of any kind and no mature choice: the pages the edge draws are the same for every such reader. */
  visitor: boolean
  /**
   * A member or a guest without a mature choice (issue 34): drawn from the answers the API gave
   * their own session, never kept (see `draw`).
   */
  reader?: boolean
}

export interface FirstPaintOptions {
  /** The longest a page waits for its drawing, loading a new version's server build included (default 400 ms). */
  waitMs?: number
  log?: { warn: (obj: object, msg: string) => void }
  /** Where the server builds come from (tests share one). */
  builds?: ServerBuilds
  /** Default MAX_DRAWINGS_IN_FLIGHT. */
  maxInFlight?: number
  /** Told of cache hits, drawings and fallbacks (metrics/metrics.ts). */
  metrics?: DrawingMetrics
}

/** The longest a page waits for the edge to draw it: past it, it goes as before and the browser draws it. */
export const FIRST_PAINT_WAIT_MS = 400

/**
 * The seeds a 'seeded' page (home) is drawn with, one picked at random per load: enough for the
 * reader to meet a different choice from load to load (SPEC §4: a random section per shuffle
 * group), few enough that each is drawn once and then served from the cache of drawn pages.
 */
export const SEEDS = 32

/**
 * Drawings in flight at most, per edge process. Past it a page goes undrawn at once (the browser
 * draws it): a burst of distinct pages (random query strings) costs the edge a bounded share of
 * its core, never a queue that grows with the load.
 */
export const MAX_DRAWINGS_IN_FLIGHT = 4

/** Drawn pages kept: the same page for the same answers, languages, cookies and versions is drawn once. */
const DRAWN_KEPT = 500
const DRAWN_TTL_MS = 5 * 60_000

/**
 * The first paint of a page, drawn by the edge (issue 13; members and guests, issue 34). Routes the
 * route table marks `drawnByEdge` (home, an episode list, a chapter) are drawn with the live
 * host's and owning remote's server builds from the answers the edge writes into the page, so the
 * reader sees the page before any script has run; the browser then hydrates it. A reader with a
 * mature choice, a version without a server build, a slow drawing: the page goes as before.
 */
/** The wait for a drawing ran out. */
const LATE = Symbol('late')

export class FirstPaint {
  private readonly builds: ServerBuilds
  /**
   * What was drawn, by everything the drawing reads (drawKey): a visitor's page is the same for
   * every visitor with the same answers, so a popular page costs one drawing, not one per load
   * (about 20 ms of a core for a home; an edge process drew ~100 pages a second without it).
   */
  private readonly drawn = new LRUCache<string, string>({ max: DRAWN_KEPT, ttl: DRAWN_TTL_MS })
  private inFlight = 0

  constructor(
    edgeDir: string,
    private readonly options: FirstPaintOptions = {},
  ) {
    this.builds = options.builds ?? new ServerBuilds(edgeDir, options.log)
  }

  /** Whether this page is one the edge draws: then its boot data gets a seed (drawPage's random choices). */
  wants(request: DrawRequest, page: PageContext, registry: Registry): boolean {
    const owner = page.match?.route.owner
    return Boolean(
      (request.visitor || request.reader) && page.match?.route.drawnByEdge && registry.host && owner && owner !== 'host' && registry.remotes[owner],
    )
  }

  /**
   * The time zone the page's dates are drawn in (BootData.timeZone): the one the reader's browser
   * last told (`koma_tz`), else SPEC §1's default. The browser draws its own right after hydrating.
   */
  timeZone(cookie: string | undefined): string {
    const told = readCookie(COOKIES.timeZone, cookie ?? '')
    return told && isTimeZone(told) ? told : DEFAULT_TIMEZONE
  }

  /** Host and remote versions whose drawn pages have had their warm-up drawing. */
  private readonly warmedUp = new LRUCache<string, true>({ max: 64 })
  /** Warm-up drawings waiting for the readers' drawings in flight to be done. */
  private idleWaiters: (() => void)[] = []

  /**
   * Loads the server builds of the host and of every remote a registry names (each once per
   * version), so the first reader after a deploy gets a drawn page too. Then, once per version,
   * draws each of the remote's drawn pages for nothing (`warmUpPages`): a first drawing runs on
   * cold code (the build's modules, the JIT) and can miss its wait, which a reader's then is not.
   * At the edge's start (`now`: the edge listens once this is done, server.ts) at once; on a
   * reader's request after the wait, so the warm-up never holds up the page that asked. A
   * reader's drawing always goes before the next warm-up drawing (drawings go one at a time).
   */
  warm(registry: Registry, { now = false }: { now?: boolean } = {}): Promise<void> {
    const host = registry.host
    if (!host) return Promise.resolve()
    return this.builds.host(host.version).then(async (build) => {
      if (!build) return
      await Promise.all(
        REMOTES.map(async (name) => {
          const remote = registry.remotes[name]
          if (!remote) return
          const routes = await this.builds.remote(name, remote.version, host.version, build)
          const key = `${host.version} ${name} ${remote.version}`
          if (!routes || this.warmedUp.has(key)) return
          this.warmedUp.set(key, true)
          if (!now) await new Promise((resolve) => setTimeout(resolve, this.options.waitMs ?? FIRST_PAINT_WAIT_MS).unref())
          for (const url of warmUpPages(name)) {
            await this.idle()
            await build
              .renderPage({ url, cookie: '', gpc: false, languages: [], boot: {}, registry: registry as PageRegistry, remotes: { [name]: routes } })
              .catch(() => null)
          }
        }),
      )
    })
  }

  /** Drawings in flight now (metrics). */
  get drawingsInFlight(): number {
    return this.inFlight
  }

  /** Resolves once no reader's drawing is in flight. */
  private idle(): Promise<void> {
    return this.inFlight === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  private drawingDone(): void {
    this.inFlight -= 1
    if (this.inFlight === 0) for (const resume of this.idleWaiters.splice(0)) resume()
  }

  /** A seed for the page's random choices (BootData.seed), one of SEEDS at random. */
  seed(): number {
    return randomInt(0, SEEDS)
  }

  /**
   * The markup of `<div id="root">` for this page, or null (the browser draws it). `boot` is what
   * the page carries (with its seed), `registry` the reader's side.
   */
  async draw(request: DrawRequest, page: PageContext, registry: Registry, boot: BootData): Promise<string | null> {
    if (!this.wants(request, page, registry)) return null
    const owner = page.match?.route.owner
    const host = registry.host
    const remote = owner && owner !== 'host' ? registry.remotes[owner] : undefined
    if (!host || !remote || !owner || owner === 'host') return null
    // A member's or guest's drawing holds their own state and is never kept: keyed by their session
    // it would serve only their own reloads within minutes (rare), would keep private answers in
    // the edge's memory after the session ended, and one wrong key would hand it to another
    // reader. Drawing it costs ~20 ms of a core, within the same bound on drawings in flight.
    const shared = request.visitor && !request.reader
    const key = shared ? drawKey(request, registry, boot) : null
    const kept = key === null ? undefined : this.drawn.get(key)
    const { metrics } = this.options
    if (key !== null) metrics?.drawnCache(kept !== undefined)
    if (kept !== undefined) return kept
    if (this.inFlight >= (this.options.maxInFlight ?? MAX_DRAWINGS_IN_FLIGHT)) {
      metrics?.fallback('busy')
      return null
    }
    const wait = this.options.waitMs ?? FIRST_PAINT_WAIT_MS
    const started = Date.now()
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<typeof LATE>((resolve) => {
      timer = setTimeout(() => resolve(LATE), wait)
    })
    try {
      const drawing = (async () => {
        const build = await this.builds.host(host.version)
        if (!build) return null
        const routes = await this.builds.remote(owner, remote.version, host.version, build)
        if (!routes) return null
        const drawn = await build.renderPage({
          url: request.url,
          cookie: request.cookie ?? '',
          gpc: request.gpc,
          languages: request.languages,
          boot,
          registry: registry as PageRegistry,
          remotes: { [owner]: routes },
          timeoutMs: Math.max(1, wait - (Date.now() - started)),
        })
        if (drawn?.errors.length) this.options.log?.warn({ url: request.url, errors: drawn.errors }, 'parts of the page could not be drawn by the edge')
        // A drawing with errors is not kept: the next reader's may go better.
        if (drawn && drawn.errors.length === 0 && key !== null) this.drawn.set(key, drawn.html)
        return drawn?.html ?? null
      })()
      this.inFlight += 1
      void drawing.then(
        () => this.drawingDone(),
        (err: unknown) => {
          this.drawingDone()
          this.options.log?.warn({ err, url: request.url }, 'the edge could not draw the page')
        },
      )
      const html = await Promise.race([drawing.catch(() => null), late])
      if (html === LATE) metrics?.fallback('late')
      else if (html === null) metrics?.fallback('failed')
      else metrics?.drawn()
      return html === LATE ? null : html
    } finally {
      clearTimeout(timer)
    }
  }
}

/**
 * Everything a drawing reads, hashed: the URL, the request's languages, GPC and cookies of the
 * names the site uses (contracts COOKIES: what the page's code can read), the reader's side of
 * the registry (host and remote versions), and the boot data but the reader's address and clock
 * (the answers, the seed, the time zone, the language).
 */
export function drawKey(request: DrawRequest, registry: Registry, boot: BootData): string {
  const cookies = Object.values(COOKIES).map((name) => [name, readCookie(name, request.cookie ?? '')])
  // Nor whether the page reports its Web Vitals (a sample drawn per load, never drawn on the page).
  const { ip: _ip, vitals: _vitals, ...drawnFrom } = boot
  return createHash('sha256')
    .update(JSON.stringify([request.url, request.languages, request.gpc, cookies, registry, drawnFrom]))
    .digest('base64url')
}

/** A value each path parameter rule accepts, for a page drawn for nothing (a warm-up). */
const SAMPLE_PARAMS: Record<ParamRule, string> = { id: '1', contentType: 'comic', chapterFileSalesType: 'product', any: 'warm-up' }

/**
 * A remote's drawn pages as a warm-up draws them: one path per route marked drawnByEdge (the
 * server build is one file: every language's messages are in it). The drawing has no answers
 * (its boot data is empty), so every API call misses and the page draws its loading state: what
 * runs is the code a reader's drawing runs first.
 */
export function warmUpPages(remote: RemoteName): string[] {
  return ROUTES.filter((route) => route.drawnByEdge && route.owner === remote).map((route) =>
    pathInLocale(
      'en',
      route.path.replace(/:(\w+)/g, (_whole, name: string) => SAMPLE_PARAMS[route.params?.[name] ?? 'any']),
    ),
  )
}

/** Puts the drawn markup into the page's `<div id="root"></div>` (the host's index.html has it empty). */
export function withRoot(html: string, drawn: string): string {
  const empty = '<div id="root"></div>'
  const at = html.indexOf(empty)
  return at === -1 ? html : `${html.slice(0, at)}<div id="root" data-drawn>${drawn}</div>${html.slice(at + empty.length)}`
}

/**
 * The host page with its script preloads taken out (they go into koma-scripts, fetched once the
 * drawn page is painted), and without its `<noscript>` notice: a page the edge drew reads without
 * JavaScript. Returns the preloaded URLs, in order. The preload of the page's own script tag (the
 * loader, preloaded so a page the browser draws does not fetch it last) just goes: that tag
 * fetches it anyway, at its own low priority, behind the drawn page's images.
 */
export function withoutScriptPreloads(html: string): { html: string; scripts: string[] } {
  const scripts: string[] = []
  const tags = new Set([...html.matchAll(/<script(?:\s[^>]*)?\ssrc="([^"]*)"/g)].map((match) => match[1]))
  const stripped = html
    .replace(/<link\b[^>]*>/g, (tag) => {
      if (!/\brel="preload"/.test(tag) || !/\bas="script"/.test(tag)) return tag
      const href = /\bhref="([^"]*)"/.exec(tag)?.[1]
      if (href && !tags.has(href)) scripts.push(href.replaceAll('&amp;', '&'))
      return ''
    })
    .replace(/<noscript>[^<]*<\/noscript>/g, '')
  return { html: stripped, scripts }
}

/**
 * The host page for the browser to draw: its entry runs as soon as it is compiled, without the
 * loader. The loader is for a page the edge drew (it holds main.js until that page is painted);
 * on an empty page it only added main.js's script tag once it had itself been fetched and run
 * after the parse, and only then did Chromium start compiling main.js, which it does not do for
 * a preload (~70 ms at 1× CPU, issue 39). A deferred script tag in the head is compiled off the
 * main thread as it downloads. It takes the loader preload's place, at high priority (a deferred
 * script is otherwise fetched at low priority, behind the remotes' preloads), and the entry's
 * preload goes: the tag fetches it. A page without the loader's tag is returned as it is.
 */
export function withEntryScript(html: string): string {
  const tag = /<script defer(?:="defer")? src="([^"]*\/)loader\.js"><\/script>/.exec(html)
  if (!tag) return html
  const base = tag[1] ?? ''
  const preload = (file: string) => `<link rel="preload" as="script" href="${base}${file}">`
  const entry = `<script defer fetchpriority="high" src="${base}main.js"></script>`
  const withoutLoader = html.replace(tag[0], '').replace(preload('main.js'), '')
  return withoutLoader.includes(preload('loader.js'))
    ? withoutLoader.replace(preload('loader.js'), () => entry)
    : withoutLoader.replace('</head>', () => `${entry}</head>`)
}

/** An IANA time zone name this runtime knows (a cookie is the reader's to write: anything else is refused). */
export const isTimeZone = (name: string): boolean => validTimeZone(name) !== null
