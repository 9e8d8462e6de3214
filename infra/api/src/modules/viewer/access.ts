import { chapterIsReadable, chapterReleased, NO_ACTIVITY, type ChapterActivity, type ChapterFileSalesType, type ContentType } from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import type { Selectable } from 'kysely'
import type { AppDeps } from '../../deps'
import type { ChaptersTable, ContentsTable } from '../../db/schema'
import { apiError } from '../../http/errorCatalogue'
import { chapterActivities } from '../access/service'
import { readerTitles } from '../titles/queries'
import { salesConfigOf } from '../titles/sales'
import { requireMatureReader } from '../session/maturity'
import { sessionMember, type SessionMember } from '../session/session'

export interface ReadableChapter {
  content: Selectable<ContentsTable>
  chapter: Selectable<ChaptersTable>
  member: SessionMember | null
  activity: ChapterActivity
}

/** SPEC §4: an aborted chapter stays readable only to readers who own it or still rent it. */
export function abortedFor(chapter: { aborted: boolean }, activity: ChapterActivity): boolean {
  return chapter.aborted && !activity.unlocked && !(activity.rented && activity.rentRemained > 0)
}

/**
 * The gate of every reading call (chapter, EPUB manifest, EPUB files): the title and chapter
 * exist (404), a mature title needs a verified member with mature on (451 / 428, session/maturity.ts:
 * never a self-declared header or cookie, not even for the book's frames), an aborted chapter the reader
 * neither owns nor rents is refused with its own code (403, the viewer's chapter-aborted
 * dialog), and the file must be readable: free, owned, rented, or a trial (else 401 signed
 * out, 403 signed in; a missing trial is a 404).
 */
export async function readableChapter(
  deps: AppDeps,
  req: FastifyRequest,
  input: { type: ContentType; contentId: number; chapterId: number; salesType: ChapterFileSalesType },
): Promise<ReadableChapter> {
  const [content, chapter] = await Promise.all([
    readerTitles(deps.db).selectAll().where('id', '=', input.contentId).where('type', '=', input.type).executeTakeFirst(),
    deps.db.selectFrom('chapters').selectAll().where('id', '=', input.chapterId).where('content_id', '=', input.contentId).executeTakeFirst(),
  ])
  if (!content) throw apiError('comicNotFound')
  // Before anything about its chapters: a mature title tells nobody else which of them exist.
  if (content.mature) await requireMatureReader(deps, req)
  // A chapter scheduled for later is not there yet (issue 17).
  if (!chapter || !chapterReleased(content.status, chapter.published_at, deps.clock.now())) throw apiError('chapterNotFound')
  const member = await sessionMember(deps, req)
  const activity = (await chapterActivities(deps, member?.memberId ?? null, [chapter.id])).get(chapter.id) ?? NO_ACTIVITY
  if (abortedFor(chapter, activity)) throw apiError('chapterAborted')
  const readable = chapterIsReadable({ salesType: input.salesType, hasTrial: chapter.has_trial, salesConfig: salesConfigOf(chapter), activity })
  if (!readable) {
    if (input.salesType === 'trial') throw apiError('chapterNotFound')
    if (!member) throw apiError('authenticationError')
    throw apiError('chapterLocked')
  }
  return { content, chapter, member, activity }
}
