import sharp from 'sharp'

export type OutputFormat = 'webp' | 'jpeg' | 'png'

/** SPEC §9: quality 80; widths are clamped to the image's own size and a sane ceiling. */
export const IMAGE_QUALITY = 80
export const MAX_WIDTH = 3072

/**
 * Rasterise or resize stored artwork to the requested width and format. Vector sources (the
 * seeded artwork) render sharp at any width; raster sources are never enlarged.
 */
export async function renderImage(input: { bytes: Buffer; mime: string; width: number; height: number }, targetWidth: number, format: OutputFormat): Promise<Buffer> {
  const isVector = input.mime === 'image/svg+xml'
  const width = Math.min(targetWidth, isVector ? MAX_WIDTH : input.width)
  const density = isVector ? Math.max(72, Math.round((72 * width) / input.width)) : undefined
  let pipeline = sharp(input.bytes, density ? { density } : {}).resize({ width, withoutEnlargement: !isVector })
  if (format === 'webp') pipeline = pipeline.webp({ quality: IMAGE_QUALITY })
  else if (format === 'jpeg') pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: IMAGE_QUALITY, mozjpeg: true })
  else pipeline = pipeline.png()
  return pipeline.toBuffer()
}

/** WebP when the browser says it takes it (SPEC §9), else JPEG. An explicit format wins. */
export function chooseFormat(accept: string | undefined, requested: string | undefined): OutputFormat {
  if (requested === 'webp' || requested === 'jpeg' || requested === 'png') return requested
  return accept && /image\/webp/.test(accept) ? 'webp' : 'jpeg'
}
