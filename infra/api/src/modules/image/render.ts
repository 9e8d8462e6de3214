import sharp, { type Sharp } from 'sharp'

/** What the site shows (SPEC §9: WebP where the browser takes it, else JPEG); nothing else is rendered. */
export type OutputFormat = 'webp' | 'jpeg'

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

function encode(pipeline: Sharp, format: OutputFormat): Promise<Buffer> {
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

/**
 * WebP when the browser says it takes it (SPEC §9), else JPEG. An explicit `format` of one of
 * those wins; any other (png, avif, …: nothing the site asks for) is ignored, so an image has
 * at most 6 presets × 2 densities × 2 formats to render, whatever the URL says.
 */
export function chooseFormat(accept: string | undefined, requested: string | undefined): OutputFormat {
  if (requested === 'webp' || requested === 'jpeg') return requested
  return accept && /image\/webp/.test(accept) ? 'webp' : 'jpeg'
}
