import { imageQualityNow, type ImageQuality, type ViewerSettings } from '@koma/contracts'
import { presetWidth } from '@koma/contracts/domain'

/**
 * src and srcSet for a page shown `cssWidth` CSS pixels wide, by the image quality setting:
 * high offers the SPEC §9 densities 1 and 2; data-saving only 1. The API answers WebP when
 * the browser accepts it.
 */
export function pageSources(url: string, cssWidth: number, quality: ImageQuality): { src: string; srcSet: string | undefined } {
  const at = (width: number) => `${url}${url.includes('?') ? '&' : '?'}w=${width}`
  const one = presetWidth(cssWidth)
  if (quality === 'data_saving') return { src: at(one), srcSet: undefined }
  return { src: at(one), srcSet: `${at(one)} 1x, ${at(presetWidth(cssWidth * 2))} 2x` }
}

/** The URL the browser will pick for a density: what the paged viewer decodes ahead. */
export function pageUrlFor(
  url: string,
  cssWidth: number,
  quality: ImageQuality,
  dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1,
): string {
  const { src } = pageSources(url, cssWidth, quality)
  if (quality === 'data_saving' || dpr < 1.5) return src
  return `${url}${url.includes('?') ? '&' : '?'}w=${presetWidth(cssWidth * 2)}`
}

export const qualityFor = (settings: ViewerSettings): ImageQuality => imageQualityNow(settings)
