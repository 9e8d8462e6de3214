import { IMAGE_PRESETS } from '../theme/timings'

const PRESET_WIDTHS = Object.values(IMAGE_PRESETS) as number[]
const LARGEST_PRESET = Math.max(...PRESET_WIDTHS)

/** SPEC §9 densities. */
export const IMAGE_DENSITIES = [1, 2] as const

/** The smallest SPEC §9 preset at least `px` wide (the largest when none is). */
export function presetWidth(px: number): number {
  return PRESET_WIDTHS.find((width) => width >= px) ?? LARGEST_PRESET
}

/**
 * The variant an image URL asks for: `w` snapped up to a preset (xs 320 … 2xl 1536; 2xl when
 * absent), `dpr` 1 or 2. Null for a malformed value. Every URL maps onto one of 12 variants.
 */
export function imageVariant(w: string | undefined, dpr: string | undefined): { preset: number; density: 1 | 2; pixels: number } | null {
  if (w !== undefined && !/^[1-9][0-9]{0,4}$/.test(w)) return null
  if (dpr !== undefined && dpr !== '1' && dpr !== '2') return null
  const preset = presetWidth(w === undefined ? LARGEST_PRESET : Number(w))
  const density = dpr === '2' ? 2 : 1
  return { preset, density, pixels: preset * density }
}

/**
 * src and srcSet for an API image shown `cssWidth` pixels wide, at densities 1 and 2 (SPEC §9):
 * 1x is the preset that covers it; 2x the preset that covers twice that, or, past the largest
 * preset, that preset at density 2. Servers and caches see few distinct variants.
 */
export function imageSources(url: string, cssWidth: number): { src: string; srcSet: string } {
  const one = presetWidth(cssWidth)
  const sep = url.includes('?') ? '&' : '?'
  const src = `${url}${sep}w=${one}`
  const two = cssWidth * 2 <= LARGEST_PRESET ? `${url}${sep}w=${presetWidth(cssWidth * 2)}` : `${url}${sep}w=${one}&dpr=2`
  return { src, srcSet: `${src} 1x, ${two} 2x` }
}
