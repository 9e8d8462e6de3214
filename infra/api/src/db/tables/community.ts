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

/** Comments. */
export interface CommunityTables {
  comments: CommentsTable
}
