import {
  chapterIsReadable,
  NO_ACTIVITY,
  type Chapter,
  type ChapterFileSalesType,
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
import { acceptMatureRequired, forbidden, HttpError, notFound, unauthorized } from '../../http/errors'
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

/**
 * GET /{type}/{id}/chapter/{chapterId}/{salesType}: the chapter's pages, only when the reader
 * may read them. Signed out and locked: 401 (the viewer offers sign-in); signed in and locked: 403.
 */
export async function chapterView(
  deps: AppDeps,
  req: FastifyRequest,
  input: { type: ContentType; contentId: number; chapterId: number; salesType: ChapterFileSalesType; locale: Locale },
): Promise<Chapter> {
  const content = await findContent(deps, input.type, input.contentId)
  const chapter = await deps.db
    .selectFrom('chapters')
    .selectAll()
    .where('id', '=', input.chapterId)
    .where('content_id', '=', input.contentId)
    .executeTakeFirst()
  if (!chapter) throw new HttpError(404, 'chapterNotFound')
  if (content.mature && !(await matureAccepted(deps, req))) throw acceptMatureRequired()
  const member = await sessionMember(deps, req)
  const activity = (await chapterActivities(deps, member?.memberId ?? null, [chapter.id])).get(chapter.id) ?? NO_ACTIVITY
  const readable = chapterIsReadable({ salesType: input.salesType, hasTrial: chapter.has_trial, salesConfig: salesConfigOf(chapter), activity })
  if (!readable) {
    if (input.salesType === 'trial') throw new HttpError(404, 'chapterNotFound')
    if (!member) throw unauthorized()
    throw forbidden('chapterLocked')
  }
  const langs = FALLBACK_LANGS(input.locale)
  const [pages, texts, contentTexts, neighbours, commentCount] = await Promise.all([
    deps.db
      .selectFrom('chapter_pages as p')
      .innerJoin('images as i', 'i.id', 'p.image_id')
      .select(['i.id', 'i.width', 'i.height'])
      .where('p.chapter_id', '=', chapter.id)
      .where('p.sales_type', '=', input.salesType)
      .orderBy('p.sort', 'asc')
      .execute(),
    deps.db.selectFrom('chapter_texts').selectAll().where('chapter_id', '=', chapter.id).where('lang', 'in', langs).execute(),
    deps.db.selectFrom('content_texts').select(['content_id', 'lang', 'name']).where('content_id', '=', content.id).where('lang', 'in', langs).execute(),
    deps.db
      .selectFrom('chapters')
      .select(['id', 'sort'])
      .where('content_id', '=', content.id)
      .where('sort', 'in', [chapter.sort - 1, chapter.sort + 1])
      .execute(),
    deps.db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('chapter_id', '=', chapter.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
  ])
  const neighbourIds = neighbours.map((row) => row.id)
  const neighbourTexts = neighbourIds.length
    ? await deps.db.selectFrom('chapter_texts').select(['chapter_id', 'lang', 'name']).where('chapter_id', 'in', neighbourIds).where('lang', 'in', langs).execute()
    : []
  const neighbourName = pickLocalized(neighbourTexts, (row) => row.chapter_id, input.locale)
  const neighbour = (sort: number) => {
    const row = neighbours.find((candidate) => candidate.sort === sort)
    return row ? { id: row.id, name: neighbourName.get(row.id)?.name ?? '' } : null
  }
  const text = pickLocalized(texts, () => chapter.id, input.locale).get(chapter.id)
  return {
    id: chapter.id,
    contentId: content.id,
    contentType: content.type,
    contentName: pickLocalized(contentTexts, () => content.id, input.locale).get(content.id)?.name ?? '',
    name: text?.name ?? '',
    salesType: input.salesType,
    publishedAt: new Date(chapter.published_at).toISOString(),
    orientation: content.orientation,
    readingDirection: content.reading_direction,
    chapterFileFormat: content.chapter_file_format,
    images: pages.map((page) => ({ url: imageUrl(page.id), width: page.width, height: page.height })),
    authorComment: text?.author_comment ?? null,
    previousChapter: neighbour(chapter.sort - 1),
    nextChapter: neighbour(chapter.sort + 1),
    totalComments: Number(commentCount?.count ?? 0),
    commentEnabled: content.comment_enabled,
  }
}
