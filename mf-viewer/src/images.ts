import type { ImageQuality, PageImage, ViewerSettings } from '@koma/contracts'
import { imageQualityNow } from '@koma/contracts/viewerSettings'
import { pickedPageUrl, spreadPageSources, stripPageSources, STRIP_MAX_WIDTH, type PageSources } from '@koma/contracts/domain'

/** This screen's density (1 where there is no screen: the edge drawing the page). */
const density = () => (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1)

/**
 * A strip band's sources by the image quality setting (SPEC §4): high lets the browser pick the
 * preset for its screen (the markup is the same everywhere, so the edge can draw it: issue 13);
 * data saving is one image at density 1 for the column it is drawn in.
 */
export const stripSources = (url: string, quality: ImageQuality, columnWidth = STRIP_MAX_WIDTH): PageSources =>
  stripPageSources(url, quality === 'data_saving', columnWidth)

/** The URL the browser takes for a band in a column this wide: what is fetched ahead of time. */
export const stripUrlFor = (url: string, columnWidth: number, quality: ImageQuality, dpr = density()): string =>
  pickedPageUrl(stripSources(url, quality, columnWidth), Math.min(columnWidth, STRIP_MAX_WIDTH), quality === 'data_saving' ? 1 : dpr)

/** A page of the paged viewer, one or two on screen, as for the strip. */
export const spreadSources = (image: PageImage, pagesOnScreen: 1 | 2, quality: ImageQuality, screen?: { width: number; height: number }): PageSources =>
  spreadPageSources(image.url, image.width, image.height, pagesOnScreen, quality === 'data_saving', screen)

/** The URL the browser takes for that page on this screen: what the paged viewer decodes ahead. */
export function spreadUrlFor(
  image: PageImage,
  pagesOnScreen: 1 | 2,
  screen: { width: number; height: number },
  quality: ImageQuality,
  dpr = density(),
): string {
  const drawn = Math.min(screen.width / pagesOnScreen, (screen.height * image.width) / Math.max(1, image.height))
  return pickedPageUrl(spreadSources(image, pagesOnScreen, quality, screen), drawn, quality === 'data_saving' ? 1 : dpr)
}

export const qualityFor = (settings: ViewerSettings): ImageQuality => imageQualityNow(settings)
