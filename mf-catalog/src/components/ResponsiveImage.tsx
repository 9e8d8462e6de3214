import { imageSources } from '@koma/contracts/domain'
import type { CSSObject } from '@emotion/react'

interface Art {
  url: string
  width: number
  height: number
}

/**
 * Art with a different image for large screens (SPEC §3 largeScreenImageUrl): a square banner on
 * phones, the wide one from the tablet breakpoint up. Each source carries its own size, so the
 * box is reserved before either loads.
 */
export function ResponsiveImage({
  small,
  large,
  alt,
  eager = false,
  priority = false,
  style,
}: {
  small: Art
  large: Art | null
  alt: string
  eager?: boolean
  /** The page's largest paint (the first home banner): fetched before every other image (implies eager). */
  priority?: boolean
  style?: CSSObject
}) {
  const phone = imageSources(small.url, 390)
  const wide = large ? imageSources(large.url, 640) : null
  return (
    <picture css={{ display: 'block' }}>
      {wide && large ? <source media="(min-width: 768px)" srcSet={wide.srcSet} width={large.width} height={large.height} /> : null}
      <img
        src={phone.src}
        srcSet={phone.srcSet}
        width={small.width}
        height={small.height}
        alt={alt}
        loading={eager || priority ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : undefined}
        css={{ display: 'block', width: '100%', height: 'auto', background: '#eee', ...style }}
      />
    </picture>
  )
}
