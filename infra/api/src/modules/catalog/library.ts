import { isLibraryTab, type ContentType, type LibraryItem, type LibraryOrder, type LibraryPage, type Locale, type PagingQuery } from '@koma/contracts/server'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { contentSummaries, readerTitles } from '../titles/queries'
import { FALLBACK_LANGS, pickLocalized } from '../titles/texts'
import { pageOfAll, parsePaging } from './paging'

/** A library holds at most this many titles per tab (newest first); enough for any reader. */
const LIBRARY_LIMIT = 2000

interface Row {
  contentId: number
  at: Date
  chapterId: number | null
  unlockedCount: number
  hidden: boolean
}

async function rowsOf(deps: AppDeps, memberId: number, tab: string, hiddenOnly: boolean): Promise<Row[]> {
  const { db } = deps
  if (tab === 'subscribed') {
    const rows = await db
      .selectFrom('library_subscriptions')
      .select(['content_id', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .limit(LIBRARY_LIMIT)
      .execute()
    return rows.map((row) => ({ contentId: Number(row.content_id), at: new Date(row.created_at), chapterId: null, unlockedCount: 0, hidden: false }))
  }
  if (tab === 'recent') {
    const rows = await db
      .selectFrom('read_progress')
      .select(['content_id', 'chapter_id', 'updated_at'])
      .distinctOn('content_id')
      .where('member_id', '=', memberId)
      .orderBy('content_id')
      .orderBy('updated_at', 'desc')
      .limit(LIBRARY_LIMIT)
      .execute()
    return rows
      .map((row) => ({
        contentId: Number(row.content_id),
        at: new Date(row.updated_at as Date),
        chapterId: Number(row.chapter_id),
        unlockedCount: 0,
        hidden: false,
      }))
      .sort((a, b) => b.at.getTime() - a.at.getTime())
  }
  // Unlocked: owned chapters and rentals still running, per title; hidden titles apart.
  const now = deps.clock.now()
  const [access, hidden] = await Promise.all([
    db
      .selectFrom('chapter_access')
      .select(['content_id', 'chapter_id', 'created_at'])
      .where('member_id', '=', memberId)
      .where((eb) => eb.or([eb('kind', '=', 'owned'), eb('expires_at', '>', now)]))
      .orderBy('created_at', 'desc')
      .execute(),
    db.selectFrom('library_hidden').select('content_id').where('member_id', '=', memberId).execute(),
  ])
  const hiddenIds = new Set(hidden.map((row) => Number(row.content_id)))
  const byContent = new Map<number, Row & { chapters: Set<number> }>()
  for (const row of access) {
    const id = Number(row.content_id)
    const entry = byContent.get(id) ?? {
      contentId: id,
      at: new Date(row.created_at as Date),
      chapterId: Number(row.chapter_id),
      unlockedCount: 0,
      hidden: hiddenIds.has(id),
      chapters: new Set<number>(),
    }
    entry.chapters.add(Number(row.chapter_id))
    entry.unlockedCount = entry.chapters.size
    byContent.set(id, entry)
  }
  return [...byContent.values()].filter((row) => row.hidden === hiddenOnly).map(({ chapters: _chapters, ...row }) => row)
}

/** GET /library/{tab}: subscribed, recent or unlocked titles (hidden ones with hidden=true), by date or title. */
export async function libraryPage(
  deps: AppDeps,
  memberId: number,
  input: { tab: string; query: PagingQuery & { order?: string; hidden?: string }; locale: Locale },
): Promise<LibraryPage> {
  if (!isLibraryTab(input.tab)) throw apiError('notFound')
  const order: LibraryOrder = input.query.order === 'title' ? 'title' : 'date'
  const request = parsePaging(input.query)
  const rows = await rowsOf(deps, memberId, input.tab, input.query.hidden === 'true')
  const summaries = await contentSummaries(
    deps,
    rows.map((row) => row.contentId),
    input.locale,
  )
  const present = rows.filter((row) => summaries.has(row.contentId))
  if (order === 'title') {
    const collator = new Intl.Collator(input.locale)
    present.sort((a, b) => collator.compare(summaries.get(a.contentId)?.name ?? '', summaries.get(b.contentId)?.name ?? ''))
  }
  const { rows: pageRows, page } = pageOfAll(request, present)
  const chapterIds = pageRows.flatMap((row) => (row.chapterId ? [row.chapterId] : []))
  const names = chapterIds.length
    ? pickLocalized(
        await deps.db
          .selectFrom('chapter_texts')
          .select(['chapter_id', 'lang', 'name'])
          .where('chapter_id', 'in', chapterIds)
          .where('lang', 'in', FALLBACK_LANGS(input.locale))
          .execute(),
        (row) => Number(row.chapter_id),
        input.locale,
      )
    : new Map()
  const items: LibraryItem[] = pageRows.map((row) => ({
    content: summaries.get(row.contentId)!,
    at: row.at.toISOString(),
    chapter: row.chapterId ? { id: row.chapterId, name: names.get(row.chapterId)?.name ?? '' } : null,
    unlockedCount: row.unlockedCount,
    hidden: row.hidden,
  }))
  return { tab: input.tab, items, page }
}

/** The title a library action names must exist with that type. */
export async function requireContent(deps: AppDeps, type: ContentType, id: number): Promise<{ id: number; status: string; mature: boolean }> {
  const row = await readerTitles(deps.db).select(['id', 'status', 'mature']).where('id', '=', id).where('type', '=', type).executeTakeFirst()
  if (!row) throw apiError('comicNotFound')
  return { id: Number(row.id), status: row.status, mature: row.mature }
}

/** Subscribe or hide: idempotent inserts and deletes on a member's own rows. */
export async function setMemberFlag(
  deps: AppDeps,
  table: 'library_subscriptions' | 'library_hidden' | 'release_notifications',
  memberId: number,
  contentId: number,
  on: boolean,
): Promise<void> {
  if (on)
    await deps.db
      .insertInto(table)
      .values({ member_id: memberId, content_id: contentId })
      .onConflict((oc) => oc.columns(['member_id', 'content_id']).doNothing())
      .execute()
  else await deps.db.deleteFrom(table).where('member_id', '=', memberId).where('content_id', '=', contentId).execute()
}

export async function memberHasFlag(
  deps: AppDeps,
  table: 'library_subscriptions' | 'library_hidden' | 'release_notifications',
  memberId: number | null,
  contentId: number,
): Promise<boolean> {
  if (memberId === null) return false
  const row = await deps.db.selectFrom(table).select('content_id').where('member_id', '=', memberId).where('content_id', '=', contentId).executeTakeFirst()
  return row !== undefined
}
