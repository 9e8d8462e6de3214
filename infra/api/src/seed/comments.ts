import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { insertAll } from './batch'
import type { ContentPlan } from './catalogue'
import { cycle, itemAt, withIds } from './lists'
import { READERS } from './members'
import { Rng } from './random'
import { READER_COMMENTS } from './texts/reader-comments'

const MINUTE = 60_000

export interface CommentTargets {
  plans: ContentPlan[]
  contentIds: number[]
  /** Chapter ids per content, in sort order. */
  chapterIds: number[][]
  readerIds: number[]
}

/**
 * Readers' comments under the first two episodes of the ten most-read series: 2 to 8 per
 * episode, each reader writing in their own language, over the last twelve days.
 */
export async function insertComments(db: Kysely<Database>, targets: CommentTargets, now: Date): Promise<number> {
  const rng = new Rng('koma-seed/comments')
  const titles = targets.plans
    .map((plan, index) => ({ plan, index }))
    .filter(({ plan }) => !plan.spec.mature && plan.status !== 'coming_soon' && plan.chapters.length >= 2)
    .sort((a, b) => b.plan.totalViews - a.plan.totalViews)
    .slice(0, 10)
  const rows: { content_id: number; chapter_id: number; member_id: number; body: string; like_count: number; created_at: Date }[] = []
  const readers = withIds(READERS, targets.readerIds, 'readers')
  for (const { index } of titles) {
    const contentId = itemAt(targets.contentIds, index, 'content id')
    for (const chapterId of itemAt(targets.chapterIds, index, 'chapter list').slice(0, 2)) {
      const count = rng.int(2, 8)
      // Every reader has their say once before anyone comments twice.
      const turns = rng.shuffle(readers)
      const used = new Set<string>()
      for (let i = 0; i < count; i++) {
        const [reader, readerId] = cycle(turns, i, 'reader')
        const options = READER_COMMENTS[reader.lang].filter((body) => !used.has(body))
        const body = rng.pick(options)
        used.add(body)
        rows.push({
          content_id: contentId,
          chapter_id: chapterId,
          member_id: readerId,
          body,
          like_count: rng.int(0, 40),
          created_at: new Date(now.getTime() - Math.round(rng.range(0.2, 12 * 24) * 60) * MINUTE),
        })
      }
    }
  }
  // Oldest first, so ids follow time as they would on a live site; no two at the same instant.
  rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
  let previous: Date | null = null
  for (const row of rows) {
    if (previous !== null && row.created_at.getTime() <= previous.getTime()) row.created_at = new Date(previous.getTime() + 1000)
    previous = row.created_at
  }
  await insertAll(db, 'comments', rows)
  return rows.length
}
