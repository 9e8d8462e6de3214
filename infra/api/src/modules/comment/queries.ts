import { sql, type Kysely, type SqlBool } from 'kysely'
import type { Comment, CommentTarget, ContentType, Locale } from '@koma/contracts/server'
import type { Database } from '../../db/schema'
import { imageUrl } from '../image/urls'
import { FALLBACK_LANGS } from '../titles/texts'

export const COMMENT_PAGE_SIZE = 20

/**
 * What one reader does not see: comments they reported (hidden for them at once) and every
 * comment of a member they muted. `cm` is the comments alias of the query.
 */
export function visibleTo(viewerId: number | null) {
  if (viewerId === null) return sql<SqlBool>`true`
  return sql<SqlBool>`not exists (select 1 from comment_reports r where r.comment_id = cm.id and r.reporter_id = ${viewerId})
    and not exists (select 1 from member_mutes mu where mu.muter_id = ${viewerId} and mu.muted_id = cm.member_id)`
}

/** Comments on a title an operator hid (issue 17) are gone with it, from the histories too. */
const onShownTitle = sql<SqlBool>`not exists (select 1 from contents hc where hc.id = cm.content_id and hc.hidden_at is not null)`

const likedBy = (viewerId: number | null) =>
  viewerId === null ? sql<boolean>`false` : sql<boolean>`exists (select 1 from comment_likes l where l.comment_id = cm.id and l.member_id = ${viewerId})`

/** The select every comment list shares: live comments (not deleted, not hidden by an operator) of live members, with the viewer's like. */
export function commentRows(db: Kysely<Database>, viewerId: number | null) {
  return db
    .selectFrom('comments as cm')
    .innerJoin('members as m', 'm.id', 'cm.member_id')
    .select(['cm.id', 'cm.member_id', 'cm.content_id', 'cm.chapter_id', 'cm.body', 'cm.like_count', 'cm.created_at', 'm.nickname', 'm.avatar_image_id'])
    .select(likedBy(viewerId).as('liked'))
    .where('cm.deleted_at', 'is', null)
    .where('cm.hidden_at', 'is', null)
    .where('m.deleted_at', 'is', null)
    .where(onShownTitle)
    .where(visibleTo(viewerId))
}

export function countRows(db: Kysely<Database>, viewerId: number | null) {
  return db
    .selectFrom('comments as cm')
    .innerJoin('members as m', 'm.id', 'cm.member_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('cm.deleted_at', 'is', null)
    .where('cm.hidden_at', 'is', null)
    .where('m.deleted_at', 'is', null)
    .where(onShownTitle)
    .where(visibleTo(viewerId))
}

export interface CommentRow {
  id: number
  member_id: number
  content_id: number
  chapter_id: number
  body: string
  like_count: number
  created_at: Date | string
  nickname: string
  avatar_image_id: number | null
  liked: boolean
}

export function toComment(row: CommentRow, viewerId: number | null, target?: CommentTarget): Comment {
  return {
    id: Number(row.id),
    authorUserId: Number(row.member_id),
    nickname: row.nickname,
    avatarImageUrl: row.avatar_image_id ? imageUrl(Number(row.avatar_image_id)) : null,
    body: row.body,
    likes: Number(row.like_count),
    liked: Boolean(row.liked),
    mine: viewerId !== null && viewerId === Number(row.member_id),
    createdAt: new Date(row.created_at).toISOString(),
    ...(target ? { target } : {}),
  }
}

/** Titles and episode names for comments shown outside their chapter, in the reader's language (or a fallback). */
export async function commentTargets(db: Kysely<Database>, rows: readonly CommentRow[], locale: Locale): Promise<Map<number, CommentTarget>> {
  const targets = new Map<number, CommentTarget>()
  if (!rows.length) return targets
  const langs = FALLBACK_LANGS(locale)
  const contentIds = [...new Set(rows.map((row) => Number(row.content_id)))]
  const chapterIds = [...new Set(rows.map((row) => Number(row.chapter_id)))]
  const [contents, contentTexts, chapterTexts] = await Promise.all([
    db.selectFrom('contents').select(['id', 'type']).where('id', 'in', contentIds).execute(),
    db.selectFrom('content_texts').select(['content_id', 'lang', 'name']).where('content_id', 'in', contentIds).where('lang', 'in', langs).execute(),
    db.selectFrom('chapter_texts').select(['chapter_id', 'lang', 'name']).where('chapter_id', 'in', chapterIds).where('lang', 'in', langs).execute(),
  ])
  const pick = <T extends { lang: string; name: string }>(candidates: T[]): string =>
    [...candidates].sort((a, b) => langs.indexOf(a.lang as Locale) - langs.indexOf(b.lang as Locale))[0]?.name ?? ''
  const typeOf = new Map(contents.map((row) => [Number(row.id), row.type as ContentType]))
  for (const row of rows) {
    const contentId = Number(row.content_id)
    const chapterId = Number(row.chapter_id)
    targets.set(Number(row.id), {
      contentType: typeOf.get(contentId) ?? 'comic',
      contentId,
      chapterId,
      contentName: pick(contentTexts.filter((text) => Number(text.content_id) === contentId)),
      chapterName: pick(chapterTexts.filter((text) => Number(text.chapter_id) === chapterId)),
    })
  }
  return targets
}

/**
 * Live comments of a chapter, everyone's count (the episode lists and the viewer show it): like
 * the lists, a deleted member's comments are no longer shown, so not counted either.
 */
export async function chapterCommentCount(db: Kysely<Database>, chapterId: number): Promise<number> {
  const row = await db
    .selectFrom('comments as cm')
    .innerJoin('members as m', 'm.id', 'cm.member_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('cm.chapter_id', '=', chapterId)
    .where('cm.deleted_at', 'is', null)
    .where('cm.hidden_at', 'is', null)
    .where('m.deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}
