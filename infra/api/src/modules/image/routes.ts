import { endpoints } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { notFound } from '../../http/errors'
import { parseId } from '../../http/ids'
import { rawRoute } from '../../http/route'
import { chooseFormat, MAX_WIDTH, renderImage } from './render'

/** Rendered images kept in memory, small and bounded: the edge/CDN in front caches the rest. */
const CACHE_LIMIT = 400
const cache = new Map<string, { body: Buffer; type: string }>()

function remember(key: string, value: { body: Buffer; type: string }): void {
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string)
  cache.set(key, value)
}

export function registerImageRoutes(app: FastifyInstance, deps: AppDeps): void {
  rawRoute(app, deps, endpoints.image, async ({ params, query, req, reply }) => {
    const id = parseId(params.imageId)
    const format = chooseFormat(req.headers.accept, query.format)
    const requestedWidth = query.w && /^[1-9][0-9]{0,4}$/.test(query.w) ? Math.min(Number(query.w), MAX_WIDTH) : null
    const key = `${id}:${requestedWidth ?? 'native'}:${format}`
    let rendered = cache.get(key)
    if (!rendered) {
      const image = await deps.db.selectFrom('images').select(['bytes', 'mime', 'width', 'height']).where('id', '=', id).executeTakeFirst()
      if (!image) throw notFound()
      const bytes = Buffer.from(image.bytes)
      const body = await renderImage({ bytes, mime: image.mime, width: image.width, height: image.height }, requestedWidth ?? image.width, format)
      rendered = { body, type: `image/${format}` }
      remember(key, rendered)
    }
    return reply
      .header('content-type', rendered.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'Accept')
      .send(rendered.body)
  })
}
