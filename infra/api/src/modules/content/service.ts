import {
  NO_ACTIVITY,
  type ChapterSummary,
  type ContentDetail,
  type ContentType,
  type Locale,
  type PaymentKind,
  type SalesConfig,
} from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import type { Selectable } from 'kysely'
import type { AppDeps } from '../../deps'
import type { ChaptersTable } from '../../db/schema'
import { acceptMatureRequired, HttpError, notFound } from '../../http/errors'
import { imageUrl } from '../image/urls'
import { chapterActivities, lastReadChapterId } from '../access/service'
import { memberInventory } from '../catalog/inventory'
import { memberHasFlag } from '../catalog/library'
import { matureAccepted } from '../member/maturity'
import { sessionMember } from '../member/session'
import { contentSummaries } from './queries'
import { FALLBACK_LANGS, pickLocalized } from './texts'

type ChapterRow = Selectable<ChaptersTable>

export function salesConfigOf(row: ChapterRow): SalesConfig {
  return {
    free: row.free,
    rentableRemained: null,
    rentAllowedWith: row.rent_allowed_with as PaymentKind[],
    purchaseAllowedWith: row.purchase_allowed_with as PaymentKind[],
    event: null,
    originalPrice: row.original_price,
    price: row.price,
    coinBackPrice: row.coin_back_price,
    originalRentalPrice: row.original_rental_price,
    rentalPrice: row.rental_price,
  }
}

async function findContent(deps: AppDeps, type: ContentType, id: number) {
  const content = await deps.db.selectFrom('contents').selectAll().where('id', '=', id).where('type', '=', type).executeTakeFirst()
  if (!content) throw new HttpError(404, 'comicNotFound')
  return content
}

/** GET /{type}/{id}: the episode list's title and chapters in the reader's language. */
export async function contentDetail(deps: AppDeps, req: FastifyRequest, type: ContentType, id: number, locale: Locale): Promise<ContentDetail> {
  const content = await findContent(deps, type, id)
  if (content.mature && !(await matureAccepted(deps, req))) throw acceptMatureRequired()
  const langs = FALLBACK_LANGS(locale)
  const [summaries, texts, chapters] = await Promise.all([
    contentSummaries(deps, [id], locale),
    deps.db.selectFrom('content_texts').selectAll().where('content_id', '=', id).where('lang', 'in', langs).execute(),
    deps.db.selectFrom('chapters').selectAll().where('content_id', '=', id).orderBy('sort', 'asc').execute(),
  ])
  const chapterIds = chapters.map((chapter) => chapter.id)
  const memberId = (await sessionMember(deps, req))?.memberId ?? null
  const [chapterTexts, thumbs, commentCounts, activities, lastRead, inventory, subscribed] = await Promise.all([
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
    chapterIds.length
      ? deps.db
          .selectFrom('comments')
          .select(['chapter_id', (eb) => eb.fn.countAll<number>().as('count')])
          .where('chapter_id', 'in', chapterIds)
          .where('deleted_at', 'is', null)
          .groupBy('chapter_id')
          .execute()
      : [],
    chapterActivities(deps, memberId, chapterIds),
    lastReadChapterId(deps, memberId, id),
    memberInventory(deps, memberId, { id, gauge_usable: content.gauge_usable, recover_interval: content.recover_interval }),
    memberHasFlag(deps, 'library_subscriptions', memberId, id),
  ])
  const summary = summaries.get(id)
  if (!summary) throw notFound()
  const text = pickLocalized(texts, () => id, locale).get(id)
  const chapterName = pickLocalized(chapterTexts, (row) => row.chapter_id, locale)
  const thumbById = new Map(thumbs.map((row) => [row.id, row]))
  const comments = new Map(commentCounts.map((row) => [row.chapter_id, Number(row.count)]))
  const keyVisual = summary.thumbnails.find((thumbnail) => thumbnail.type === 'key_visual') ?? null

  const chapterSummaries: ChapterSummary[] = chapters.map((chapter) => {
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
  }
}
