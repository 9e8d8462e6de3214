import {
  readingExportFileName,
  readingStats,
  type Locale,
  type ReadingExport,
  type ReadingRecord,
  type ReadingSitting,
  type ReadingStats,
} from '@koma/contracts/server'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import { accountTimeZone } from '../../http/readerTime'
import { FALLBACK_LANGS, pickLocalized } from '../titles/texts'

/**
 * Your reading (issue 37 item 6): what the API keeps of one member's reading. read_progress gives
 * each chapter they opened with its last reading (titles, genres, days, months); reading_sittings
 * (migration 0290) gives the time read: each sitting from its first progress save to its last, no
 * gap over ten minutes, so a book left open is not counted and a one-page sitting counts nothing.
 * Sittings are kept from migration 0290 on: reading before it shows in chapters and days, not time.
 */
async function readingData(deps: AppDeps, memberId: number, locale: Locale): Promise<{ records: ReadingRecord[]; sittings: ReadingSitting[] }> {
  const [progress, sittingRows] = await Promise.all([
    deps.db
      .selectFrom('read_progress')
      .select(['content_id', 'chapter_id', 'finished', 'updated_at'])
      .where('member_id', '=', memberId)
      .orderBy('updated_at')
      .orderBy('chapter_id')
      .execute(),
    deps.db.selectFrom('reading_sittings').select(['started_at', 'last_at']).where('member_id', '=', memberId).orderBy('started_at').execute(),
  ])
  const ids = [...new Set(progress.map((row) => Number(row.content_id)))]
  const langs = FALLBACK_LANGS(locale)
  const [texts, genres] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          deps.db.selectFrom('content_texts').select(['content_id', 'lang', 'name']).where('content_id', 'in', ids).where('lang', 'in', langs).execute(),
          deps.db
            .selectFrom('content_genres as cg')
            .innerJoin('genre_texts as gt', 'gt.genre_id', 'cg.genre_id')
            .select(['cg.content_id', 'cg.genre_id', 'gt.lang', 'gt.name'])
            .where('cg.content_id', 'in', ids)
            .where('gt.lang', 'in', langs)
            .execute(),
        ])
  const names = pickLocalized(texts, (row) => Number(row.content_id), locale)
  const genreNames = [...pickLocalized(genres, (row) => `${row.content_id}:${row.genre_id}`, locale).values()]
  const records = progress.map((row) => {
    const contentId = Number(row.content_id)
    return {
      contentId,
      title: names.get(contentId)?.name ?? '',
      chapterId: Number(row.chapter_id),
      finished: row.finished,
      // updated_at is not null (a SQL default); the type only says it may be left out on insert.
      at: new Date(row.updated_at ?? 0).toISOString(),
      genres: genreNames.filter((genre) => Number(genre.content_id) === contentId).map((genre) => genre.name),
    }
  })
  const sittings = sittingRows.map((row) => ({ startedAt: new Date(row.started_at).toISOString(), lastAt: new Date(row.last_at).toISOString() }))
  return { records, sittings }
}

/** GET /library/reading/stats: the member's figures, in their account's time zone. */
export async function memberReadingStats(deps: AppDeps, req: FastifyRequest, memberId: number, locale: Locale): Promise<ReadingStats> {
  const timeZone = await accountTimeZone(deps, memberId, req)
  const { records, sittings } = await readingData(deps, memberId, locale)
  return readingStats(records, sittings, deps.clock.now(), timeZone)
}

/** GET /library/reading/export: the same figures and every row behind them, as a file to keep. */
export async function memberReadingExport(deps: AppDeps, req: FastifyRequest, reply: FastifyReply, memberId: number, locale: Locale): Promise<ReadingExport> {
  const timeZone = await accountTimeZone(deps, memberId, req)
  const { records, sittings } = await readingData(deps, memberId, locale)
  const now = deps.clock.now()
  const stats = readingStats(records, sittings, now, timeZone)
  reply.header('content-disposition', `attachment; filename="${readingExportFileName(stats.today)}"`)
  return { exportedAt: now.toISOString(), timeZone, stats, chapters: records, sittings }
}
