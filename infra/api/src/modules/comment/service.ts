import {
  COMMENT_ISSUES,
  COMMENT_RATE_LIMIT,
  commentRateCheck,
  CONTENT_ISSUES,
  LOCALE_TAGS,
  text,
  type Comment,
  type CommentIssue,
  type CommentList,
  type ContentIssue,
  type ContentType,
  type Locale,
  type ReportConfig,
  type ReportType,
  type TextKey,
} from '@koma/contracts/server'
import { commentFormSchema, reportSchema } from '@koma/contracts/validation'
import type { FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { checked } from '../../http/checked'
import { imageUrl } from '../image/urls'
import { requireMatureReader } from '../session/maturity'
import { chapterCommentCount, COMMENT_PAGE_SIZE, commentRows, commentTargets, countRows, toComment, type CommentRow } from './queries'

/** Every comment and content issue code has a label (a new code without one fails to compile). */
const ISSUE_LABELS: Record<CommentIssue | ContentIssue, TextKey> = {
  unpleasant: 'issueUnpleasant',
  spam: 'issueSpam',
  personal_information: 'issuePersonalInformation',
  sexual_violence: 'issueSexualViolence',
  inappropriate_solicitation: 'issueInappropriateSolicitation',
  other: 'issueOther',
  aspect: 'issueAspect',
  caption: 'issueCaption',
  image: 'issueImage',
  order: 'issueOrder',
  name: 'issueName',
}

/** SPEC §3 configuration: the report category lists, labelled in the reader's language. */
export function reportConfig(locale: Locale): ReportConfig {
  const labelled = (codes: readonly (CommentIssue | ContentIssue)[]) => codes.map((code) => ({ code, label: text(ISSUE_LABELS[code], locale) }))
  return { commentIssues: labelled(COMMENT_ISSUES), contentIssues: labelled(CONTENT_ISSUES) }
}

/**
 * A published chapter of a title of that type, or 404. With the caller's request, a mature title's
 * chapter also needs a reader who may read it (its comments are part of it: 451 / 428).
 */
export async function findChapter(deps: AppDeps, type: ContentType, contentId: number, chapterId: number, req?: FastifyRequest) {
  const chapter = await deps.db
    .selectFrom('chapters as ch')
    .innerJoin('contents as c', 'c.id', 'ch.content_id')
    .select(['ch.id', 'c.id as contentId', 'c.comment_enabled', 'c.mature'])
    .where('ch.id', '=', chapterId)
    .where('c.id', '=', contentId)
    .where('c.type', '=', type)
    .where('c.hidden_at', 'is', null)
    .where('ch.published_at', '<=', deps.clock.now())
    .executeTakeFirst()
  if (!chapter) throw apiError('chapterNotFound')
  if (chapter.mature && req) await requireMatureReader(deps, req)
  return { id: Number(chapter.id), contentId: Number(chapter.contentId), commentEnabled: chapter.comment_enabled }
}

export async function chapterComments(
  deps: AppDeps,
  viewerId: number | null,
  input: { type: ContentType; contentId: number; chapterId: number; order: 'newest' | 'likes'; pageNo: number },
  req: FastifyRequest,
): Promise<CommentList> {
  const chapter = await findChapter(deps, input.type, input.contentId, input.chapterId, req)
  let list = commentRows(deps.db, viewerId).where('cm.chapter_id', '=', chapter.id)
  list = input.order === 'likes' ? list.orderBy('cm.like_count', 'desc').orderBy('cm.id', 'desc') : list.orderBy('cm.id', 'desc')
  const [rows, total] = await Promise.all([
    list
      .limit(COMMENT_PAGE_SIZE + 1)
      .offset((input.pageNo - 1) * COMMENT_PAGE_SIZE)
      .execute(),
    countRows(deps.db, viewerId).where('cm.chapter_id', '=', chapter.id).executeTakeFirstOrThrow(),
  ])
  return {
    comments: rows.slice(0, COMMENT_PAGE_SIZE).map((row) => toComment(row as CommentRow, viewerId)),
    totalComments: Number(total.count),
    page: { hasNext: rows.length > COMMENT_PAGE_SIZE, currentPageNo: input.pageNo, seqNo: null },
  }
}

/**
 * Post a comment (SPEC §5: required, max 400; white space alone is empty). Stored exactly as
 * written. Rate-limited per member by the API clock; the member's row is locked so two posts
 * at once cannot both slip under the limit.
 */
export async function postComment(
  deps: AppDeps,
  memberId: number,
  input: { type: ContentType; contentId: number; chapterId: number; body: unknown; locale: Locale },
  req: FastifyRequest,
): Promise<{ comment: Comment; totalComments: number }> {
  const chapter = await findChapter(deps, input.type, input.contentId, input.chapterId, req)
  if (!chapter.commentEnabled) throw apiError('commentsDisabled')
  const now = deps.clock.now()
  await refuseMutedAuthor(deps, memberId, now, input.locale)
  const form = checked(commentFormSchema, input.body, input.locale) as { comment: string }
  const id = await deps.db.transaction().execute(async (trx) => {
    await trx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().executeTakeFirst()
    const recent = await trx
      .selectFrom('comments')
      .select('created_at')
      .where('member_id', '=', memberId)
      .where('created_at', '>', new Date(now.getTime() - COMMENT_RATE_LIMIT.windowMs))
      .orderBy('created_at', 'desc')
      .limit(COMMENT_RATE_LIMIT.maxInWindow)
      .execute()
    const rate = commentRateCheck(
      recent.map((row) => row.created_at),
      now,
    )
    if (!rate.allowed) throw apiError('commentTooFast', { seconds: Math.ceil(rate.retryAfterMs / 1000) })
    const row = await trx
      .insertInto('comments')
      .values({ content_id: chapter.contentId, chapter_id: chapter.id, member_id: memberId, body: form.comment, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    return Number(row.id)
  })
  const [row, totalComments] = await Promise.all([
    commentRows(deps.db, memberId).where('cm.id', '=', id).executeTakeFirstOrThrow(),
    chapterCommentCount(deps.db, chapter.id),
  ])
  return { comment: toComment(row as CommentRow, memberId), totalComments }
}

/** An operator muted this member's commenting (issue 17): 403 saying until when. */
async function refuseMutedAuthor(deps: AppDeps, memberId: number, now: Date, locale: Locale): Promise<void> {
  const row = await deps.db.selectFrom('members').select('comment_muted_until').where('id', '=', memberId).executeTakeFirst()
  const until = row?.comment_muted_until ? new Date(row.comment_muted_until) : null
  if (until && until.getTime() > now.getTime()) {
    const time = new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    }).format(until)
    throw apiError('commentMuted', { time })
  }
}

/** A live comment, or 404 (ids that are not ours to know about answer the same). */
async function liveComment(deps: AppDeps, commentId: number) {
  const row = await deps.db
    .selectFrom('comments as cm')
    .innerJoin('members as m', 'm.id', 'cm.member_id')
    .select(['cm.id', 'cm.member_id', 'cm.chapter_id'])
    .where('cm.id', '=', commentId)
    .where('cm.deleted_at', 'is', null)
    .where('cm.hidden_at', 'is', null)
    .where('m.deleted_at', 'is', null)
    .executeTakeFirst()
  if (!row) throw apiError('commentNotFound')
  return { id: Number(row.id), memberId: Number(row.member_id), chapterId: Number(row.chapter_id) }
}

/** Only the author deletes a comment; another member's crafted request is a 403. */
export async function deleteComment(deps: AppDeps, memberId: number, commentId: number): Promise<{ deleted: boolean; totalComments: number }> {
  const comment = await liveComment(deps, commentId)
  if (comment.memberId !== memberId) throw apiError('commentNotYours')
  const result = await deps.db
    .updateTable('comments')
    .set({ deleted_at: deps.clock.now() })
    .where('id', '=', comment.id)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) throw apiError('commentNotFound')
  return { deleted: true, totalComments: await chapterCommentCount(deps.db, comment.chapterId) }
}

/** SPEC §4: liked once per member. A second like is a 409; the count moves with the like row. */
export async function likeComment(deps: AppDeps, memberId: number, commentId: number): Promise<{ liked: boolean; likes: number }> {
  const comment = await liveComment(deps, commentId)
  return deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('comment_likes')
      .values({ comment_id: comment.id, member_id: memberId, created_at: deps.clock.now() })
      .onConflict((oc) => oc.columns(['comment_id', 'member_id']).doNothing())
      .returning('comment_id')
      .executeTakeFirst()
    if (!inserted) throw apiError('commentAlreadyLiked')
    const row = await trx
      .updateTable('comments')
      .set((eb) => ({ like_count: eb('like_count', '+', 1) }))
      .where('id', '=', comment.id)
      .returning('like_count')
      .executeTakeFirstOrThrow()
    return { liked: true, likes: Number(row.like_count) }
  })
}

export async function unlikeComment(deps: AppDeps, memberId: number, commentId: number): Promise<{ liked: boolean; likes: number }> {
  const comment = await liveComment(deps, commentId)
  return deps.db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('comment_likes')
      .where('comment_id', '=', comment.id)
      .where('member_id', '=', memberId)
      .returning('comment_id')
      .executeTakeFirst()
    if (!removed) throw apiError('commentNotLiked')
    const row = await trx
      .updateTable('comments')
      .set((eb) => ({ like_count: eb.fn('greatest', [eb('like_count', '-', 1), eb.lit(0)]) }))
      .where('id', '=', comment.id)
      .returning('like_count')
      .executeTakeFirstOrThrow()
    return { liked: false, likes: Number(row.like_count) }
  })
}

function reportForm(type: ReportType, category: string | undefined, body: unknown, locale: Locale): { category: string; message: string } {
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined
  return checked(reportSchema(type), { category, ...(message === undefined ? {} : { message }) }, locale) as { category: string; message: string }
}

/**
 * SPEC §4: a reported comment is hidden for its reporter at once and queued for moderation. A
 * second report by the same member is "already reported" (208), not a new queue entry.
 */
export async function reportComment(
  deps: AppDeps,
  memberId: number,
  input: { commentId: number; category: string | undefined; body: unknown; locale: Locale },
): Promise<{ created: boolean }> {
  const form = reportForm('comment', input.category, input.body, input.locale)
  const comment = await liveComment(deps, input.commentId)
  if (comment.memberId === memberId) throw apiError('commentOwnReport')
  const row = await deps.db
    .insertInto('comment_reports')
    .values({ comment_id: comment.id, reporter_id: memberId, category: form.category, message: form.message, created_at: deps.clock.now() })
    .onConflict((oc) => oc.columns(['comment_id', 'reporter_id']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return { created: Boolean(row) }
}

/** SPEC §7 content report: POST /{type}/{id}/chapter/{chapterId}/report/{category}. */
export async function reportContent(
  deps: AppDeps,
  memberId: number,
  input: { type: ContentType; contentId: number; chapterId: number; category: string | undefined; body: unknown; locale: Locale },
): Promise<{ created: boolean }> {
  const chapter = await findChapter(deps, input.type, input.contentId, input.chapterId)
  const form = reportForm('content', input.category, input.body, input.locale)
  const row = await deps.db
    .insertInto('content_reports')
    .values({
      content_id: chapter.contentId,
      chapter_id: chapter.id,
      reporter_id: memberId,
      category: form.category,
      message: form.message,
      created_at: deps.clock.now(),
    })
    .onConflict((oc) => oc.columns(['chapter_id', 'reporter_id', 'category']).where('status', '=', 'queued').doNothing())
    .returning('id')
    .executeTakeFirst()
  return { created: Boolean(row) }
}

/** A member others can see (not a guest, not deleted), or 404. */
export async function findAuthor(deps: AppDeps, userId: number) {
  const row = await deps.db
    .selectFrom('members')
    .select(['id', 'nickname', 'avatar_image_id'])
    .where('id', '=', userId)
    .where('guest', '=', false)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!row) throw apiError('userNotFound')
  return row
}

export async function muteUser(deps: AppDeps, memberId: number, userId: number): Promise<{ muted: boolean }> {
  if (userId === memberId) throw apiError('muteSelf')
  await findAuthor(deps, userId)
  await deps.db
    .insertInto('member_mutes')
    .values({ muter_id: memberId, muted_id: userId, created_at: deps.clock.now() })
    .onConflict((oc) => oc.columns(['muter_id', 'muted_id']).doNothing())
    .execute()
  return { muted: true }
}

export async function unmuteUser(deps: AppDeps, memberId: number, userId: number): Promise<{ muted: boolean }> {
  await deps.db.deleteFrom('member_mutes').where('muter_id', '=', memberId).where('muted_id', '=', userId).execute()
  return { muted: false }
}

/** A member's comments, newest first, with where each was written. */
async function memberComments(deps: AppDeps, viewerId: number | null, authorId: number, pageNo: number, locale: Locale): Promise<CommentList> {
  const [rows, total] = await Promise.all([
    commentRows(deps.db, viewerId)
      .where('cm.member_id', '=', authorId)
      .orderBy('cm.id', 'desc')
      .limit(COMMENT_PAGE_SIZE + 1)
      .offset((pageNo - 1) * COMMENT_PAGE_SIZE)
      .execute(),
    countRows(deps.db, viewerId).where('cm.member_id', '=', authorId).executeTakeFirstOrThrow(),
  ])
  const shown = rows.slice(0, COMMENT_PAGE_SIZE) as CommentRow[]
  const targets = await commentTargets(deps.db, shown, locale)
  return {
    comments: shown.map((row) => toComment(row, viewerId, targets.get(Number(row.id)))),
    totalComments: Number(total.count),
    page: { hasNext: rows.length > COMMENT_PAGE_SIZE, currentPageNo: pageNo, seqNo: null },
  }
}

export async function authorComments(deps: AppDeps, viewerId: number | null, authorId: number, pageNo: number, locale: Locale) {
  const author = await findAuthor(deps, authorId)
  const muted =
    viewerId !== null &&
    Boolean(await deps.db.selectFrom('member_mutes').select('muted_id').where('muter_id', '=', viewerId).where('muted_id', '=', authorId).executeTakeFirst())
  // A muted member's comments stay hidden on their page too (the visibility rule drops them all).
  const list = await memberComments(deps, viewerId, Number(author.id), pageNo, locale)
  return {
    ...list,
    author: {
      userId: Number(author.id),
      nickname: author.nickname,
      avatarImageUrl: author.avatar_image_id ? imageUrl(Number(author.avatar_image_id)) : null,
      muted,
      mine: viewerId === Number(author.id),
    },
  }
}

export function commentHistory(deps: AppDeps, memberId: number, pageNo: number, locale: Locale): Promise<CommentList> {
  return memberComments(deps, memberId, memberId, pageNo, locale)
}

export async function mutedUsers(deps: AppDeps, memberId: number) {
  const rows = await deps.db
    .selectFrom('member_mutes as mu')
    .innerJoin('members as m', 'm.id', 'mu.muted_id')
    .select(['m.id', 'm.nickname', 'm.avatar_image_id', 'mu.created_at'])
    .where('mu.muter_id', '=', memberId)
    .where('m.deleted_at', 'is', null)
    .orderBy('mu.created_at', 'desc')
    .execute()
  return {
    users: rows.map((row) => ({
      userId: Number(row.id),
      nickname: row.nickname,
      avatarImageUrl: row.avatar_image_id ? imageUrl(Number(row.avatar_image_id)) : null,
      mutedAt: new Date(row.created_at).toISOString(),
    })),
  }
}
