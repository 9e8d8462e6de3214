import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { insertAll, insertReturningIds } from './batch'
import type { ContentPlan } from './catalogue'
import type { ImageBank } from './images'
import { LANGS } from './lang'
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
  const genreId = new Map(GENRE_CODES.map((code, i) => [code, genreIds[i]]))
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
    AUTHORS.flatMap((author, i) => LANGS.map((lang) => ({ author_id: authorIds[i], lang, name: author.name[lang] }))),
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
  await insertAll(
    db,
    'content_texts',
    plans.flatMap((plan, i) => LANGS.map((lang) => ({ content_id: contentIds[i], lang, ...plan.texts[lang] }))),
  )
  await insertAll(
    db,
    'content_authors',
    plans.flatMap((plan, i) =>
      plan.credits.map((credit, sort) => ({ content_id: contentIds[i], author_id: authorIds[credit.author], role: credit.role, sort })),
    ),
  )
  await insertAll(
    db,
    'content_genres',
    plans.flatMap((plan, i) => plan.genres.map((genre) => ({ content_id: contentIds[i], genre_id: genreId.get(genre) as number }))),
  )
  await insertAll(
    db,
    'content_images',
    plans.flatMap((plan, i) => [
      { content_id: contentIds[i], type: 'cover' as const, image_id: bank.id(plan.cover), sort: 0 },
      { content_id: contentIds[i], type: 'key_visual' as const, image_id: bank.id(plan.keyVisual), sort: 0 },
      ...(plan.featured === null ? [] : [{ content_id: contentIds[i], type: 'cover_featured' as const, image_id: bank.id(plan.featured), sort: 0 }]),
      ...(plan.banner === null ? [] : [{ content_id: contentIds[i], type: 'banner' as const, image_id: bank.id(plan.banner), sort: 0 }]),
    ]),
  )

  const chapters = plans.flatMap((plan, i) => plan.chapters.map((chapter) => ({ chapter, contentId: contentIds[i] })))
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
    chapters.flatMap(({ chapter }, i) =>
      LANGS.map((lang) => ({ chapter_id: ids[i], lang, name: chapter.name[lang], author_comment: chapter.authorComment?.[lang] ?? null })),
    ),
  )
  const pages = chapters.flatMap(({ chapter }, i) => [
    ...chapter.pages.map((image, p) => ({ chapter_id: ids[i], sales_type: 'product' as const, sort: p + 1, image_id: bank.id(image) })),
    ...chapter.trialPages.map((image, p) => ({ chapter_id: ids[i], sales_type: 'trial' as const, sort: p + 1, image_id: bank.id(image) })),
  ])
  await insertAll(db, 'chapter_pages', pages, 1000)

  const chapterIds: number[][] = []
  let next = 0
  for (const plan of plans) chapterIds.push(plan.chapters.map(() => ids[next++]))
  return {
    contentIds,
    chapterIds,
    counts: { genres: genreIds.length, authors: authorIds.length, contents: contentIds.length, chapters: ids.length, pages: pages.length },
  }
}
