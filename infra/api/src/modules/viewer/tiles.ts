import { tileHeights } from '@koma/contracts/server'
import sharp from 'sharp'
import type { AppDeps } from '../../deps'
import { notFound } from '../../http/errors'
import { IMAGE_QUALITY, MAX_WIDTH, type OutputFormat } from '../image/render'

/** Rendered bands kept in memory, small and bounded: the edge/CDN in front caches the rest. */
const CACHE_LIMIT = 400
const cache = new Map<string, Buffer>()

/**
 * One horizontal band of a tall strip, at the requested width: the strip is cut into the same
 * bands the chapter lists (tileHeights), so each is light to download, decode and paint.
 */
export async function renderTile(deps: AppDeps, input: { imageId: number; index: number; count: number; width: number | null; format: OutputFormat }): Promise<Buffer> {
  const key = `${input.imageId}:${input.index}/${input.count}:${input.width ?? 'native'}:${input.format}`
  const hit = cache.get(key)
  if (hit) return hit
  const image = await deps.db.selectFrom('images').select(['bytes', 'mime', 'width', 'height']).where('id', '=', input.imageId).executeTakeFirst()
  if (!image) throw notFound()
  const bands = tileHeights(image.width, image.height)
  if (bands.length !== input.count || input.index >= bands.length) throw notFound()
  const isVector = image.mime === 'image/svg+xml'
  const width = Math.min(input.width ?? image.width, isVector ? MAX_WIDTH : image.width)
  const scale = width / image.width
  const top = Math.round(bands.slice(0, input.index).reduce((sum, band) => sum + band, 0) * scale)
  const scaledHeight = Math.round(image.height * scale)
  const height = Math.max(1, Math.min(Math.round(bands[input.index] * scale), scaledHeight - top))
  const density = isVector ? Math.max(72, Math.round(72 * scale)) : undefined
  // Resize first, then cut: the band is taken from the image at its display width.
  let pipeline = sharp(Buffer.from(image.bytes), density ? { density } : {})
    .resize({ width, withoutEnlargement: !isVector })
    .extract({ left: 0, top, width, height })
  if (input.format === 'webp') pipeline = pipeline.webp({ quality: IMAGE_QUALITY })
  else if (input.format === 'jpeg') pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: IMAGE_QUALITY, mozjpeg: true })
  else pipeline = pipeline.png()
  const body = await pipeline.toBuffer()
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string)
  cache.set(key, body)
  return body
}
