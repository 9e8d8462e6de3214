import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { insertAll, insertReturningIds } from './batch'
import type { ContentPlan } from './catalogue'
import type { ImageBank } from './images'
import { LANGS } from './lang'
import { itemAt, withIds } from './lists'
import { AUTHORS } from './texts/authors'
import { GENRE_CODES, GENRE_NAMES } from './texts/genres'

export interface WrittenCatalogue {
  contentIds: number[]
  /** Per content, its chapter ids in sort order. */
  chapterIds: number[][]
  counts: { genres: number; authors: number; contents: number; chapters: number; pages: number }
}

/** Genres, authors, contents with their texts, credits and images, chapters with texts and pages. */
export async function writeCatalogue(db: Kysely<Database>, plans: ContentPlan[], bank: ImageBank, now: Date): Promise<WrittenCatalogue> {
  const genreIds = await insertReturningIds(
    db,
    'genres',
    GENRE_CODES.map((code) => ({ code })),
  )
  const genreId = new Map(withIds(GENRE_CODES, genreIds, 'genres'))
  await insertAll(
    db,
    'genre_texts',
    GENRE_CODES.flatMap((code) => LANGS.map((lang) => ({ genre_id: genreId.get(code) as number, lang, name: GENRE_NAMES[code][lang] }))),
  )

  // An author row is only an id: one DEFAULT VALUES insert each.
  const authorIds: number[] = []
  for (let i = 0; i < AUTHORS.length; i++) {
    const row = await db.insertInto('authors').defaultValues().returning('id').executeTakeFirstOrThrow()
    authorIds.push(Number(row.id))
  }
  await insertAll(
    db,
    'author_texts',
    withIds(AUTHORS, authorIds, 'authors').flatMap(([author, authorId]) => LANGS.map((lang) => ({ author_id: authorId, lang, name: author.name[lang] }))),
  )

  const contentIds = await insertReturningIds(
    db,
    'contents',
    plans.map((plan) => ({
      type: plan.type,
      orientation: plan.orientation,
      reading_direction: plan.readingDirection,
      chapter_unit: plan.chapterUnit,
      chapter_file_format: 'image' as const,
      status: plan.status,
      badge: plan.badge,
      mature: plan.spec.mature ?? false,
      original: plan.spec.original ?? false,
      exclusive: plan.spec.exclusive ?? false,
      theme_color: plan.themeColor,
      total_views: plan.totalViews,
      restricted_age: plan.spec.mature ? 18 : 0,
      publish_days: plan.publishDays,
      publisher_name: plan.publisherName,
      comment_enabled: true,
      // Vertical gauge comics carry ads (an app-only way to read; the web says so, SPEC §1).
      ads_enabled: plan.gaugeUsable && plan.spec.kind === 'webtoon',
      gauge_usable: plan.gaugeUsable,
      recover_interval: 82_800,
      rental_period: 259_200,
      chapter_thumbnail_aspect: 1,
      published_at: plan.publishedAt,
      last_chapter_published_at: plan.lastChapterPublishedAt,
      created_at: new Date(Math.min(plan.publishedAt.getTime(), now.getTime()) - 14 * 86_400_000),
    })),
  )
  const contents = withIds(plans, contentIds, 'contents')
  await insertAll(
    db,
    'content_texts',
    contents.flatMap(([plan, contentId]) => LANGS.map((lang) => ({ content_id: contentId, lang, ...plan.texts[lang] }))),
  )
  await insertAll(
    db,
    'content_authors',
    contents.flatMap(([plan, contentId]) =>
      plan.credits.map((credit, sort) => ({ content_id: contentId, author_id: itemAt(authorIds, credit.author, 'author id'), role: credit.role, sort })),
    ),
  )
  await insertAll(
    db,
    'content_genres',
    contents.flatMap(([plan, contentId]) => plan.genres.map((genre) => ({ content_id: contentId, genre_id: genreId.get(genre) as number }))),
  )
  await insertAll(
    db,
    'content_images',
    contents.flatMap(([plan, contentId]) => [
      { content_id: contentId, type: 'cover' as const, image_id: bank.id(plan.cover), sort: 0 },
      { content_id: contentId, type: 'key_visual' as const, image_id: bank.id(plan.keyVisual), sort: 0 },
      ...(plan.featured === null ? [] : [{ content_id: contentId, type: 'cover_featured' as const, image_id: bank.id(plan.featured), sort: 0 }]),
      ...(plan.banner === null ? [] : [{ content_id: contentId, type: 'banner' as const, image_id: bank.id(plan.banner), sort: 0 }]),
    ]),
  )

  const chapters = contents.flatMap(([plan, contentId]) => plan.chapters.map((chapter) => ({ chapter, contentId })))
  const ids = await insertReturningIds(
    db,
    'chapters',
    chapters.map(({ chapter: c, contentId }) => ({
      content_id: contentId,
      volume_id: c.volumeId,
      sort: c.sort,
      published_at: c.publishedAt,
      has_trial: c.hasTrial,
      aborted: c.aborted,
      free: c.free,
      price: c.price,
      original_price: c.originalPrice,
      coin_back_price: 0,
      rental_price: c.rentalPrice,
      original_rental_price: c.originalRentalPrice,
      rent_allowed_with: c.rentAllowedWith,
      purchase_allowed_with: c.purchaseAllowedWith,
      thumbnail_image_id: bank.id(c.thumbnail),
    })),
  )
  await insertAll(
    db,
    'chapter_texts',
    withIds(chapters, ids, 'chapters').flatMap(([{ chapter }, chapterId]) =>
      LANGS.map((lang) => ({ chapter_id: chapterId, lang, name: chapter.name[lang], author_comment: chapter.authorComment?.[lang] ?? null })),
    ),
  )
  const pages = withIds(chapters, ids, 'chapters').flatMap(([{ chapter }, chapterId]) => [
    ...chapter.pages.map((image, p) => ({ chapter_id: chapterId, sales_type: 'product' as const, sort: p + 1, image_id: bank.id(image) })),
    ...chapter.trialPages.map((image, p) => ({ chapter_id: chapterId, sales_type: 'trial' as const, sort: p + 1, image_id: bank.id(image) })),
  ])
  await insertAll(db, 'chapter_pages', pages, 1000)

  // `ids` are the chapters of every plan in turn: cut them back into one list per plan.
  const chapterIds: number[][] = []
  let next = 0
  for (const plan of plans) {
    chapterIds.push(ids.slice(next, next + plan.chapters.length))
    next += plan.chapters.length
  }
  return {
    contentIds,
    chapterIds,
    counts: { genres: genreIds.length, authors: authorIds.length, contents: contentIds.length, chapters: ids.length, pages: pages.length },
  }
}
