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

/** How a comic page is drawn: `src` for browsers without srcset, `srcSet` and `sizes` for the rest. */
export interface PageSources {
  src: string
  srcSet: string | undefined
  sizes: string | undefined
}

/** The vertical strip's column: a phone's full width, at most this many CSS pixels. */
export const STRIP_MAX_WIDTH = 720

const withWidth = (url: string, width: number) => `${url}${url.includes('?') ? '&' : '?'}w=${width}`

/** Every preset from `from` up, as srcset width candidates. */
const widthCandidates = (url: string, from: number) =>
  PRESET_WIDTHS.filter((width) => width >= from)
    .map((width) => `${withWidth(url, width)} ${width}w`)
    .join(', ')

/**
 * A strip band (SPEC §9 presets), drawn the column's width. The browser picks the preset from
 * the screen's width and density (srcset width candidates and sizes), so the markup is the same
 * on every screen: the edge can draw it (issue 13) and the first image starts with the HTML.
 * Data saving (SPEC §4 image quality): one image at density 1 for the column it is drawn in.
 */
export function stripPageSources(url: string, dataSaving: boolean, columnWidth = STRIP_MAX_WIDTH): PageSources {
  if (dataSaving) return { src: withWidth(url, presetWidth(Math.min(columnWidth, STRIP_MAX_WIDTH))), srcSet: undefined, sizes: undefined }
  return {
    src: withWidth(url, presetWidth(STRIP_MAX_WIDTH)),
    srcSet: widthCandidates(url, IMAGE_PRESETS.sm),
    sizes: `(max-width: ${STRIP_MAX_WIDTH}px) 100vw, ${STRIP_MAX_WIDTH}px`,
  }
}

/**
 * A page of the paged viewer: as wide as the screen allows (half of it in a two-page spread),
 * or as the screen's height allows at its proportions. Said in `sizes`, so the markup is the
 * same on every screen, as for the strip.
 */
export function spreadPageSources(
  url: string,
  width: number,
  height: number,
  pagesOnScreen: 1 | 2,
  dataSaving: boolean,
  screen?: { width: number; height: number },
): PageSources {
  const tallness = height > 0 ? width / height : 1
  if (dataSaving) {
    const drawn = screen ? Math.min(screen.width / pagesOnScreen, screen.height * tallness) : 390
    return { src: withWidth(url, presetWidth(drawn)), srcSet: undefined, sizes: undefined }
  }
  return {
    src: withWidth(url, presetWidth(1024)),
    srcSet: widthCandidates(url, IMAGE_PRESETS.xs),
    sizes: `min(${100 / pagesOnScreen}vw, ${(tallness * 100).toFixed(2)}vh)`,
  }
}

/**
 * The candidate a browser takes from width candidates for an image drawn `cssWidth` wide at a
 * density (the smallest preset covering the device pixels): what the viewers fetch ahead of time.
 */
export function pickedPageUrl(sources: PageSources, cssWidth: number, density: number): string {
  if (!sources.srcSet) return sources.src
  const candidates = sources.srcSet.split(', ').map((candidate) => {
    const [url = '', width = '0w'] = candidate.split(' ')
    return { url, width: Number.parseInt(width, 10) }
  })
  const wanted = cssWidth * density
  return (candidates.find((candidate) => candidate.width >= wanted) ?? candidates[candidates.length - 1])?.url ?? sources.src
}

/** The formats images are sent in, best first (issue 34): AVIF where the browser takes it, WebP next, JPEG last. */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]

/** Where an image is shown, for the variants worth encoding ahead of time (issue 34). */
export type ImageUse = 'page' | 'artwork'

/**
 * The pixel widths the site asks for an image (what `imageSources`, `stripPageSources` and
 * `spreadPageSources` can put in a URL), so the job queue encodes those ahead of time and nothing
 * else. A chapter page: every preset (each is a width candidate of the strip or the paged
 * viewer, and data saving picks one from xs up); densities are in the candidates' widths. Other
 * artwork (covers, thumbnails, banners, key visuals): the presets up to the one covering its own
 * width (nothing is drawn wider than its artwork at density 2), and 2xl at density 2 for artwork
 * 1280 pixels wide or more (a key visual drawn past 768 CSS pixels asks `w=1536&dpr=2`).
 */
export function askedPixelWidths(use: ImageUse, intrinsicWidth: number): number[] {
  if (use === 'page') return [...PRESET_WIDTHS]
  const cover = presetWidth(intrinsicWidth)
  const widths = PRESET_WIDTHS.filter((width) => width <= cover)
  if (intrinsicWidth >= IMAGE_PRESETS.xl) widths.push(LARGEST_PRESET * 2)
  return widths
}
