import { afterFirstPaintIdle, api, endpoints, type Chapter, type ImageQuality } from '@koma/contracts'
import { stripUrlFor } from './images'

const warmed = new Set<string>()

/**
 * Fetch the next chapter's first images before the reader gets there, so the next chapter
 * paints at once. Locked chapters simply fail quietly (nothing is shown for a prefetch).
 */
export function prefetchChapter(chapter: Chapter, quality: ImageQuality, cssWidth: number, images = 2): void {
  const next = chapter.nextChapter
  if (!next || typeof Image === 'undefined') return
  const key = `${chapter.contentType}:${chapter.contentId}:${next.id}`
  if (warmed.has(key)) return
  warmed.add(key)
  // Never before this chapter's own first images are in, and only when the page is idle (issue 34).
  afterFirstPaintIdle(() => fetchFirstImages(chapter, next.id, key, quality, cssWidth, images))
}

function fetchFirstImages(chapter: Chapter, nextId: number, key: string, quality: ImageQuality, cssWidth: number, images: number): void {
  void api
    .request(endpoints.chapter, {
      params: { type: chapter.contentType, id: String(chapter.contentId), chapterId: String(nextId), salesType: 'product' },
      policy: { silent: true },
    })
    .then((upcoming) => {
      for (const image of upcoming.images.flatMap((page) => page.tiles ?? [page]).slice(0, images)) {
        const element = new Image()
        element.decoding = 'async'
        element.src = stripUrlFor(image.url, cssWidth, quality)
      }
    })
    .catch(() => warmed.delete(key))
}
