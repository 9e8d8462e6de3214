import { endpoints, imageVariant } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { HttpError, notFound } from '../../http/errors'
import { parseId } from '../../http/ids'
import { rawRoute } from '../../http/route'
import { ImageCache } from './cache'
import { chooseFormat, renderImage } from './render'

/**
 * GET /image/{id}?w=&dpr=: stored artwork rendered at a SPEC §9 preset (xs 320 … 2xl 1536) and
 * density (1 or 2), quality 80, WebP when the browser takes it; immutable, so browsers and the
 * edge keep it for a year. Rendered variants are cached in memory (bounded) and on disk.
 */
export function registerImageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const cache = new ImageCache(deps.config.imageCacheDir)
  rawRoute(app, deps, endpoints.image, async ({ params, query, req, reply }) => {
    const id = parseId(params.imageId)
    const variant = imageVariant(query.w, query.dpr)
    if (!variant) throw new HttpError(400, 'invalidParameter', { field: query.w !== undefined && !/^[1-9][0-9]{0,4}$/.test(query.w) ? 'w' : 'dpr' })
    const format = chooseFormat(req.headers.accept, query.format)
    const rendered = await cache.get(`${id}:${variant.pixels}:${format}`, async () => {
      const image = await deps.db.selectFrom('images').select(['bytes', 'mime', 'width', 'height']).where('id', '=', id).executeTakeFirst()
      if (!image) return null
      return { source: Buffer.from(image.bytes), render: (bytes: Buffer) => renderImage({ bytes, mime: image.mime, width: image.width, height: image.height }, variant.pixels, format) }
    })
    if (!rendered) throw notFound()
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'Accept').header('etag', rendered.etag)
    if (req.headers['if-none-match'] === rendered.etag) return reply.status(304).send()
    return reply.header('content-type', `image/${format}`).send(rendered.body)
  }, { limit: 'image' })
}
