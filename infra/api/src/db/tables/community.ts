import type { ColumnType, Generated } from 'kysely'
import type { Timestamp, CreatedAt } from './columns'

export interface CommentsTable {
  id: Generated<number>
  content_id: number
  chapter_id: number
  member_id: number
  body: string
  like_count: ColumnType<number, number | undefined, number>
  created_at: CreatedAt
  deleted_at: Timestamp | null
}

/** One like per member and comment (0500). */
export interface CommentLikesTable {
  comment_id: number
  member_id: number
  created_at: CreatedAt
}

/** A member's report of a comment: hidden for the reporter at once, queued for moderation (0500). */
export interface CommentReportsTable {
  id: Generated<number>
  comment_id: number
  reporter_id: number
  category: string
  message: ColumnType<string, string | undefined, string>
  status: ColumnType<'queued' | 'kept' | 'removed', 'queued' | 'kept' | 'removed' | undefined, 'queued' | 'kept' | 'removed'>
  created_at: CreatedAt
}

/** The muter no longer sees the muted member's comments (0500). */
export interface MemberMutesTable {
  muter_id: number
  muted_id: number
  created_at: CreatedAt
}

/** SPEC §7 content report: POST …/report/{category} (0500). */
export interface ContentReportsTable {
  id: Generated<number>
  content_id: number
  chapter_id: number
  reporter_id: number
  category: string
  message: ColumnType<string, string | undefined, string>
  status: ColumnType<'queued' | 'resolved', 'queued' | 'resolved' | undefined, 'queued' | 'resolved'>
  created_at: CreatedAt
}

/** Comments, likes, reports, mutes. */
export interface CommunityTables {
  comments: CommentsTable
  comment_likes: CommentLikesTable
  comment_reports: CommentReportsTable
  member_mutes: MemberMutesTable
  content_reports: ContentReportsTable
}
