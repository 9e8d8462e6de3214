import { imageSources } from '@koma/contracts/domain'
import type { CSSObject } from '@emotion/react'

/**
 * An API image with its box reserved from width and height (no layout shift while it loads),
 * densities 1 and 2 at SPEC §9 presets, lazy unless it is above the fold. `priority` is for the
 * page's largest paint alone (a key visual, the first banner): fetched before every other image.
 */
export function ApiImage({
  url,
  width,
  height,
  cssWidth,
  alt,
  eager = false,
  priority = false,
  style,
}: {
  url: string
  width: number
  height: number
  /** How wide it is drawn, in CSS pixels, to pick the preset. */
  cssWidth: number
  alt: string
  eager?: boolean
  /** The page's largest paint: fetched first (implies eager). */
  priority?: boolean
  style?: CSSObject
}) {
  const { src, srcSet } = imageSources(url, cssWidth)
  return (
    <img
      src={src}
      srcSet={srcSet}
      width={width}
      height={height}
      alt={alt}
      loading={eager || priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      css={{ width: '100%', height: 'auto', aspectRatio: `${width} / ${height}`, objectFit: 'cover', background: '#eee', ...style }}
    />
  )
}
