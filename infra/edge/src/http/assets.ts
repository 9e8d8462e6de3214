import { promises as fs } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { remoteFolders, VERSION_PATTERN } from '../registry/packages'
import { etagMatches, negotiate, type Encoding } from './encoding'
import { contentType, isCompressible } from './mime'
import { notFound } from './responses'
import { SERVER_FOLDER } from '../render/serverBuilds'

export const IMMUTABLE = 'public, max-age=31536000, immutable'

interface FileMeta {
  size: number
  mtimeMs: number
  br: number | null
  gzip: number | null
}

/**
 * Version folders never change once published (they appear by rename, whole), so what a stat
 * said stays true: remember it instead of stat-ing per request. A folder removed by prune
 * shows up as ENOENT on read, which drops the entry.
 */
class MetaCache {
  private readonly entries = new Map<string, FileMeta>()
  constructor(private readonly limit = 20_000) {}

  async get(file: string, compressible: boolean): Promise<FileMeta | null> {
    const cached = this.entries.get(file)
    if (cached) return cached
    const stat = await fs.stat(file).catch(() => null)
    if (!stat?.isFile()) return null
    const sizeOf = async (variant: string): Promise<number | null> => {
      const s = await fs.stat(variant).catch(() => null)
      return s?.isFile() ? s.size : null
    }
    const [br, gzip] = compressible ? await Promise.all([sizeOf(`${file}.br`), sizeOf(`${file}.gz`)]) : [null, null]
    const meta = { size: stat.size, mtimeMs: stat.mtimeMs, br, gzip }
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as string)
    this.entries.set(file, meta)
    return meta
  }

  forget(file: string): void {
    this.entries.delete(file)
  }
}

/**
 * The bytes of small immutable files, least recently used out first: a page load asks for the
 * same few entries, manifests and chunks over and over, and a Buffer is several times cheaper
 * to send than a file stream.
 */
class BodyCache {
  private readonly bodies = new Map<string, Buffer>()
  private bytes = 0
  constructor(
    private readonly budget: number,
    readonly maxFile: number,
  ) {}

  get(key: string): Buffer | undefined {
    const body = this.bodies.get(key)
    if (body) {
      this.bodies.delete(key)
      this.bodies.set(key, body)
    }
    return body
  }

  set(key: string, body: Buffer): void {
    if (body.length > this.maxFile || this.bodies.has(key)) return
    this.bodies.set(key, body)
    this.bytes += body.length
    for (const [oldest, old] of this.bodies) {
      if (this.bytes <= this.budget) break
      this.bodies.delete(oldest)
      this.bytes -= old.length
    }
  }
}

/** Decodes and checks each path segment; null for anything that could leave the folder. */
export function safeSegments(rawPath: string): string[] | null {
  const segments: string[] = []
  for (const raw of rawPath.split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return null
    }
    // No empty, dot or dot-dot segments, no hidden files (temporary publish folders start with a dot),
    // no separators smuggled in encoded, no NUL or control characters.
    if (!segment || segment.startsWith('.') || /[/\\\0-\x1f\x7f]/.test(segment)) return null
    segments.push(segment)
  }
  return segments
}

/** Maps `/remotes/<folder>/<version>/<file…>` or `/host/<version>/<file…>` to a file under edgeDir. */
export function assetPath(edgeDir: string, url: string): string | null {
  const query = url.indexOf('?')
  const pathname = query === -1 ? url : url.slice(0, query)
  const segments = safeSegments(pathname.slice(1))
  if (!segments) return null
  const [top, ...below] = segments
  let rest: string[]
  if (top === 'remotes') {
    const [folder, ...inFolder] = below
    if (folder === undefined || !remoteFolders.has(folder)) return null
    rest = inFolder
  } else if (top === 'host') {
    rest = below
  } else {
    return null
  }
  const [version, inVersion] = rest
  if (rest.length < 2 || version === undefined || !VERSION_PATTERN.test(version)) return null
  // A version's server build (issue 13) is the edge's to run, not the browser's to download.
  if (inVersion === SERVER_FOLDER) return null
  const root = path.resolve(edgeDir)
  const file = path.resolve(root, ...segments)
  // Belt and braces: the segment rules already make escaping impossible.
  return file.startsWith(root + path.sep) ? file : null
}

const suffix: Record<Encoding, string> = { br: '.br', gzip: '.gz', identity: '' }

/** Serves published version folders: long-cached, immutable, precompressed when the browser allows. */
export function registerAssets(app: FastifyInstance, edgeDir: string, memoryBudget = 64 * 1024 * 1024): void {
  const cache = new MetaCache()
  const bodies = new BodyCache(memoryBudget, 1024 * 1024)

  /** The version was pruned after we cached its metadata. */
  const gone = (file: string, reply: FastifyReply): FastifyReply => {
    cache.forget(file)
    reply.removeHeader('content-length')
    reply.removeHeader('etag')
    reply.removeHeader('content-encoding')
    reply.removeHeader('cache-control')
    return notFound(reply)
  }

  const serve = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const file = assetPath(edgeDir, req.url)
    if (!file) return notFound(reply)
    const compressible = isCompressible(file)
    const meta = await cache.get(file, compressible)
    if (!meta) return notFound(reply)

    const encoding = compressible ? negotiate(req.headers['accept-encoding'], { br: meta.br !== null, gzip: meta.gzip !== null }) : 'identity'
    const size = encoding === 'identity' ? meta.size : (meta[encoding] as number)
    const etag = `"${meta.size.toString(36)}-${Math.trunc(meta.mtimeMs).toString(36)}${encoding === 'identity' ? '' : `-${encoding}`}"`

    reply.header('cache-control', IMMUTABLE)
    reply.header('content-type', contentType(file))
    reply.header('x-content-type-options', 'nosniff')
    reply.header('etag', etag)
    if (compressible) reply.header('vary', 'Accept-Encoding')
    if (encoding !== 'identity') reply.header('content-encoding', encoding)
    if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send()

    reply.header('content-length', String(size))
    if (req.method === 'HEAD') return reply.send()
    const variant = file + suffix[encoding]
    const cached = bodies.get(variant)
    if (cached) return reply.send(cached)
    if (size <= bodies.maxFile) {
      try {
        const body = await fs.readFile(variant)
        bodies.set(variant, body)
        return reply.send(body)
      } catch {
        return gone(file, reply)
      }
    }
    let handle: fs.FileHandle
    try {
      handle = await fs.open(variant, 'r')
    } catch {
      return gone(file, reply)
    }
    return reply.send(handle.createReadStream())
  }

  for (const prefix of ['/remotes/*', '/host/*']) app.route({ method: ['GET', 'HEAD'], url: prefix, handler: serve })
}
