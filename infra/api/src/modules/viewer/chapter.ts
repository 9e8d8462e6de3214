import {
  chapterReleased,
  NO_ACTIVITY,
  tileHeights,
  type Chapter,
  type ChapterEpub,
  type ChapterFileSalesType,
  type ContentType,
  type Locale,
  type PageImage,
} from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import { chapterActivities } from '../access/service'
import { salesConfigOf } from '../titles/sales'
import { FALLBACK_LANGS, pickLocalized } from '../titles/texts'
import { imageUrl } from '../image/urls'
import { signedPageUrl } from '../image/signing'
import { readableChapter } from './access'
import { chapterCommentCount } from '../comment/queries'
import { chapterEpubRow } from './epub/publication'
import { savedProgress } from './progress'

/**
 * A page, with its bands when it is a tall strip (light to decode on a phone). Its URLs are
 * signed (image/signing.ts): only a reader the chapter call let in ever gets them.
 */
export function pageImage(deps: AppDeps, id: number, width: number, height: number): PageImage {
  const bands = tileHeights(width, height)
  const page: PageImage = { url: signedPageUrl(deps, id), width, height }
  if (bands.length > 1)
    page.tiles = bands.map((bandHeight, index) => ({ url: signedPageUrl(deps, id, `/tile/${index}/${bands.length}`), width, height: bandHeight }))
  return page
}

/**
 * GET /{type}/{id}/chapter/{chapterId}/{salesType}: the chapter's pages (or its EPUB's outline),
 * only when the reader may read them (see readableChapter), with the neighbours, the next
 * chapter's access state for the end of the chapter, and where the reader left off.
 */
export async function chapterView(
  deps: AppDeps,
  req: FastifyRequest,
  input: { type: ContentType; contentId: number; chapterId: number; salesType: ChapterFileSalesType; locale: Locale },
): Promise<Chapter> {
  const { content, chapter, member, activity } = await readableChapter(deps, req, input)
  const langs = FALLBACK_LANGS(input.locale)
  const [pages, texts, contentTexts, neighbours, commentCount, progress, epub] = await Promise.all([
    deps.db
      .selectFrom('chapter_pages as p')
      .innerJoin('images as i', 'i.id', 'p.image_id')
      // Issue 37: what the page shows, in the reader's language, for screen readers.
      .leftJoin('page_descriptions as d', (join) => join.onRef('d.image_id', '=', 'p.image_id').on('d.lang', '=', input.locale))
      .select(['i.id', 'i.width', 'i.height', 'd.description'])
      .where('p.chapter_id', '=', chapter.id)
      .where('p.sales_type', '=', input.salesType)
      .orderBy('p.sort', 'asc')
      .execute(),
    deps.db.selectFrom('chapter_texts').selectAll().where('chapter_id', '=', chapter.id).where('lang', 'in', langs).execute(),
    deps.db.selectFrom('content_texts').select(['content_id', 'lang', 'name']).where('content_id', '=', content.id).where('lang', 'in', langs).execute(),
    deps.db
      .selectFrom('chapters')
      .selectAll()
      .where('content_id', '=', content.id)
      .where('sort', 'in', [chapter.sort - 1, chapter.sort + 1])
      .execute(),
    chapterCommentCount(deps.db, chapter.id),
    member ? savedProgress(deps, member.memberId, chapter.id) : Promise.resolve(null),
    content.chapter_file_format === 'epub' ? chapterEpubRow(deps, chapter.id, input.salesType) : Promise.resolve(null),
  ])
  // The next chapter may be scheduled for later (issue 17): then there is no next chapter yet.
  const released = neighbours.filter((row) => chapterReleased(content.status, row.published_at, deps.clock.now()))
  const neighbourIds = released.map((row) => Number(row.id))
  const [neighbourTexts, neighbourThumbs, neighbourActivity] = await Promise.all([
    neighbourIds.length
      ? deps.db.selectFrom('chapter_texts').select(['chapter_id', 'lang', 'name']).where('chapter_id', 'in', neighbourIds).where('lang', 'in', langs).execute()
      : [],
    neighbourIds.length
      ? deps.db
          .selectFrom('chapters as c')
          .innerJoin('images as i', 'i.id', 'c.thumbnail_image_id')
          .select(['c.id', 'i.id as imageId', 'i.width', 'i.height'])
          .where('c.id', 'in', neighbourIds)
          .execute()
      : [],
    chapterActivities(deps, member?.memberId ?? null, neighbourIds),
  ])
  const neighbourName = pickLocalized(neighbourTexts, (row) => Number(row.chapter_id), input.locale)
  const neighbour = (sort: number, detailed: boolean): Chapter['nextChapter'] => {
    const row = released.find((candidate) => candidate.sort === sort)
    if (!row) return null
    const id = Number(row.id)
    const base = { id, name: neighbourName.get(id)?.name ?? '' }
    if (!detailed) return base
    const thumb = neighbourThumbs.find((candidate) => Number(candidate.id) === id)
    return {
      ...base,
      thumbnail: thumb ? { url: imageUrl(Number(thumb.imageId)), width: thumb.width, height: thumb.height } : null,
      hasTrial: row.has_trial,
      aborted: row.aborted,
      salesConfig: salesConfigOf(row),
      activity: neighbourActivity.get(id) ?? NO_ACTIVITY,
    }
  }
  const text = pickLocalized(texts, () => chapter.id, input.locale).get(chapter.id)
  const epubOutline: ChapterEpub | null = epub
    ? { layout: epub.layout, readingProgression: epub.readingProgression, language: epub.language, positions: epub.positions.length }
    : null
  return {
    id: Number(chapter.id),
    contentId: Number(content.id),
    contentType: content.type,
    mature: content.mature,
    contentName: pickLocalized(contentTexts, () => content.id, input.locale).get(content.id)?.name ?? '',
    name: text?.name ?? '',
    salesType: input.salesType,
    publishedAt: new Date(chapter.published_at).toISOString(),
    orientation: content.orientation,
    readingDirection: content.reading_direction,
    chapterFileFormat: content.chapter_file_format,
    images: pages.map((page) => {
      const image = pageImage(deps, Number(page.id), page.width, page.height)
      return page.description ? { ...image, description: page.description } : image
    }),
    authorComment: text?.author_comment ?? null,
    previousChapter: neighbour(chapter.sort - 1, false),
    nextChapter: neighbour(chapter.sort + 1, true),
    totalComments: commentCount,
    commentEnabled: content.comment_enabled,
    hasTrial: chapter.has_trial,
    aborted: chapter.aborted,
    activity,
    epub: epubOutline,
    progress,
  }
}
