import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { insertAll } from './batch'
import type { ContentPlan } from './catalogue'
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
  for (const { index } of titles) {
    for (const chapterId of targets.chapterIds[index].slice(0, 2)) {
      const count = rng.int(2, 8)
      // Every reader has their say once before anyone comments twice.
      const turns = rng.shuffle(READERS.map((_, i) => i))
      const used = new Set<string>()
      for (let i = 0; i < count; i++) {
        const reader = turns[i % turns.length]
        const options = READER_COMMENTS[READERS[reader].lang].filter((body) => !used.has(body))
        const body = rng.pick(options)
        used.add(body)
        rows.push({
          content_id: targets.contentIds[index],
          chapter_id: chapterId,
          member_id: targets.readerIds[reader],
          body,
          like_count: rng.int(0, 40),
          created_at: new Date(now.getTime() - Math.round(rng.range(0.2, 12 * 24) * 60) * MINUTE),
        })
      }
    }
  }
  // Oldest first, so ids follow time as they would on a live site; no two at the same instant.
  rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
  for (let i = 1; i < rows.length; i++) {
    if (rows[i].created_at.getTime() <= rows[i - 1].created_at.getTime()) rows[i].created_at = new Date(rows[i - 1].created_at.getTime() + 1000)
  }
  await insertAll(db, 'comments', rows)
  return rows.length
}
