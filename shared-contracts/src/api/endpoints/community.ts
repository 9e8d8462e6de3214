import type { Comment, Page } from '../../domain/types'
import { endpoint, type ContentParams, type None } from '../endpoint'

/** A member as the community areas show them (comment lists, the user page, mutes). */
export interface CommentAuthor {
  userId: number
  nickname: string
  avatarImageUrl: string | null
}

/** SPEC §3: a report category from configuration, with its label in the reader's language. */
export interface ReportCategory {
  code: string
  label: string
}

/** SPEC §3 configuration lists (commentIssues, contentIssues). */
export interface ReportConfig {
  commentIssues: ReportCategory[]
  contentIssues: ReportCategory[]
}

export interface CommentList {
  comments: Comment[]
  totalComments: number
  page: Page
}

export type CommentParams = { commentId: string }
/** Report payload (SPEC §3): the category is in the path, the description optional. */
export type ReportBody = { message?: string }
export interface ReportReceipt {
  reported: boolean
  /** False when this member had already reported it (answered with 208, SPEC §8). */
  created: boolean
}

/** Comments, likes, reports, mutes. */
export const communityEndpoints = {
  /** Newest or most liked first; hides what the caller reported and the members the caller muted. */
  chapterComments: endpoint<ContentParams & { chapterId: string }, { pageNo?: string; order?: 'newest' | 'likes' }, None, CommentList>(
    'GET',
    '/comment/:type/:id/:chapterId',
  ),
  postComment: endpoint<ContentParams & { chapterId: string }, None, { comment: string }, { comment: Comment; totalComments: number }>(
    'POST',
    '/comment/:type/:id/:chapterId',
  ),
  deleteComment: endpoint<CommentParams, None, None, { deleted: boolean; totalComments: number }>('DELETE', '/comment/item/:commentId'),
  likeComment: endpoint<CommentParams, None, None, { liked: boolean; likes: number }>('POST', '/comment/item/:commentId/like'),
  unlikeComment: endpoint<CommentParams, None, None, { liked: boolean; likes: number }>('DELETE', '/comment/item/:commentId/like'),
  reportComment: endpoint<CommentParams & { category: string }, None, ReportBody, ReportReceipt>('POST', '/comment/item/:commentId/report/:category'),
  /** SPEC §7 content report: POST …/report/{category} (issue). */
  reportContent: endpoint<ContentParams & { chapterId: string; category: string }, None, ReportBody, ReportReceipt>(
    'POST',
    '/:type/:id/chapter/:chapterId/report/:category',
  ),
  reportConfig: endpoint<None, None, None, ReportConfig>('GET', '/report/config'),
  muteUser: endpoint<{ userId: string }, None, None, { muted: boolean }>('POST', '/comment/mute/:userId'),
  unmuteUser: endpoint<{ userId: string }, None, None, { muted: boolean }>('DELETE', '/comment/mute/:userId'),
  mutedUsers: endpoint<None, None, None, { users: (CommentAuthor & { mutedAt: string })[] }>('GET', '/comment/mute'),
  /** SPEC §7 GET /comment/history/author/{x}: a member's public comments (/comment/user/{authorUserId}). */
  authorComments: endpoint<{ authorUserId: string }, { pageNo?: string }, None, CommentList & { author: CommentAuthor & { muted: boolean; mine: boolean } }>(
    'GET',
    '/comment/history/author/:authorUserId',
  ),
  /** The caller's own comments (/account/comment/history). */
  commentHistory: endpoint<None, { pageNo?: string }, None, CommentList>('GET', '/comment/history'),
} as const
