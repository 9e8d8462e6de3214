import type { ImageFormat } from '@koma/contracts/server'
import sharp, { type Sharp } from 'sharp'

/**
 * What the site shows: AVIF where the browser takes it and the job queue has encoded it (issue 34),
 * else WebP where the browser takes it (SPEC §9), else JPEG. Nothing else is rendered.
 */
export type OutputFormat = ImageFormat
/** What a reader's request may render on demand: AVIF never is (encoded ahead of time, see variants.ts). */
export type OnDemandFormat = Exclude<ImageFormat, 'avif'>

// One libvips thread per render: renders run side by side in the RENDER_POOL (renderPool.ts), one
// per spare core, never all cores for one image.
sharp.concurrency(1)

/** SPEC §9: quality 80; widths are clamped to the image's own size and a sane ceiling. */
export const IMAGE_QUALITY = 80
export const MAX_WIDTH = 3072
/** Decoding refuses anything larger (a decompression bomb costs nothing): 50 megapixels. */
export const MAX_INPUT_PIXELS = 50_000_000
/** A vector strip is never rasterised larger than this, whatever width is asked. */
const MAX_RASTER_PIXELS = 40_000_000

export interface SourceImage {
  bytes: Buffer
  mime: string
  width: number
  height: number
}

/** The width a source is rendered at for a requested width: vectors scale, rasters never enlarge. */
export function renderWidth(input: SourceImage, targetWidth: number): number {
  const isVector = input.mime === 'image/svg+xml'
  if (!isVector) return Math.max(1, Math.min(targetWidth, input.width))
  const byPixels = Math.floor(Math.sqrt((MAX_RASTER_PIXELS * input.width) / input.height))
  return Math.max(1, Math.min(targetWidth, MAX_WIDTH, byPixels))
}

function open(input: SourceImage, width: number): Sharp {
  const isVector = input.mime === 'image/svg+xml'
  const density = isVector ? Math.max(72, Math.round((72 * width) / input.width)) : undefined
  return sharp(input.bytes, { limitInputPixels: MAX_INPUT_PIXELS, ...(density ? { density } : {}) }).resize({ width, withoutEnlargement: !isVector })
}

/**
 * AVIF settings (issue 34), chosen by `quality.test.ts`: on a seeded page and cover every variant
 * keeps SSIM ≥ 0.97 against its source (measured ≥ 0.99) at about 60% of WebP q80's bytes.
 * Effort 2 rather than libaom's default 4: 4 saved ~9% more bytes for 4-5× the encode time
 * (~0.9 s against ~4 s for a 768-wide page on these 2-core machines), and the backfill encodes
 * every old page at six widths.
 */
export const AVIF_QUALITY = 50
export const AVIF_EFFORT = 2

function encode(pipeline: Sharp, format: OutputFormat): Promise<Buffer> {
  if (format === 'avif') return pipeline.avif({ quality: AVIF_QUALITY, effort: AVIF_EFFORT }).toBuffer()
  if (format === 'webp') return pipeline.webp({ quality: IMAGE_QUALITY }).toBuffer()
  return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: IMAGE_QUALITY, mozjpeg: true }).toBuffer()
}

/**
 * Rasterise or resize stored artwork to the requested width and format. Vector sources (the
 * seeded artwork) render sharp at any width; raster sources are never enlarged.
 */
export async function renderImage(input: SourceImage, targetWidth: number, format: OutputFormat): Promise<Buffer> {
  return encode(open(input, renderWidth(input, targetWidth)), format)
}

/**
 * Every band of a tall strip at once (bands: heights at the source's own size): the strip is
 * decoded or rasterised once at the display width, then cut, so n bands cost one render.
 */
export async function renderBands(input: SourceImage, targetWidth: number, format: OutputFormat, bands: number[]): Promise<Buffer[]> {
  const width = renderWidth(input, targetWidth)
  const { data, info } = await open(input, width).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const scale = info.width / input.width
  const out: Buffer[] = []
  let sourceTop = 0
  for (const band of bands) {
    const top = Math.min(info.height - 1, Math.round(sourceTop * scale))
    const bottom = Math.min(info.height, Math.round((sourceTop + band) * scale))
    sourceTop += band
    const raw = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    out.push(await encode(raw.extract({ left: 0, top, width: info.width, height: Math.max(1, bottom - top) }), format))
  }
  return out
}

/** Most Accept entries looked at: a browser sends about ten; anything past this is ignored, never an error. */
const MAX_ACCEPT_ENTRIES = 64
/** Most Accept characters looked at (Node already refuses headers past 16 kB). */
const MAX_ACCEPT_CHARS = 4096

/**
 * The q-value an Accept header gives one image type, listed by name (`image/avif`, `image/webp`):
 * 0 when absent, refused (`q=0`) or given a malformed q (never sent a format the browser did not
 * clearly ask for). Wildcards (`image/*`, `*\/*`) do not count: browsers that decode AVIF or WebP
 * name them, and a cache keyed by Accept must never hand AVIF to one that did not.
 */
function acceptQuality(accept: string | undefined, type: string): number {
  if (typeof accept !== 'string' || !accept) return 0
  let best = 0
  const entries = accept.slice(0, MAX_ACCEPT_CHARS).split(',', MAX_ACCEPT_ENTRIES)
  for (const entry of entries) {
    const [name = '', ...params] = entry.split(';')
    if (name.trim().toLowerCase() !== type) continue
    let q = 1
    for (const param of params) {
      const [key = '', value = ''] = param.split('=')
      if (key.trim().toLowerCase() !== 'q') continue
      const text = value.trim()
      q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(text) ? Number(text) : 0
    }
    best = Math.max(best, q)
  }
  return best
}

/**
 * The format a request gets (issue 34): `wanted` is the best the browser takes (AVIF, then WebP,
 * then JPEG; an explicit `format` of webp or jpeg wins, it is part of the URL); `onDemand` is what
 * is rendered at once when AVIF is wanted but not yet encoded (AVIF is never encoded on a reader's
 * request). Any other `format` (png, avif, …) is ignored, so an image has at most 6 presets ×
 * 2 densities × 2 on-demand formats to render, whatever the URL says, plus the AVIF variants the
 * job queue encoded. Any Accept header, however long or malformed, gives an answer.
 */
export function negotiateFormat(accept: string | undefined, requested: string | undefined): { wanted: OutputFormat; onDemand: OnDemandFormat } {
  if (requested === 'webp' || requested === 'jpeg') return { wanted: requested, onDemand: requested }
  const avif = acceptQuality(accept, 'image/avif')
  const webp = acceptQuality(accept, 'image/webp')
  const onDemand: OnDemandFormat = webp > 0 ? 'webp' : 'jpeg'
  return { wanted: avif > 0 && avif >= webp ? 'avif' : onDemand, onDemand }
}

/** What a reader's request renders on demand: WebP when the browser takes it, else JPEG. */
export function chooseFormat(accept: string | undefined, requested: string | undefined): OnDemandFormat {
  return negotiateFormat(accept, requested).onDemand
}
