import type http from 'node:http'
import Fastify, { LogController, type FastifyHttpOptions, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import { EDGE_TIMEOUTS, type EdgeTimeouts } from './config'
import { clientIp, registerApiProxy } from './http/api-proxy'
import { registerAssets } from './http/assets'
import { HostPages, RegistryWatcher, sendVariants } from './http/live'
import { htmlHeaders, jsonError, notFound } from './http/responses'
import { registerSecurityHeaders, type SecurityOptions } from './http/security'

export interface EdgeOptions {
  edgeDir: string
  apiUrl: string
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
}

const NO_CACHE = 'no-cache'
const ROBOTS = 'User-agent: *\nAllow: /\n'

/** Last path segments that name a file, not a page: these 404 instead of getting the app. */
const FILE_LIKE =
  /\.(js|mjs|cjs|css|map|json|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|otf|txt|xml|wasm|webmanifest|php|env|gz|br|zip)$/i

const NOT_DEPLOYED = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>Koma is starting</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;color:#333}</style></head>
<body><main><h1>Koma is starting</h1><p>The site is not deployed yet. This page retries every few seconds.</p></main></body></html>
`

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
  registerSecurityHeaders(app, options.security ?? { paypal: false })
  const registry = new RegistryWatcher(options.edgeDir, app.log)
  const hostPages = new HostPages(options.edgeDir)

  app.get('/registry.json', async (req, reply) => {
    reply.header('cache-control', NO_CACHE)
    reply.header('content-type', 'application/json; charset=utf-8')
    reply.header('x-content-type-options', 'nosniff')
    const live = await registry.current()
    // Before the first deploy: an empty registry (the host loads no remote) rather than an error.
    if (!live) return reply.send('{"remotes":{}}')
    return sendVariants(req, reply, live.body)
  })

  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ ok: true }))

  // The browser's fallback when /api/ip is unavailable: the address this server sees.
  app.get('/ip', async (req, reply) =>
    reply.header('cache-control', 'no-store').send({ result: { ip: clientIp(req), now: Date.now() } }),
  )

  app.get('/robots.txt', async (_req, reply) =>
    reply.headers({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' }).send(ROBOTS),
  )

  registerAssets(app, options.edgeDir, options.assetCacheBytes)
  app.register(async (api) => registerApiProxy(api, options.apiUrl, { requestLogging: options.requestLogging ?? false, timeouts }))

  /** Every other GET is a page of the app: the host's router draws it (its own 404 included). */
  const page = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const path = pathOf(req.url)
    const last = path.slice(path.lastIndexOf('/') + 1)
    if (FILE_LIKE.test(last) || /^\/(remotes|host|api)(\/|$)/.test(path)) return notFound(reply)
    htmlHeaders(reply).header('cache-control', NO_CACHE)
    const version = (await registry.current())?.registry.host?.version
    const html = version ? await hostPages.get(version) : null
    if (!html) {
      if (version) req.log.error({ version }, 'the live host version has no index.html')
      return reply.code(503).header('retry-after', '5').send(NOT_DEPLOYED)
    }
    return sendVariants(req, reply, html)
  }

  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD') return page(req, reply)
    return jsonError(reply, 404, 'Not found')
  })

  app.setErrorHandler((error: Error & { statusCode?: number }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500
    if (status >= 500) req.log.error({ err: error }, 'edge error')
    return jsonError(reply, status, status >= 500 ? 'Internal server error' : error.message)
  })

  return app
}
