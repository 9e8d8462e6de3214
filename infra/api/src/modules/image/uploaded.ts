import { ACCOUNT_LIMITS } from '@koma/contracts/server'
import sharp, { type Metadata, type Sharp } from 'sharp'
import { apiError } from '../../http/errorCatalogue'
import { UPLOAD_MAX_PIXELS } from '../../limits'

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif'])

/**
 * An uploaded image checked by its content, never its name or declared type: sharp reads the
 * bytes; anything it cannot decode as JPEG, PNG, WebP or GIF is refused (SPEC §8 upload format).
 */
export async function sniffImage(bytes: unknown): Promise<{ format: string; width: number; height: number }> {
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw apiError('uploadFormatInvalid')
  if (bytes.length > ACCOUNT_LIMITS.avatarBytes) throw apiError('uploadTooLarge')
  let meta: Metadata
  try {
    // Only the header is read here (no pixels), so the pixel limit is checked below, by name.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw apiError('uploadFormatInvalid')
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw apiError('uploadFormatInvalid')
  // A few kilobytes can declare billions of pixels (a decompression bomb): refused before decoding.
  if (meta.width * meta.height > UPLOAD_MAX_PIXELS) throw apiError('uploadTooLarge')
  return { format: meta.format, width: meta.width, height: meta.height }
}

/** sharp over uploaded bytes, never decoding more than UPLOAD_MAX_PIXELS. */
export const uploadedImage = (bytes: Buffer): Sharp => sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS })

/** Re-encode an upload; a file that fails half-way through decoding is the upload message, never a 500. */
export async function reencoded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch {
    throw apiError('uploadFormatInvalid')
  }
}
