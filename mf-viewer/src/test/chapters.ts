import type { Chapter } from '@koma/contracts'

/** Chapters the viewer's screen tests open (the API's answer, as the viewer reads it). */

/** A free episode's sales: no price, nothing to rent or buy with. */
export const FREE_SALES = {
  free: true,
  rentableRemained: null,
  rentAllowedWith: [],
  purchaseAllowedWith: [],
  event: null,
  originalPrice: -1,
  price: -1,
  coinBackPrice: 0,
  originalRentalPrice: -1,
  rentalPrice: -1,
}

/** A webtoon episode: a tall page served in two bands and a short one; the next episode is free. */
export const WEBTOON: Chapter = {
  id: 12,
  contentId: 5,
  contentType: 'comic',
  mature: false,
  contentName: 'Moonlit Blade Princess',
  name: 'Episode 2',
  salesType: 'product',
  publishedAt: '2026-11-01T00:00:00.000Z',
  orientation: 'vertical',
  readingDirection: 'ttb',
  chapterFileFormat: 'image',
  images: [
    {
      url: '/api/image/1',
      width: 1440,
      height: 3200,
      tiles: [
        { url: '/api/image/1/tile/0/2', width: 1440, height: 1600 },
        { url: '/api/image/1/tile/1/2', width: 1440, height: 1600 },
      ],
    },
    { url: '/api/image/2', width: 1440, height: 1200 },
  ],
  authorComment: null,
  previousChapter: null,
  nextChapter: { id: 13, name: 'Episode 3', salesConfig: FREE_SALES, activity: { unlocked: false, rented: false, rentRemained: 0 } },
  totalComments: 0,
  commentEnabled: false,
  progress: null,
}

/** `count` portrait pages of a paged episode, `/api/image/1` on. */
export const portraitPages = (count: number) => Array.from({ length: count }, (_, i) => ({ url: `/api/image/${i + 1}`, width: 800, height: 1200 }))
