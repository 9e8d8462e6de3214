import { imageSources, type PageImage } from '@koma/contracts'

/**
 * The webtoon strip: every page box reserves its size from width and height before its image
 * arrives, so nothing moves while the reader scrolls; the first pages load eagerly.
 */
export function VerticalStrip({ images, title }: { images: PageImage[]; title: string }) {
  return (
    <div data-testid="vertical-strip" css={{ maxWidth: 720, margin: '0 auto', background: '#fff' }}>
      {images.map((image, index) => {
        const { src, srcSet } = imageSources(image.url, 720)
        return (
          <img
            key={`${image.url}:${index}`}
            data-testid="page-image"
            src={src}
            srcSet={srcSet}
            width={image.width}
            height={image.height}
            alt={`${title} ${index + 1}`}
            loading={index < 2 ? 'eager' : 'lazy'}
            decoding="async"
            css={{ display: 'block', width: '100%', height: 'auto', aspectRatio: `${image.width} / ${image.height}`, background: '#f0f0f0' }}
          />
        )
      })}
    </div>
  )
}
