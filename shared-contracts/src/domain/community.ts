/**
 * Community rules (SPEC §4 comments, §5 comment and report validation, §9 limits): the API and
 * the browser decide the same way with these.
 */

/** SPEC §5, §9: a comment is required and at most 400 characters. */
export const COMMENT_MAX = 400

/** SPEC §3 comment issue categories (configuration commentIssues). */
export const COMMENT_ISSUES = ['unpleasant', 'spam', 'personal_information', 'sexual_violence', 'inappropriate_solicitation', 'other'] as const
export type CommentIssue = (typeof COMMENT_ISSUES)[number]

/** SPEC §3 content issue categories (configuration contentIssues). */
export const CONTENT_ISSUES = ['aspect', 'caption', 'image', 'order', 'name', 'other'] as const
export type ContentIssue = (typeof CONTENT_ISSUES)[number]

export type ReportType = 'comment' | 'content'

export const isCommentIssue = (value: unknown): value is CommentIssue => typeof value === 'string' && (COMMENT_ISSUES as readonly string[]).includes(value)
export const isContentIssue = (value: unknown): value is ContentIssue => typeof value === 'string' && (CONTENT_ISSUES as readonly string[]).includes(value)

/** SPEC §5: the optional description sent with a report. */
export const REPORT_MESSAGE_MAX = 400

/** SPEC §5, §9: clicking send without a category shows this notification for 2 s. */
export const REPORT_CATEGORY_NOTIFICATION_MS = 2000

/** Characters, as a reader counts them (code points: an emoji is one, not two). */
export function commentLength(text: string): number {
  return Array.from(text).length
}

/** White space of any kind, including the ideographic space and invisible zero-width marks (`\s` holds U+FEFF). */
const BLANK = /^[\s\u200b-\u200d\u2060\u180e]*$/u
/** C0 control characters other than tab and line breaks, and DEL: never part of a comment. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/u

export type CommentProblem = 'required' | 'tooLong' | 'characters'

/**
 * What is wrong with a comment's text, or null when it may be posted. Text is stored as written:
 * nothing is trimmed or rewritten, but a comment with only white space counts as empty.
 */
export function commentProblem(text: string | null | undefined): CommentProblem | null {
  if (text == null || BLANK.test(text)) return 'required'
  if (commentLength(text) > COMMENT_MAX) return 'tooLong'
  if (CONTROL.test(text)) return 'characters'
  return null
}

/**
 * Posting is rate-limited per member (by the API clock): at most one comment every 10 seconds,
 * and 10 in any 10 minutes. Deleted comments count: deleting does not buy another post.
 */
export const COMMENT_RATE_LIMIT = { minIntervalMs: 10_000, windowMs: 10 * 60_000, maxInWindow: 10 } as const

/**
 * Whether a member may post now, given when their recent comments were posted (any order).
 * `retryAfterMs` is how long until the next post is allowed (0 when allowed).
 */
export function commentRateCheck(recent: readonly (Date | string | number)[], now: Date | number): { allowed: boolean; retryAfterMs: number } {
  const at = typeof now === 'number' ? now : now.getTime()
  const times = recent
    .map((value) => (value instanceof Date ? value.getTime() : typeof value === 'number' ? value : new Date(value).getTime()))
    .filter((time) => time > at - COMMENT_RATE_LIMIT.windowMs)
    .sort((a, b) => b - a)
  let wait = 0
  const latest = times[0]
  if (latest !== undefined) wait = Math.max(wait, latest + COMMENT_RATE_LIMIT.minIntervalMs - at)
  // The oldest of the last maxInWindow posts must leave the window first.
  const oldestCounted = times[COMMENT_RATE_LIMIT.maxInWindow - 1]
  if (oldestCounted !== undefined) wait = Math.max(wait, oldestCounted + COMMENT_RATE_LIMIT.windowMs - at)
  return { allowed: wait <= 0, retryAfterMs: Math.max(0, wait) }
}
