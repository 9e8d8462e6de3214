import {
  NO_ACTIVITY,
  type ChapterSummary,
  type ChapterUnit,
  type ContentDetail,
  type ContentType,
  type EpisodeUnitList,
  type Locale,
  chapterReleased,
  volumesOf,
} from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { imageUrl } from '../image/urls'
import { chapterActivities, lastReadChapterId } from '../access/service'
import { salesConfigOf } from '../titles/sales'
import { memberInventory } from '../coin/inventory'
import { memberHasFlag } from '../catalog/library'
import { requireMatureReader } from '../session/maturity'
import { sessionMember } from '../session/session'
import { chapterCommentCounts, contentSummaries, readerTitles } from '../titles/queries'
import { FALLBACK_LANGS, pickLocalized } from '../titles/texts'

async function findContent(deps: AppDeps, type: ContentType, id: number) {
  const content = await readerTitles(deps.db).selectAll().where('id', '=', id).where('type', '=', type).executeTakeFirst()
  if (!content) throw apiError('comicNotFound')
  return content
}

type ContentRow = Awaited<ReturnType<typeof findContent>>

/**
 * A title's released chapters in the reader's language with the reader's access state, their
 * inventory for the title and last-read chapter: the part GET /{type}/{id} and
 * GET /{type}/{id}/{unit} share.
 */
async function episodeChapters(deps: AppDeps, req: FastifyRequest, content: ContentRow, locale: Locale) {
  const id = content.id
  const langs = FALLBACK_LANGS(locale)
  const allChapters = await deps.db.selectFrom('chapters').selectAll().where('content_id', '=', id).orderBy('sort', 'asc').execute()
  // A chapter scheduled by an operator appears when the clock passes its time (issue 17).
  const now = deps.clock.now()
  const chapters = allChapters.filter((chapter) => chapterReleased(content.status, chapter.published_at, now))
  const chapterIds = chapters.map((chapter) => chapter.id)
  const memberId = (await sessionMember(deps, req))?.memberId ?? null
  const [chapterTexts, thumbs, commentCounts, activities, lastRead, inventory] = await Promise.all([
    chapterIds.length
      ? deps.db.selectFrom('chapter_texts').select(['chapter_id', 'lang', 'name']).where('chapter_id', 'in', chapterIds).where('lang', 'in', langs).execute()
      : [],
    chapterIds.length
      ? deps.db
          .selectFrom('chapters as c')
          .innerJoin('images as i', 'i.id', 'c.thumbnail_image_id')
          .select(['c.id', 'i.id as imageId', 'i.width', 'i.height'])
          .where('c.id', 'in', chapterIds)
          .execute()
      : [],
    chapterIds.length ? chapterCommentCounts(deps, chapterIds) : [],
    chapterActivities(deps, memberId, chapterIds),
    lastReadChapterId(deps, memberId, id),
    memberInventory(deps, memberId, { id, gauge_usable: content.gauge_usable, recover_interval: content.recover_interval }),
  ])
  const chapterName = pickLocalized(chapterTexts, (row) => row.chapter_id, locale)
  const thumbById = new Map(thumbs.map((row) => [row.id, row]))
  const comments = new Map(commentCounts.map((row) => [row.chapter_id, Number(row.count)]))
  const summaries: ChapterSummary[] = chapters.map((chapter) => {
    const thumb = thumbById.get(chapter.id)
    return {
      id: chapter.id,
      volumeId: chapter.volume_id,
      name: chapterName.get(chapter.id)?.name ?? '',
      publishedAt: new Date(chapter.published_at).toISOString(),
      sort: chapter.sort,
      thumbnail: thumb ? { url: imageUrl(thumb.imageId), width: thumb.width, height: thumb.height } : null,
      hasTrial: chapter.has_trial,
      aborted: chapter.aborted,
      totalComments: comments.get(chapter.id) ?? 0,
      salesConfig: salesConfigOf(chapter),
      activity: activities.get(chapter.id) ?? NO_ACTIVITY,
    }
  })
  return { memberId, chapters: summaries, lastRead, inventory }
}

/** GET /{type}/{id}/{unit}: the title's episodes alone, in a unit (SPEC §3 chapterUnit). */
export async function contentUnitList(
  deps: AppDeps,
  req: FastifyRequest,
  type: ContentType,
  id: number,
  unit: ChapterUnit,
  locale: Locale,
): Promise<EpisodeUnitList> {
  const content = await findContent(deps, type, id)
  if (content.mature) await requireMatureReader(deps, req)
  const { chapters, lastRead, inventory } = await episodeChapters(deps, req, content, locale)
  return {
    type,
    id,
    unit,
    chapterUnit: content.chapter_unit,
    chapters,
    volumes: unit === 'volume' ? volumesOf(chapters) : [],
    inventory,
    activity: { lastReadChapterId: lastRead },
  }
}

/** GET /{type}/{id}: the episode list's title and chapters in the reader's language. */
export async function contentDetail(deps: AppDeps, req: FastifyRequest, type: ContentType, id: number, locale: Locale): Promise<ContentDetail> {
  const content = await findContent(deps, type, id)
  if (content.mature) await requireMatureReader(deps, req)
  const langs = FALLBACK_LANGS(locale)
  const [summaries, texts, episodes] = await Promise.all([
    contentSummaries(deps, [id], locale),
    deps.db.selectFrom('content_texts').selectAll().where('content_id', '=', id).where('lang', 'in', langs).execute(),
    episodeChapters(deps, req, content, locale),
  ])
  const { chapters: chapterSummaries, lastRead, inventory } = episodes
  const subscribed = await memberHasFlag(deps, 'library_subscriptions', episodes.memberId, id)
  const summary = summaries.get(id)
  if (!summary) throw apiError('notFound')
  const text = pickLocalized(texts, () => id, locale).get(id)
  const described = await describedThroughout(
    deps,
    chapterSummaries.map((chapter) => chapter.id),
    locale,
  )
  const keyVisual = summary.thumbnails.find((thumbnail) => thumbnail.type === 'key_visual') ?? null

  return {
    ...summary,
    chapterUnit: content.chapter_unit,
    description: text?.description ?? '',
    searchKeyword: text?.search_keyword ?? '',
    icon: null,
    keyVisual,
    adsEnabled: content.ads_enabled,
    commentEnabled: content.comment_enabled,
    lastChapterPublishedAt: content.last_chapter_published_at ? new Date(content.last_chapter_published_at).toISOString() : null,
    rentExpireAt: null,
    rentalConfig: { gaugeUsable: content.gauge_usable, recoverInterval: content.recover_interval, rentalPeriod: content.rental_period },
    restrictedAge: content.restricted_age,
    publishDay: content.publish_days,
    publisherName: content.publisher_name,
    readingDirection: content.reading_direction,
    chapterThumbnailAspect: content.chapter_thumbnail_aspect,
    sns: { link: `/${type}/${id}`, tags: summary.genres.map((genre) => genre.name), text: text?.sns_text || summary.name },
    activity: { lastReadChapterId: lastRead },
    inventory,
    chapters: chapterSummaries,
    subscribed,
    described,
  }
}

/**
 * Issue 37: a title is described throughout when its released chapters have pages and every one
 * of them has a description in the reader's language (a novel's EPUB chapters have no page images).
 */
export async function describedThroughout(deps: AppDeps, chapterIds: readonly number[], locale: Locale): Promise<boolean> {
  if (!chapterIds.length) return false
  const row = await deps.db
    .selectFrom('chapter_pages as p')
    .leftJoin('page_descriptions as d', (join) => join.onRef('d.image_id', '=', 'p.image_id').on('d.lang', '=', locale))
    .select((eb) => [eb.fn.countAll<string>().as('pages'), eb.fn.count<string>('d.image_id').as('described')])
    .where('p.chapter_id', 'in', [...chapterIds])
    .where('p.sales_type', '=', 'product')
    .executeTakeFirst()
  const pages = Number(row?.pages ?? 0)
  return pages > 0 && Number(row?.described ?? 0) === pages
}
