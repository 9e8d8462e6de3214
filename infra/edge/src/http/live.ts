import { createHash } from 'node:crypto'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { sharedState, type SharedState } from '../registry/shared'
import { REGISTRY_FILE, registryPath } from '../registry/store'
import type { Registry } from '../registry/types'
import zlib from 'node:zlib'
import { brotliAsync, compressVariants, etagMatches, gzipAsync, negotiate, type Variants } from './encoding'

/** How stale an edge's copy of a shared (Redis) registry may be: a rollback reaches every edge within this. */
export const SHARED_CHECK_MS = 250

export interface LiveRegistry {
  registry: Registry
  body: Variants
}

/**
 * The registry as last written by deploy or rollback. One stat per request: the file is
 * replaced by rename, so a new inode, size or mtime means new content, read and compressed
 * once and then served from memory.
 */
export class RegistryWatcher {
  private signature = ''
  private live: LiveRegistry | null = null
  private loading: Promise<LiveRegistry | null> | null = null

  constructor(
    private readonly edgeDir: string,
    private readonly log: { error: (obj: object, msg: string) => void },
  ) {}

  async current(): Promise<LiveRegistry | null> {
    const shared = sharedState()
    if (shared) return this.currentShared(shared)
    const file = registryPath(this.edgeDir)
    const stat = await fs.stat(file).catch(() => null)
    if (!stat) return null
    const signature = `${stat.ino}:${stat.size}:${stat.mtimeMs}`
    if (signature === this.signature) return this.loading ?? this.live
    this.signature = signature
    this.loading = this.load(file).finally(() => {
      this.loading = null
    })
    return this.loading
  }

  private checkedAt = 0

  /**
   * KOMA_EDGE_STORE=redis: the registry every edge shares. Its revision is read at most every
   * SHARED_CHECK_MS (one small GET), the registry itself only when the revision moved; a Redis
   * that does not answer leaves the last registry live.
   */
  private async currentShared(shared: SharedState): Promise<LiveRegistry | null> {
    if (Date.now() - this.checkedAt < SHARED_CHECK_MS) return this.loading ?? this.live
    this.checkedAt = Date.now()
    const revision = await shared.revision().catch((err: unknown) => {
      this.log.error({ err }, 'cannot read the shared registry (Redis); serving the last one')
      return null
    })
    if (revision === null || revision === this.signature) return this.loading ?? this.live
    this.signature = revision
    this.loading = this.load(async () => Buffer.from((await shared.get(REGISTRY_FILE)) ?? 'null')).finally(() => {
      this.loading = null
    })
    return this.loading
  }

  private async load(file: string | (() => Promise<Buffer>)): Promise<LiveRegistry | null> {
    try {
      const raw = typeof file === 'string' ? await fs.readFile(file) : await file()
      if (raw.toString('utf8') === 'null') return this.live
      const registry = JSON.parse(raw.toString('utf8')) as Registry
      const tag = createHash('sha256').update(raw).digest('base64url').slice(0, 16)
      // Served compact: the file on disk is pretty-printed for people.
      this.live = { registry, body: await compressVariants(Buffer.from(JSON.stringify(registry)), tag) }
    } catch (err) {
      // Cannot happen with atomic writes unless edited by hand: keep serving the last good one.
      this.signature = ''
      this.log.error({ err, file: typeof file === 'string' ? file : 'redis' }, 'cannot read the registry')
    }
    return this.live
  }
}

/** The live host's index.html per version, read and compressed once (version folders are immutable). */
export class HostPages {
  private readonly pages = new Map<string, Promise<Variants | null>>()

  constructor(private readonly edgeDir: string) {}

  get(version: string): Promise<Variants | null> {
    let page = this.pages.get(version)
    if (!page) {
      page = this.load(version)
      // Keep the few latest: a rollback flips between two.
      if (this.pages.size >= 4) this.pages.delete(this.pages.keys().next().value as string)
      this.pages.set(version, page)
    }
    return page
  }

  private async load(version: string): Promise<Variants | null> {
    try {
      const html = await fs.readFile(path.join(this.edgeDir, 'host', version, 'index.html'))
      return await compressVariants(html, `h-${version}`)
    } catch {
      this.pages.delete(version) // maybe not there yet; look again next time
      return null
    }
  }
}

/** Sends an in-memory response in the best encoding the client takes, with ETag revalidation. */
export function sendVariants(req: FastifyRequest, reply: FastifyReply, variants: Variants): FastifyReply {
  const encoding = negotiate(req.headers['accept-encoding'], { br: variants.br !== null, gzip: variants.gzip !== null })
  const etag = `"${variants.tag}${encoding === 'identity' ? '' : `-${encoding}`}"`
  reply.header('etag', etag)
  reply.header('vary', 'Accept-Encoding')
  if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send()
  if (encoding !== 'identity') reply.header('content-encoding', encoding)
  return reply.send(encoding === 'identity' ? variants.identity : variants[encoding])
}

/**
 * A page composed for one request, compressed on the way out at a fast setting (it is a few
 * kilobytes, or some tens with the home data: about a millisecond).
 */
export async function sendPage(req: FastifyRequest, reply: FastifyReply, html: string, tag: string | null): Promise<FastifyReply> {
  const encoding = negotiate(req.headers['accept-encoding'], { br: true, gzip: true })
  const etag = `"${tag}${encoding === 'identity' ? '' : `-${encoding}`}"`
  reply.header('vary', 'Accept-Encoding, Accept-Language, Cookie')
  // A 404 or 503 page is never "not modified": only a 200 carries a validator, and only a page
  // that may be revalidated (a null tag: a reader's own page, issue 34).
  if (reply.statusCode === 200 && tag !== null) {
    reply.header('etag', etag)
    if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send()
  }
  const body = Buffer.from(html, 'utf8')
  if (encoding === 'identity') return reply.send(body)
  reply.header('content-encoding', encoding)
  if (encoding === 'br')
    return reply.send(
      await brotliAsync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    )
  return reply.send(await gzipAsync(body, { level: 6 }))
}
