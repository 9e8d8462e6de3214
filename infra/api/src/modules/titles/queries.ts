import type { Author, Badge, ContentSummary, CreatorRole, Locale, Thumbnail } from '@koma/contracts/server'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { AppDeps } from '../../deps'
import { imageUrl } from '../image/urls'
import { FALLBACK_LANGS, pickLocalized } from './texts'

/**
 * The titles readers may see (issue 17): one an operator hid is unknown to every reader call
 * (home, lists, rankings, search, library, its pages answer 404 as for no such title) until it
 * is unhidden. Reader queries of `contents` start here, or add `hidden_at is null` to their join.
 */
export const readerTitles = (db: Kysely<Database>) => db.selectFrom('contents').where('contents.hidden_at', 'is', null)

/** Summaries of many titles at once (lists, home): four queries whatever the count. */
export async function contentSummaries(deps: AppDeps, ids: readonly number[], locale: Locale): Promise<Map<number, ContentSummary>> {
  const result = new Map<number, ContentSummary>()
  if (ids.length === 0) return result
  const { db } = deps
  const langs = FALLBACK_LANGS(locale)
  const [contents, texts, authors, genres, images] = await Promise.all([
    // A hidden title is left out: every list built from summaries skips it.
    readerTitles(db).selectAll().where('id', 'in', ids).execute(),
    db.selectFrom('content_texts').select(['content_id', 'lang', 'name']).where('content_id', 'in', ids).where('lang', 'in', langs).execute(),
    db
      .selectFrom('content_authors as ca')
      .innerJoin('author_texts as at', 'at.author_id', 'ca.author_id')
      .select(['ca.content_id', 'ca.author_id', 'ca.role', 'ca.sort', 'at.lang', 'at.name'])
      .where('ca.content_id', 'in', ids)
      .where('at.lang', 'in', langs)
      .execute(),
    db
      .selectFrom('content_genres as cg')
      .innerJoin('genre_texts as gt', 'gt.genre_id', 'cg.genre_id')
      .select(['cg.content_id', 'cg.genre_id', 'gt.lang', 'gt.name'])
      .where('cg.content_id', 'in', ids)
      .where('gt.lang', 'in', langs)
      .execute(),
    db
      .selectFrom('content_images as ci')
      .innerJoin('images as i', 'i.id', 'ci.image_id')
      .select(['ci.content_id', 'ci.type', 'ci.sort', 'ci.image_id', 'i.width', 'i.height'])
      .where('ci.content_id', 'in', ids)
      .execute(),
  ])
  const name = pickLocalized(texts, (row) => row.content_id, locale)
  const authorRows = pickLocalized(authors, (row) => `${row.content_id}:${row.author_id}:${row.role}`, locale)
  const genreRows = pickLocalized(genres, (row) => `${row.content_id}:${row.genre_id}`, locale)
  for (const content of contents) {
    const contentAuthors: Author[] = [...authorRows.values()]
      .filter((row) => row.content_id === content.id)
      .sort((a, b) => a.sort - b.sort)
      .map((row) => ({ name: row.name, role: row.role as CreatorRole }))
    const thumbnails: Thumbnail[] = images
      .filter((row) => row.content_id === content.id)
      .sort((a, b) => a.sort - b.sort)
      .map((row) => ({ type: row.type, url: imageUrl(row.image_id), width: row.width, height: row.height, sort: row.sort }))
    result.set(content.id, {
      type: content.type,
      id: content.id,
      name: name.get(content.id)?.name ?? '',
      badge: (content.badge as Badge | null) ?? null,
      status: content.status,
      mature: content.mature,
      original: content.original,
      exclusive: content.exclusive,
      themeColor: content.theme_color,
      totalViews: Number(content.total_views),
      genres: [...genreRows.values()].filter((row) => row.content_id === content.id).map((row) => ({ name: row.name })),
      authors: contentAuthors,
      thumbnails,
      orientation: content.orientation,
      chapterFileFormat: content.chapter_file_format,
    })
  }
  return result
}

/**
 * Comments shown per chapter: live comments (not deleted, not hidden) of live members, as the
 * comment list counts them (a deleted member's comments are no longer shown, nor counted).
 */
export function chapterCommentCounts(deps: AppDeps, chapterIds: readonly number[]) {
  return deps.db
    .selectFrom('comments as cm')
    .innerJoin('members as m', 'm.id', 'cm.member_id')
    .select(['cm.chapter_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('cm.chapter_id', 'in', chapterIds)
    .where('cm.deleted_at', 'is', null)
    .where('cm.hidden_at', 'is', null)
    .where('m.deleted_at', 'is', null)
    .groupBy('cm.chapter_id')
    .execute()
}
