import { PassThrough, pipeline, type Readable } from 'node:stream'
import zlib from 'node:zlib'
import httpProxy from '@fastify/http-proxy'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, RawServerBase, RouteGenericInterface } from 'fastify'
import type { FastifyReplyFromHooks } from '@fastify/reply-from'
import type { EdgeTimeouts } from '../config'
import { API_PREFIX, DEFAULT_LOCALE, IMPORT_LIMITS } from '@koma/contracts/server'
import { negotiate } from './encoding'
import { callerLocale, sendEdgeError } from './errorCatalogue'
import { ApiUpstreams, isConnectionFailure } from './upstreams'

/** The parts of a request and reply used here (reply-from hands over loosely typed ones). */
interface ProxiedRequest {
  ip: string
  method: string
  headers: Record<string, string | string[] | undefined>
  log: FastifyBaseLogger
  raw: Pick<Readable, 'resume' | 'unpipe'> & { complete: boolean }
}
interface ProxiedReply {
  getHeader(name: string): unknown
  header(name: string, value: string): unknown
  removeHeader(name: string): unknown
  send(payload?: unknown): unknown
}

/** The reader's address as the API should see it: IPv4 without the IPv6-mapped prefix. */
export function clientIp(req: { ip: string }): string {
  const ip = req.ip ?? ''
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip
}

/**
 * JSON, text, script and XML (a book's XHTML documents, SVG, NCX, SMIL: `+xml` types), and a book's
 * uncompressed fonts (TrueType and OpenType; WOFF and WOFF2 are compressed already): a novel's
 * first page waited on its 405 kB OpenType font sent as it was (issue 39).
 */
const COMPRESSIBLE_TYPE =
  /^(?:application\/(?:json|[\w.+-]+\+json|javascript|xml|[\w.+-]+\+xml|vnd\.ms-opentype|font-sfnt|x-font-(?:ttf|otf|truetype|opentype))|image\/svg\+xml|font\/(?:ttf|otf|sfnt|collection)|text\/(?!event-stream))/i
const MIN_COMPRESS_BYTES = 1024

/**
 * The API sends plain bodies; compress JSON and text on the way out like any front proxy
 * would (fast settings: this is per response, not per deploy).
 */
function compressUpstream(req: ProxiedRequest, reply: ProxiedReply, stream: NodeJS.ReadableStream, status: number): void {
  const type = String(reply.getHeader('content-type') ?? '')
  const length = Number(reply.getHeader('content-length') ?? NaN)
  const skip =
    req.method === 'HEAD' ||
    status === 204 ||
    status === 304 ||
    // A range is of the body as the API has it: never re-encoded.
    status === 206 ||
    reply.getHeader('content-encoding') !== undefined ||
    !COMPRESSIBLE_TYPE.test(type) ||
    /no-transform/i.test(String(reply.getHeader('cache-control') ?? '')) ||
    length < MIN_COMPRESS_BYTES
  const encoding = skip ? 'identity' : negotiate(req.headers['accept-encoding'], { br: true, gzip: true })
  if (!skip) {
    const vary = reply.getHeader('vary')
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
  }
  if (encoding === 'identity') {
    reply.send(stream)
    return
  }
  const compressor = encoding === 'br' ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }) : zlib.createGzip({ level: 6 })
  reply.removeHeader('content-length')
  reply.header('content-encoding', encoding)
  reply.send(
    pipeline(stream, compressor, (err) => {
      if (err) req.log.warn({ err }, 'api response compression failed')
    }),
  )
}

/**
 * The most of a reader's upload the edge still reads after the API answered it (the largest upload
 * the API takes, an operator's import, and some room).
 */
export const MAX_DRAINED_BYTES = IMPORT_LIMITS.totalBytes + 16 * 1024 * 1024

/**
 * The API answered a refusal before the reader's upload was all sent (its 413 for a 50 MB avatar,
 * issue 33). reply-from would close the reader's connection after the answer, and a browser still
 * sending meets a reset and may never read it ("connection lost"). Instead the rest of a declared
 * body up to MAX_DRAINED_BYTES is read into nothing and the connection kept; a larger or undeclared
 * one is still closed (the request timeout bounds a slow one).
 */
function drainUnsentBody(req: ProxiedRequest, reply: ProxiedReply, status: number): void {
  if (req.raw.complete || status < 400) return
  const declared = Number(req.headers['content-length'])
  if (!Number.isSafeInteger(declared) || declared > MAX_DRAINED_BYTES) return
  reply.removeHeader('connection')
  req.raw.unpipe()
  req.raw.resume()
}

/**
 * The body the API call sends: the reader's upload through a stream of its own. The HTTP client
 * destroys the body it was given once the API has answered (early or not), and destroying the
 * reader's request would reset the reader's connection under the answer; a reader who gives up
 * mid-upload still aborts the API call.
 */
function shielded(payload: Readable): Readable {
  const body = new PassThrough()
  payload.pipe(body)
  payload.once('error', (error) => body.destroy(error))
  payload.once('close', () => {
    if (!(payload as Readable & { complete?: boolean }).complete) body.destroy(new Error('the reader aborted the upload'))
  })
  return body
}

/** Only these may go to a second API process after the first could not be reached (never a write twice). */
const RETRIED_METHODS = new Set(['GET', 'HEAD'])

/**
 * Everything under /api goes to the API: every method, body, cookie and Set-Cookie as is. The
 * edge is the reader's first hop, so it sets X-Forwarded-For to the address it sees itself
 * (replacing anything the client sent: the API trusts this header).
 *
 * Several API processes (issue 18): each call goes to the next healthy one (upstreams.ts); a
 * process that cannot be reached is taken out, and a GET or HEAD is sent once more to another
 * process. POST, PUT and DELETE are never sent twice: the reader gets SPEC §8's network failure
 * and decides (the first process may have done the work).
 */
export async function registerApiProxy(
  app: FastifyInstance,
  api: string | ApiUpstreams,
  options: {
    requestLogging: boolean
    timeouts: Pick<EdgeTimeouts, 'upstreamHeadersMs' | 'upstreamBodyMs' | 'upstreamConnectMs'>
    /**
     * Told of every API answer's status and what it answered (the edge drops what it keeps of the
     * API when maintenance starts, or when an operator changed what it keeps).
     */
    onUpstreamStatus?: (status: number, request: { method: string; url: string }, headers: Record<string, unknown>) => void | Promise<void>
  },
): Promise<void> {
  const { timeouts } = options
  const upstreams = typeof api === 'string' ? new ApiUpstreams(api) : api
  app.addHook('preParsing', async (req, _reply, payload) => (req.method === 'GET' || req.method === 'HEAD' ? payload : shielded(payload)))
  const several = upstreams.several
  type AnyReply = FastifyReply<RouteGenericInterface, RawServerBase>
  const networkFailure = (reply: AnyReply, error: Error) => {
    const timedOut = /timeout/i.test(String((error as { code?: string }).code ?? error.name ?? ''))
    // reply-from has already logged the cause.
    // SPEC §8's network failure (code 9999), in the reader's language: the API is not there.
    sendEdgeError(reply as FastifyReply, timedOut ? 'apiTimedOut' : 'apiUnreachable', callerLocale(reply.request, DEFAULT_LOCALE))
  }
  /** Send the call to `target`; on a connection failure take it out and, for a read, try one other process. */
  const forward = (reply: AnyReply, dest: string, replyOptions: FastifyReplyFromHooks, target: string, retried: boolean): void => {
    reply.from(dest, {
      ...replyOptions,
      getUpstream: () => target,
      onError: (failed, { error }) => {
        if (isConnectionFailure(error)) {
          upstreams.markDown(target)
          const other = upstreams.pick(target)
          if (!retried && RETRIED_METHODS.has(failed.request.method) && other !== target && !failed.sent) {
            failed.request.log.warn({ api: target, retry: other }, 'API process unreachable: read retried on another')
            forward(failed, dest, replyOptions, other, true)
            return
          }
        }
        networkFailure(failed, error)
      },
    })
  }
  await app.register(httpProxy, {
    // One API: its address, exactly as before. Several: chosen per call (no base, one undici agent for all).
    upstream: several ? '' : upstreams.urls[0]!,
    ...(several
      ? {
          handler: (req, reply, dest, handlerOptions) => {
            // http-proxy has already asked getUpstream (below) for this call's process.
            const target = handlerOptions.getUpstream?.(req, '') ?? upstreams.pick()
            forward(reply, dest, handlerOptions, target, false)
          },
        }
      : {}),
    prefix: API_PREFIX,
    rewritePrefix: API_PREFIX,
    http2: false,
    // An API that does not answer is a 504, not a reader waiting on an open request.
    undici: { headersTimeout: timeouts.upstreamHeadersMs, bodyTimeout: timeouts.upstreamBodyMs, connectTimeout: timeouts.upstreamConnectMs },
    disableRequestLogging: !options.requestLogging,
    replyOptions: {
      rewriteRequestHeaders: (req, headers) => ({
        ...headers,
        'x-forwarded-for': clientIp(req),
        'x-forwarded-proto': req.protocol,
        'x-forwarded-host': req.host,
        'x-real-ip': clientIp(req),
      }),
      // reply-from retries GETs answered 503 up to ten times; the API's 503 means maintenance.
      retryDelay: () => null,
      onResponse: (req, reply, res) => {
        drainUnsentBody(req, reply, res.statusCode)
        const told = options.onUpstreamStatus?.(res.statusCode, { method: req.method, url: req.url }, reply.getHeaders())
        // A write the other edges must hear of first: its answer goes out once they were told.
        if (told) void told.catch(() => undefined).then(() => compressUpstream(req, reply, res.stream, res.statusCode))
        else compressUpstream(req, reply, res.stream, res.statusCode)
      },
      ...(several ? { getUpstream: () => upstreams.pick() } : {}),
      onError: (reply, { error }) => networkFailure(reply, error),
    },
  })
}
