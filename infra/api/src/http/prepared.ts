import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)

/** A `{ result }` answer serialised and compressed once, sent as bytes to every caller. */
export interface Prepared {
  json: Buffer
  gzip: Buffer
  br: Buffer
  etag: string
}

const prepared = new WeakMap<object, Promise<Prepared>>()

/**
 * The prepared form of a cached value. Keyed by the value object itself: a server cache (memo)
 * hands out the same object until it expires, so each one is serialised and compressed once.
 */
export function prepare(result: object): Promise<Prepared> {
  let entry = prepared.get(result)
  if (!entry) {
    entry = (async () => {
      const json = Buffer.from(JSON.stringify({ result }))
      const [gz, br] = await Promise.all([
        gzip(json, { level: 6 }),
        brotli(json, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
          },
        }),
      ])
      return { json, gzip: gz, br, etag: createHash('sha256').update(json).digest('base64url').slice(0, 22) }
    })()
    prepared.set(result, entry)
  }
  return entry
}

function encodingFor(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null
  if (/\bbr\b(?!;q=0(\.0*)?\b)/.test(header)) return 'br'
  if (/\bgzip\b(?!;q=0(\.0*)?\b)/.test(header)) return 'gzip'
  return null
}

/**
 * Sends a prepared answer: ETag per encoding with 304 on revalidation, the compressed bytes the
 * caller accepts, and the Cache-Control the route chose.
 */
export function sendPrepared(req: FastifyRequest, reply: FastifyReply, answer: Prepared, cacheControl: string): FastifyReply {
  const encoding = encodingFor(req.headers['accept-encoding'])
  const etag = `"${answer.etag}${encoding ? `-${encoding}` : ''}"`
  reply.header('cache-control', cacheControl)
  reply.header('vary', 'Accept-Encoding')
  reply.header('etag', etag)
  const match = req.headers['if-none-match']
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send()
  reply.header('content-type', 'application/json; charset=utf-8')
  if (encoding) reply.header('content-encoding', encoding)
  return reply.send(encoding ? answer[encoding] : answer.json)
}
