import { endpoints, imageVariant, tileHeights } from '@koma/contracts/server'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { AppDeps } from '../../deps'
import type { ImageAccess } from '../../db/schema'
import { apiError } from '../../http/errorCatalogue'
import { parseId } from '../../http/ids'
import { rawRoute } from '../../http/route'
import { requireMatureReader } from '../session/maturity'
import { ImageCache, type Rendered } from './cache'
import { negotiateFormat, renderBands, renderImage, type OutputFormat } from './render'
import { renderPoolOf } from './renderPool'
import { pageUrls } from './signing'
import { imageSource, matureTitleImage } from './stored'
import { avifKnownMissing, storedAvif } from './variants'

const YEAR_SECONDS = 31_536_000
/**
 * How long a WebP or JPEG answer to a browser that asked AVIF may be kept (issue 34): the image's
 * AVIF is not encoded yet, and a cache keeping that answer for a year (or a page URL's hours) would
 * keep the browser from the AVIF the job queue is about to store.
 */
export const AVIF_PENDING_SECONDS = 600

type Query = { w?: string; dpr?: string; format?: string; e?: string; s?: string }
/** How an image may be sent: public for a year, signed until its URL expires, or a mature title's own (private). */
type Grant = 'signed' | 'public' | 'mature'

const smallInt = (value: string): number => {
  if (!/^(?:0|[1-9]\d{0,2})$/.test(value)) throw apiError('notFound')
  return Number(value)
}

/**
 * GET /image/{id}?w=&dpr= and GET /image/{id}/tile/{i}/{n}?w=&dpr=: stored artwork rendered at a
 * SPEC §9 preset (xs 320 … 2xl 1536) and density (1 or 2), quality 80, AVIF, WebP or JPEG by the
 * browser's Accept (issue 34), every answer `Vary: Accept`. Rendered variants are cached in memory
 * (bounded) and on disk.
 *
 * Widths snap to the preset that covers them and densities are 1 or 2 (imageVariant); formats
 * rendered on a request are WebP or JPEG (negotiateFormat): at most 24 of those an image. AVIF is
 * never encoded on a request: the job queue encodes an image's AVIF variants at import and publish
 * time and the backfill does older images (variants.ts: at most 7 widths an image, a tall strip's
 * in bands), so at most 24 + 7 variants an image (a strip's bands count as one). A browser that
 * asks AVIF of an image not encoded yet gets WebP (or JPEG) at once, cacheable for
 * AVIF_PENDING_SECONDS only. A render (a miss in memory, on disk and in progress) counts against
 * the address's `imageRender` budget (limits.ts, far below `image`) and runs in the process's
 * RenderPool, which refuses past its queue (issue 33); the job queue's encodes take its slots only
 * when no reader's render waits.
 *
 * Shared caches: every answer varies by Accept, and an AVIF answer goes only to a request whose
 * Accept names `image/avif` (never for a wildcard), so a cache keyed by URL and Accept never hands
 * AVIF to a browser that did not ask; a WebP answer to an AVIF browser is kept minutes, not a year.
 *
 * Who may fetch what (issue 11): a public image (covers, thumbnails, banners, avatars) by its id
 * alone, immutable for a year; a chapter page only with the signature the chapter call handed
 * out (`e`, `s`: see signing.ts), cacheable until it expires; an inquiry attachment never here.
 * Anything else is the same 404 as an id that does not exist, so ids reveal nothing.
 *
 * A mature title's pages, episode thumbnails and key visual (issue 33) go only to a reader who may
 * read the title (session/maturity.ts: a verified member with mature on; else 451 / 428), signed
 * URL or not, and only as `private` answers a shared cache never keeps. Its covers and banners stay
 * public: lists show them to readers who accepted mature content (SPEC §4).
 */
export function registerImageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const cache = new ImageCache(deps.config.imageCacheDir)
  const pool = renderPoolOf(deps, deps.config.imageRenders)
  /** A render for this request: counted against its address's budget, then run in the pool. */
  const rendering =
    (req: FastifyRequest) =>
    async <T>(work: () => Promise<T>): Promise<T> => {
      await app.abuseLimits.address('imageRender', req)
      return pool.run(work)
    }
  // Access never changes for a stored image; remember it so public hits cost no query.
  const accessById = new LRUCache<number, ImageAccess | 'missing'>({ max: 50_000 })
  // Whether an image is a mature title's own can change (an operator marks a title mature): a minute.
  const matureById = new LRUCache<number, boolean>({ max: 50_000, ttl: 60_000 })
  const isMature = async (id: number): Promise<boolean> => {
    const known = matureById.get(id)
    if (known !== undefined) return known
    const mature = await matureTitleImage(deps.db, id)
    matureById.set(id, mature)
    return mature
  }

  const accessOf = async (id: number): Promise<ImageAccess | 'missing'> => {
    const known = accessById.get(id)
    if (known) return known
    const row = await deps.db.selectFrom('images').select('access').where('id', '=', id).executeTakeFirst()
    const access = row?.access ?? 'missing'
    if (access !== 'missing') accessById.set(id, access)
    return access
  }

  /**
   * 'signed' with a valid page signature, 'public' for a public image; else the 404 of a missing
   * id. 'mature' for either when the image is a mature title's own and the caller may read it.
   */
  const authorise = async (id: number, query: Query, req: FastifyRequest): Promise<Grant> => {
    let grant: Grant
    if (query.e !== undefined || query.s !== undefined) {
      if (!pageUrls(deps).verify(id, query.e, query.s, deps.clock.realNow())) {
        deps.metrics?.signedUrlRefusals.inc()
        throw apiError('notFound')
      }
      grant = 'signed'
    } else {
      if ((await accessOf(id)) !== 'public') throw apiError('notFound')
      grant = 'public'
    }
    if (await isMature(id)) {
      await requireMatureReader(deps, req)
      return 'mature'
    }
    return grant
  }

  const variantOf = (query: Query) => {
    const variant = imageVariant(query.w, query.dpr)
    if (!variant) throw apiError('invalidParameter', { field: query.w !== undefined && !/^[1-9]\d{0,4}$/.test(query.w) ? 'w' : 'dpr' })
    return variant
  }

  /**
   * An image's row, and its bytes on demand (from the row, or the object store): a variant already
   * rendered on disk is found by the row's hash without reading the source at all.
   */
  const source = async (id: number) => {
    const row = await imageSource(deps.db, id)
    if (!row) return null
    return { ...row, read: () => deps.objects.get(row) }
  }

  /**
   * An AVIF the job queue encoded (variants.ts), through the memory and disk caches like a render;
   * null when it has not been encoded yet (or the image does not exist): the caller renders WebP.
   */
  const encodedAvif = async (key: string, id: number, pixels: number, band?: { index: number; count: number }): Promise<Rendered | null> =>
    cache.peek(key) ??
    (avifKnownMissing(deps, id)
      ? null
      : cache.get(key, async () => {
          const image = await source(id)
          if (!image) return null
          return {
            sha256: image.sha256,
            read: image.read,
            render: async () => {
              if (band && tileHeights(image.width, image.height).length !== band.count) return null
              const body = await storedAvif(deps, id, image, pixels, band)
              return body ? new Map([[key, body]]) : null
            },
          }
        }))

  /** `pending`: a WebP or JPEG answer to a browser that asked AVIF, which is not encoded yet. */
  const send = (req: FastifyRequest, reply: FastifyReply, rendered: Rendered, format: OutputFormat, grant: Grant, query: Query, pending = false) => {
    if (grant === 'mature') reply.header('cache-control', 'private, no-cache')
    else {
      const maxAge = grant === 'public' ? YEAR_SECONDS : pageUrls(deps).maxAge(String(query.e), deps.clock.realNow())
      reply.header('cache-control', pending ? `public, max-age=${Math.min(maxAge, AVIF_PENDING_SECONDS)}` : `public, max-age=${maxAge}, immutable`)
    }
    reply.header('vary', 'Accept').header('etag', rendered.etag)
    if (req.headers['if-none-match'] === rendered.etag) return reply.status(304).send()
    return reply.header('content-type', `image/${format}`).send(rendered.body)
  }

  rawRoute(
    app,
    deps,
    endpoints.image,
    async ({ params, query, req, reply }) => {
      const id = parseId(params.imageId)
      const variant = variantOf(query)
      const grant = await authorise(id, query, req)
      const { wanted, onDemand: format } = negotiateFormat(req.headers.accept, query.format)
      if (wanted === 'avif') {
        const avif = await encodedAvif(`${id}:${variant.pixels}:avif`, id, variant.pixels)
        if (avif) return send(req, reply, avif, 'avif', grant, query)
      }
      const key = `${id}:${variant.pixels}:${format}`
      const rendered = await cache.get(key, async () => {
        const image = await source(id)
        if (!image) return null
        return {
          sha256: image.sha256,
          read: image.read,
          render: (bytes) => rendering(req)(async () => new Map([[key, await renderImage({ ...image, bytes: await bytes() }, variant.pixels, format)]])),
        }
      })
      if (!rendered) throw apiError('notFound')
      return send(req, reply, rendered, format, grant, query, wanted === 'avif')
    },
    { limit: 'image' },
  )

  // A band of a tall strip (the chapter lists its URLs in PageImage.tiles): every band of one
  // width comes out of one render of the strip.
  rawRoute(
    app,
    deps,
    endpoints.imageTile,
    async ({ params, query, req, reply }) => {
      const id = parseId(params.imageId)
      const [index, count] = [smallInt(params.index), smallInt(params.count)]
      const variant = variantOf(query)
      const grant = await authorise(id, query, req)
      const { wanted, onDemand: format } = negotiateFormat(req.headers.accept, query.format)
      if (wanted === 'avif') {
        const avif = await encodedAvif(`${id}:t${index}of${count}:${variant.pixels}:avif`, id, variant.pixels, { index, count })
        if (avif) return send(req, reply, avif, 'avif', grant, query)
      }
      const keyOf = (band: number) => `${id}:t${band}of${count}:${variant.pixels}:${format}`
      const rendered = await cache.get(keyOf(index), async () => {
        const image = await source(id)
        if (!image) return null
        const bands = tileHeights(image.width, image.height)
        if (bands.length !== count || index >= count) return null
        return {
          sha256: image.sha256,
          read: image.read,
          render: (bytes) =>
            rendering(req)(
              async () =>
                new Map((await renderBands({ ...image, bytes: await bytes() }, variant.pixels, format, bands)).map((body, band) => [keyOf(band), body])),
            ),
        }
      })
      if (!rendered) throw apiError('notFound')
      return send(req, reply, rendered, format, grant, query, wanted === 'avif')
    },
    { limit: 'imageTile' },
  )
}
