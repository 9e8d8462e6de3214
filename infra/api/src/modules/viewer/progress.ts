import { finishedProgress, parseReadProgress, SITTING_GAP_MINUTES, type ContentType, type ReadProgress } from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { requireMember } from '../session/session'

/** Where a member left off in a chapter, or null. */
export async function savedProgress(deps: AppDeps, memberId: number, chapterId: number): Promise<(ReadProgress & { finished: boolean }) | null> {
  const row = await deps.db
    .selectFrom('read_progress')
    .select(['href', 'type', 'progression', 'total_progression', 'position', 'finished'])
    .where('member_id', '=', memberId)
    .where('chapter_id', '=', chapterId)
    .executeTakeFirst()
  if (!row) return null
  return {
    href: row.href,
    type: row.type,
    progression: Number(row.progression),
    totalProgression: Number(row.total_progression),
    position: Number(row.position),
    finished: row.finished,
  }
}

async function chapterOf(deps: AppDeps, type: ContentType, contentId: number, chapterId: number): Promise<void> {
  const row = await deps.db
    .selectFrom('chapters as c')
    .innerJoin('contents as t', 't.id', 'c.content_id')
    .select('c.id')
    .where('c.id', '=', chapterId)
    .where('c.content_id', '=', contentId)
    .where('t.type', '=', type)
    .where('t.hidden_at', 'is', null)
    .executeTakeFirst()
  if (!row) throw apiError('chapterNotFound')
}

async function upsert(deps: AppDeps, memberId: number, contentId: number, chapterId: number, progress: ReadProgress, finished: boolean): Promise<void> {
  const now = deps.clock.now()
  await deps.db
    .insertInto('read_progress')
    .values({
      member_id: memberId,
      chapter_id: chapterId,
      content_id: contentId,
      href: progress.href,
      type: progress.type,
      progression: progress.progression,
      total_progression: progress.totalProgression,
      position: progress.position,
      finished,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['member_id', 'chapter_id']).doUpdateSet({
        href: progress.href,
        type: progress.type,
        progression: progress.progression,
        total_progression: progress.totalProgression,
        position: progress.position,
        // Once finished, a chapter stays finished when it is read again.
        finished: finished ? true : sql<boolean>`read_progress.finished`,
        updated_at: now,
      }),
    )
    .execute()
  await recordSitting(deps, memberId, now)
}

/**
 * Time read for "Your reading" (issue 37 item 6): a save within SITTING_GAP_MINUTES of the
 * member's last one stretches that sitting to now; otherwise it starts a new one. Two saves racing
 * may start two overlapping sittings: the figures count an overlap once (sittingSeconds).
 */
async function recordSitting(deps: AppDeps, memberId: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - SITTING_GAP_MINUTES * 60_000)
  const stretched = await deps.db
    .updateTable('reading_sittings')
    .set({ last_at: sql<Date>`greatest(last_at, ${now})` })
    .where('member_id', '=', memberId)
    .where('last_at', '>=', since)
    .executeTakeFirst()
  if (Number(stretched.numUpdatedRows) > 0) return
  await deps.db.insertInto('reading_sittings').values({ member_id: memberId, started_at: now, last_at: now }).execute()
}

/** POST …/read: where the member is now (SPEC §7 body: href, type, progression, totalProgression, position). */
export async function saveProgress(
  deps: AppDeps,
  req: FastifyRequest,
  input: { type: ContentType; contentId: number; chapterId: number; body: Record<string, unknown> },
): Promise<{ saved: boolean }> {
  const member = await requireMember(deps, req)
  const parsed = parseReadProgress(input.body)
  if (!parsed.ok) throw apiError('invalidParameter', { field: parsed.field })
  await chapterOf(deps, input.type, input.contentId, input.chapterId)
  await upsert(deps, member.memberId, input.contentId, input.chapterId, parsed.value, false)
  return { saved: true }
}

/** POST …/read/finished: the chapter is read to the end (position 10000). */
export async function saveFinished(
  deps: AppDeps,
  req: FastifyRequest,
  input: { type: ContentType; contentId: number; chapterId: number; body: Record<string, unknown> },
): Promise<{ saved: boolean }> {
  const member = await requireMember(deps, req)
  await chapterOf(deps, input.type, input.contentId, input.chapterId)
  const href = typeof input.body.href === 'string' ? input.body.href.slice(0, 2048) : ''
  const type = typeof input.body.type === 'string' ? input.body.type.slice(0, 255) : ''
  await upsert(deps, member.memberId, input.contentId, input.chapterId, finishedProgress({ href, type }), true)
  return { saved: true }
}
