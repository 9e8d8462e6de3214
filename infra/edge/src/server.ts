import type http from 'node:http'
import Fastify, {
  LogController,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import { EDGE_TIMEOUTS, type EdgeTimeouts } from './config'
import { registerOpsHealth } from './http/opsHealth'
import { registerOpsReleases } from './http/opsReleases'
import { clientIp, registerApiProxy } from './http/api-proxy'
import { ApiUpstreams } from './http/upstreams'
import { registerAssets } from './http/assets'
import { HostPages, RegistryWatcher, sendPage, sendVariants } from './http/live'
import { languagesOf, PageHints, pageContext, pageReader, withHead } from './http/pageHints'
import { FirstPaint, withEntryScript, withoutScriptPreloads, withRoot } from './render/firstPaint'
import { PageMetadata, withPageMeta } from './http/pageMeta'
import type { AnswerBus } from './http/answerBus'
import { browserGuideHtml, robotsTxt, SitemapSource, sitemapXml } from './http/crawlers'
import {
  endpoints,
  LOCALES,
  needsBrowserGuide,
  RESPONSE_HEADERS,
  splitLocalePrefix,
  switchedPrefix,
  withLocalePrefix,
  type LatestBuilds,
  type Locale,
} from '@koma/contracts/server'
import { isbot } from 'isbot'
import { createHash, randomBytes } from 'node:crypto'
import { COHORT_COOKIE, cohortOf, newCohort, registryForReader } from './registry/cohort'
import { registerBeacons } from './health/beacons'
import { CanaryJudge } from './health/judge'
import { VersionVitals, type VitalsCounts } from './health/vitals'
import { registerVitalsBeacons } from './health/vitalsBeacons'
import { versionFigures, vitalsP75 } from './health/figures'
import { BUCKET_MS, DEFAULT_CANARY_RULES, VersionHealth, type CanaryRules, type HealthCounts } from './health/versionHealth'
import { htmlHeaders, jsonError, notFound } from './http/responses'
import { callerLocale, sendEdgeError } from './http/errorCatalogue'
import { apiPath } from './http/apiFetch'
import { registerSecurityHeaders, requestDoesNotShare, type SecurityOptions } from './http/security'
import { UNMATCHED_ROUTE, type EdgeMetrics } from './metrics/metrics'

/** The longest the edge's start waits for its warm-up drawings (render/firstPaint.ts `warm`). */
const WARM_UP_MAX_MS = 5_000

export interface EdgeOptions {
  edgeDir: string
  /** The API: one address, or several as a comma list (balanced over the healthy ones, upstreams.ts). */
  apiUrl: string
  /** How often each API process's /api/health is asked when there are several (default 2 s; 0: never). */
  apiHealthCheckMs?: number
  logger?: FastifyServerOptions['logger']
  /** Only when another proxy sits in front of the edge (see config.ts). */
  trustProxy?: boolean | string[]
  /** Log every request (off by default: the edge serves every asset). */
  requestLogging?: boolean
  /** Memory for small published files kept in RAM (default 64 MB). */
  assetCacheBytes?: number
  /** Default EDGE_TIMEOUTS (config.ts); tests shorten them. */
  timeouts?: EdgeTimeouts
  /** What the pages' Content-Security-Policy must allow besides our own origin (default: nothing). */
  security?: SecurityOptions
  /** The site's public origin (KOMA_PUBLIC_URL) for canonical links and the sitemap; default: the request's. */
  publicUrl?: string
  /** How long a page waits for the API's answer about its title before going without (default FIRST_PAGE_API_WAIT_MS). */
  pageMetaWaitMs?: number
  /** How long a first page waits for the API answers it carries and is drawn from: home's, a title's, a chapter's, a reader's profile (default FIRST_PAGE_API_WAIT_MS). */
  pageApiWaitMs?: number
  /** When a canary is rolled back by itself (default DEFAULT_CANARY_RULES; KOMA_CANARY_* in main.ts). */
  canaryRules?: CanaryRules
  /** Where the health counts live (default: this process's memory; shared ones in redisStore.ts). */
  healthCounts?: HealthCounts
  /** Where readers' Web Vitals counts live (default: this process's memory; shared ones in redisCounts.ts). */
  vitalsCounts?: VitalsCounts
  /** Share of page loads (0 to 1) whose pages report their Web Vitals, told in the boot data (default 1; KOMA_VITALS_SAMPLE_RATE). */
  vitalsSampleRate?: number
  /** How often canaries are judged besides on every beacon (an --auto-promote needs it; default 10 s, 0: never). */
  judgeEveryMs?: number
  /** The longest a page waits for the edge to draw its first paint (default FIRST_PAINT_WAIT_MS; render/firstPaint.ts). */
  firstPaintWaitMs?: number
  /** How the edge processes tell each other to forget their copies of the API's answers (answerBus.ts; main.ts under KOMA_EDGE_STORE=redis). */
  answerBus?: AnswerBus
  /** The name /healthz answers (KOMA_EDGE_INSTANCE; `edge-1` … under KOMA_EDGE_PROCESSES), so the balancing can be seen. */
  instance?: string
  /** The Prometheus series (metrics/metrics.ts; main.ts serves them on a port of their own). None: nothing counted. */
  metrics?: EdgeMetrics
}

const NO_CACHE = 'no-cache'
/** This process's default name for /healthz: random, drawn once (issue 33: no host name or process id in a public answer). */
const PROCESS_NAME = `edge-${randomBytes(6).toString('hex')}`
const PAGE_CACHE = 'no-cache, private'
/** A page carrying answers the API gave the reader's own session (issue 34): kept nowhere, revalidated never. */
const PERSONAL_PAGE_CACHE = 'private, no-store'
/** After the API answers 503 (maintenance), pages answer 503 too for this long, or until it answers again. */
const MAINTENANCE_HOLD_MS = 60_000

/** Last path segments that name a file, not a page: these 404 instead of getting the app. */
const FILE_LIKE = /\.(js|mjs|cjs|css|map|json|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|otf|txt|xml|wasm|webmanifest|php|env|gz|br|zip)$/i

const NOT_DEPLOYED = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>Koma is starting</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;color:#333}</style></head>
<body><main><h1>Koma is starting</h1><p>The site is not deployed yet. This page retries every few seconds.</p></main></body></html>
`

/** The public home's call in each language (`/api/en/home`), as the browser makes it: answered from the edge's copy. */
const HOME_CALLS: ReadonlyMap<string, Locale> = new Map(LOCALES.map((locale) => [apiPath(endpoints.home, { params: { lang: locale } }), locale]))

/** The page route a request was answered with (its id in the route table): the metrics' route label for pages. */
const pageRoutes = new WeakMap<FastifyRequest, string>()

function pathOf(url: string): string {
  const query = url.indexOf('?')
  return query === -1 ? url : url.slice(0, query)
}

/**
 * The one web server in front of Koma: the live host page for every app path, the published
 * versions of host and remotes, the registry that says which versions are live, and /api.
 */
export function buildEdge(options: EdgeOptions): FastifyInstance {
  const timeouts = options.timeouts ?? EDGE_TIMEOUTS
  const serverOptions: FastifyHttpOptions<http.Server> = {
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    logController: new LogController({ disableRequestLogging: !options.requestLogging }),
    // GET routes answer HEAD too; asset routes declare HEAD themselves to skip opening files.
    exposeHeadRoutes: true,
    return503OnClosing: true,
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
  }
  const app: FastifyInstance = Fastify(serverOptions)
  const { metrics } = options
  if (metrics) {
    app.addHook('onResponse', async (req, reply) => {
      // A route's pattern (/remotes/*), a page's route id, never the URL: bounded label values.
      metrics.http.observe(req.method, req.routeOptions.url ?? pageRoutes.get(req) ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000)
    })
  }
  registerSecurityHeaders(app, options.security ?? { paypal: false })
  const registry = new RegistryWatcher(options.edgeDir, app.log)
  const hostPages = new HostPages(options.edgeDir)
  const upstreams = new ApiUpstreams(options.apiUrl, { checkEveryMs: options.apiHealthCheckMs, log: app.log })
  upstreams.start()
  app.addHook('onClose', async () => upstreams.stop())
  const api = upstreams.several ? () => upstreams.pick() : upstreams.urls[0]!
  const pageMeta = new PageMetadata(api, { publicUrl: options.publicUrl, waitMs: options.pageMetaWaitMs ?? options.pageApiWaitMs })
  // A title's public answer is fetched once for the page's metadata and its first render.
  const hints = new PageHints(options.edgeDir, api, {
    tags: options.security?.tags,
    vitalsSampleRate: options.vitalsSampleRate ?? 1,
    ...(options.pageApiWaitMs !== undefined ? { homeWaitMs: options.pageApiWaitMs } : {}),
    publicAnswer: (params, locale, clientIp) => pageMeta.answer(endpoints.content, params, locale, clientIp),
  })
  // An operator's write through any edge: every edge asks the API again (its own copies are gone).
  const forgetAnswers = () => {
    hints.forgetHome()
    pageMeta.forget()
  }
  const answerBus = options.answerBus
  if (answerBus) {
    void answerBus.listen(forgetAnswers, app.log)
    app.addHook('onClose', async () => answerBus.close())
  }
  const firstPaint = new FirstPaint(options.edgeDir, {
    log: app.log,
    ...(options.firstPaintWaitMs !== undefined ? { waitMs: options.firstPaintWaitMs } : {}),
    ...(metrics ? { metrics: metrics.drawing } : {}),
  })
  metrics?.watchDrawings(() => firstPaint.drawingsInFlight)
  const sitemap = new SitemapSource(api)
  const health = new VersionHealth(options.canaryRules ?? DEFAULT_CANARY_RULES, Date.now, options.healthCounts)
  const vitals = new VersionVitals(options.canaryRules ?? DEFAULT_CANARY_RULES, Date.now, options.vitalsCounts)
  const liveRegistry = async () => (await registry.current())?.registry ?? null
  metrics?.watchRegistry(liveRegistry)
  // The live versions' server builds load, and their pages are drawn once for nothing, before the
  // edge listens: no reader's page is drawn on cold code, which can miss its wait (issue 13). A
  // warm-up that takes too long (a broken build) does not hold the edge up.
  app.addHook('onReady', async () => {
    const live = await liveRegistry()
    if (!live) return
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, WARM_UP_MAX_MS)))
    await Promise.race([firstPaint.warm(live, { now: true }), late])
    clearTimeout(timer)
  })
  const judge = new CanaryJudge({
    edgeDir: options.edgeDir,
    health,
    vitals,
    registry: liveRegistry,
    log: app.log,
    ...(metrics ? { onDecision: (remote: string, outcome: 'rolled_back' | 'promoted') => metrics.canaryEndings.inc({ remote, outcome }) } : {}),
  })
  app.register(async (scope) => registerBeacons(scope, { health, judge, registry: liveRegistry }))
  app.register(async (scope) =>
    registerVitalsBeacons(scope, { vitals, registry: liveRegistry, ...(metrics ? { observe: (beacon) => metrics.vitals(beacon) } : {}) }),
  )
  // A canary with --auto-promote goes live after a clean window even when no beacon arrives.
  const judgeEveryMs = options.judgeEveryMs ?? BUCKET_MS
  if (judgeEveryMs > 0) {
    const timer = setInterval(() => void judge.check().catch((err: unknown) => app.log.error({ err }, 'judging canaries failed')), judgeEveryMs)
    timer.unref()
    app.addHook('onClose', async () => clearInterval(timer))
  }
  /** Until when pages answer 503: the API said it is in maintenance (SPEC §8). */
  let maintenanceUntil = 0
  const requestOrigin = (req: FastifyRequest) => pageMeta.origin(`${req.protocol}://${req.host}`)

  app.get('/registry.json', async (req, reply) => {
    reply.header('cache-control', NO_CACHE)
    reply.header('content-type', 'application/json; charset=utf-8')
    reply.header('x-content-type-options', 'nosniff')
    const live = await registry.current()
    // Before the first deploy: an empty registry (the host loads no remote) rather than an error.
    if (!live) return reply.send('{"remotes":{}}')
    // During a canary each reader gets their side (never the canary list itself).
    if (live.registry.canaries)
      return reply.header('vary', 'Cookie').send(JSON.stringify(registryForReader(live.registry, cohortOf(req.headers.cookie)).registry))
    return sendVariants(req, reply, live.body)
  })

  // SPEC §7: open tabs check the live versions now and then (builds/latest.json) and offer a
  // reload when the shell or a remote they use has changed.
  app.get('/builds/latest.json', async (req, reply) => {
    const live = await registry.current()
    // A canary reader's latest is the canary: they are not offered a reload back and forth.
    const readers = live ? registryForReader(live.registry, cohortOf(req.headers.cookie)).registry : null
    const liveRemotes = Object.entries(readers?.remotes ?? {}).flatMap(([name, remote]) => (remote ? [{ name, ...remote }] : []))
    const remotes = Object.fromEntries(liveRemotes.map((remote) => [remote.name, remote.version]))
    // Versions marked required (deploy --required): a tab running an older one must reload.
    const required = [...(live?.registry.host?.required ? ['host'] : []), ...liveRemotes.filter((remote) => remote.required).map((remote) => remote.name)]
    const latest: LatestBuilds = { host: live?.registry.host?.version ?? null, remotes, required }
    return reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').send(latest)
  })

  // Public: a random name unless one is set, never the host name or process id (issue 33).
  const instance = options.instance ?? PROCESS_NAME
  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ ok: true, instance }))

  // The browser's fallback when /api/ip is unavailable: the address this server sees.
  app.get('/ip', async (req, reply) => reply.header('cache-control', 'no-store').send({ result: { ip: clientIp(req), now: Date.now() } }))

  app.get('/robots.txt', async (req, reply) =>
    reply.headers({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' }).send(robotsTxt(requestOrigin(req))),
  )

  app.get('/sitemap.xml', async (req, reply) => {
    const titles = await sitemap.titles(clientIp(req))
    if (!titles) return sendEdgeError(reply.header('retry-after', '60'), 'sitemapUnavailable', 'en')
    return reply
      .headers({ 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' })
      .send(sitemapXml(requestOrigin(req), titles))
  })

  // The public home answer from the edge's own copy while it is fresh (as a CDN would), so the
  // busiest call does not cross to the API for every reader.
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET') return
    const locale = HOME_CALLS.get(req.url)
    if (!locale) return
    const cached = await hints.cachedHomeAnswer(locale, clientIp(req))
    metrics?.cacheLookups.inc({ cache: 'home_answer', result: cached ? 'hit' : 'miss' })
    if (!cached) return
    reply.header('cache-control', `public, max-age=${cached.maxAge}`).header('content-type', 'application/json; charset=utf-8')
    return sendVariants(req, reply, cached.answer)
  })

  registerAssets(app, options.edgeDir, options.assetCacheBytes)
  // Before the API proxy: the console's releases are the edge's own (it holds the registry).
  registerOpsReleases(app, { apiUrl: () => upstreams.pick(), edgeDir: options.edgeDir, health })
  // What an operator's Health page reads (health/figures.ts): the same counts the judge reads.
  app.decorate('versionFigures', () => versionFigures(liveRegistry, health, vitals))
  metrics?.watchVersions(() => versionFigures(liveRegistry, health, vitals))
  // So is its Health page: the edge knows the remotes' versions and every API process.
  app.register(async (scope) =>
    registerOpsHealth(scope, {
      apiUrl: () => upstreams.pick(),
      apiUrls: upstreams.urls,
      edgeDir: options.edgeDir,
      health,
      vitals: vitalsP75(vitals),
      ...(metrics ? { metrics } : {}),
    }),
  )
  app.register(async (scope) =>
    registerApiProxy(scope, upstreams, {
      requestLogging: options.requestLogging ?? false,
      timeouts,
      // The API answers 503 in maintenance: home must not go on being served from the edge's copy.
      // Nor once an operator changed the catalogue or the home's campaigns: the API's own copies
      // are forgotten at once (its cache invalidation), and so are this edge's and, told before
      // the operator's answer goes out, every other edge's.
      // An operator's write, as the API says in its answer (RESPONSE_HEADERS.operatorWrite).
      onUpstreamStatus: (status, request, headers) => {
        if (status === 503) {
          hints.forgetHome()
          maintenanceUntil = Date.now() + MAINTENANCE_HOLD_MS
        } else if (status < 500) maintenanceUntil = 0
        if (status < 400 && headers[RESPONSE_HEADERS.operatorWrite] !== undefined) {
          forgetAnswers()
          return answerBus?.tell()
        }
      },
    }),
  )

  /** Every other GET is a page of the app: the host's router draws it (its own 404 included). */
  const page = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const path = pathOf(req.url)
    const last = path.slice(path.lastIndexOf('/') + 1)
    if (FILE_LIKE.test(last) || /^\/(remotes|host|api)(\/|$)/.test(path)) return notFound(reply)
    const request = {
      url: req.url,
      cookie: req.headers.cookie,
      acceptLanguage: req.headers['accept-language'],
      clientIp: clientIp(req),
      doNotShare: requestDoesNotShare(req),
    }
    const context = pageContext(request)
    const { match, search } = context
    pageRoutes.set(req, `page:${match?.route.id ?? 'none'}`)
    // Legacy short paths (SPEC §2): a real redirect, in the same language, keeping the query.
    if (match?.route.redirectTo) {
      return reply
        .code(301)
        .header('cache-control', 'public, max-age=3600')
        .redirect(withLocalePrefix(match.route.redirectTo, match.prefix) + search, 301)
    }
    // SPEC §1: browsers that cannot run the app get the guide, a page without script.
    if (needsBrowserGuide(req.headers['user-agent'] ?? '')) {
      if (match?.route.id !== 'host.browserGuide')
        return reply
          .header('cache-control', 'no-store')
          .redirect(withLocalePrefix('/browserguide', switchedPrefix(splitLocalePrefix(context.pathname).prefix, context.locale)), 302)
      htmlHeaders(reply).header('cache-control', 'no-cache').header('vary', 'User-Agent, Accept-Language, Cookie')
      return reply.send(browserGuideHtml(context.locale))
    }
    htmlHeaders(reply).header('cache-control', NO_CACHE)
    const live = await registry.current()
    const version = live?.registry.host?.version
    const html = version ? await hostPages.get(version) : null
    if (!html || !live) {
      if (version) req.log.error({ version }, 'the live host version has no index.html')
      return reply.code(503).header('retry-after', '5').send(NOT_DEPLOYED)
    }
    // The page carries the reader's address and the live registry: revalidated on every use, by
    // this reader only (a rollback shows on the next page, as before).
    reply.header('cache-control', PAGE_CACHE)
    // During a canary a reader keeps one side on every load: a random cohort id in a cookie.
    let cohort = cohortOf(req.headers.cookie)
    if (live.registry.canaries && !cohort) {
      cohort = newCohort()
      reply.header('set-cookie', `${COHORT_COOKIE}=${cohort}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${req.protocol === 'https' ? '; Secure' : ''}`)
    }
    const readers = registryForReader(live.registry, cohort)
    // Page loads per version of the remote that draws the page: the base of its failure rate.
    const owner = context.match?.route.owner
    const ownerVersion = owner && owner !== 'host' ? readers.registry.remotes[owner]?.version : undefined
    if (owner && ownerVersion && req.method === 'GET' && !isbot(req.headers['user-agent'])) await health.pageServed(owner, ownerVersion)
    // A visitor's, member's or guest's home, episode list or chapter is drawn here first (issues
    // 13 and 34, render/firstPaint.ts).
    const reader = pageReader(req.headers.cookie)
    const drawRequest = {
      url: req.url,
      cookie: req.headers.cookie,
      languages: languagesOf(req.headers['accept-language']),
      gpc: req.headers['sec-gpc'] === '1',
      visitor: reader === 'visitor',
      reader: reader === 'reader',
    }
    const drawing = firstPaint.wants(drawRequest, context, readers.registry)
    void firstPaint.warm(readers.registry)
    // A page the edge draws fetches its scripts once it is painted (koma-scripts), not in its head;
    // so does a book's page whose first page opens before the app (issue 39, pageHints).
    const original = html.identity.toString('utf8')
    const index = withoutScriptPreloads(original)
    const [{ head, tag, boot, answered, scriptsDeferred, personal }, meta] = await Promise.all([
      hints.headFor(
        request,
        readers.registry,
        context,
        drawing
          ? {
              ...(context.match?.route.drawnByEdge === 'seeded' ? { seed: firstPaint.seed() } : {}),
              deferScripts: index.scripts,
              hostScripts: index.scripts,
              timeZone: firstPaint.timeZone(req.headers.cookie),
            }
          : { hostScripts: index.scripts },
      ),
      pageMeta.describe(context, { origin: requestOrigin(req), clientIp: request.clientIp, crawler: isbot(req.headers['user-agent']) }),
    ])
    // Unknown paths and ids are 404s, maintenance a 503, for crawlers too; the app draws the screen.
    const status = meta.status === 200 && Date.now() < maintenanceUntil ? 503 : meta.status
    reply.code(status)
    if (status === 503) reply.header('retry-after', '60')
    const metaTag = createHash('sha256').update(meta.head).digest('base64url').slice(0, 12)
    let body = withHead(withPageMeta(scriptsDeferred ? index.html : withEntryScript(original), meta), head)
    // Drawn only from the answer the screen needs (a paid chapter, a slow API: the browser draws it).
    const drawn = drawing && answered && status === 200 ? await firstPaint.draw(drawRequest, context, readers.registry, boot) : null
    if (drawn) body = withRoot(body, drawn)
    // A member's or guest's own answers (and their drawing): no cache keeps the page, and it has no
    // validator, so no ETag made from one reader's data is ever compared with another's request.
    if (personal) {
      reply.header('cache-control', PERSONAL_PAGE_CACHE)
      return sendPage(req, reply, body, null)
    }
    return sendPage(req, reply, body, `${html.tag}-${tag}-${metaTag}${drawn ? `-${createHash('sha256').update(drawn).digest('base64url').slice(0, 12)}` : ''}`)
  }

  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD') return page(req, reply)
    return sendEdgeError(reply, 'notFound', callerLocale(req, 'en'))
  })

  app.setErrorHandler((error: Error & { statusCode?: number }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500
    if (status >= 500) {
      req.log.error({ err: error }, 'edge error')
      return sendEdgeError(reply, 'edgeFailure', callerLocale(req, 'en'))
    }
    // A request Fastify refused before any route (too large, a body it cannot read): its own words.
    return jsonError(reply, status, error.message)
  })

  return app
}
