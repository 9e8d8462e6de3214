import { IMAGE_PRESETS } from '../theme/tokens'

const PRESET_WIDTHS = Object.values(IMAGE_PRESETS) as number[]

/** The smallest SPEC §9 preset at least `px` wide (the largest when none is). */
export function presetWidth(px: number): number {
  return PRESET_WIDTHS.find((width) => width >= px) ?? PRESET_WIDTHS[PRESET_WIDTHS.length - 1]
}

/**
 * src and srcSet for an API image shown `cssWidth` pixels wide: densities 1 and 2 (SPEC §9),
 * each rounded up to a preset so the server and caches see few distinct sizes.
 */
export function imageSources(url: string, cssWidth: number): { src: string; srcSet: string } {
  const one = presetWidth(cssWidth)
  const two = presetWidth(cssWidth * 2)
  const at = (width: number) => `${url}${url.includes('?') ? '&' : '?'}w=${width}`
  return { src: at(one), srcSet: `${at(one)} 1x, ${at(two)} 2x` }
}
