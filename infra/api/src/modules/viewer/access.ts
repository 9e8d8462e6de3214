import { CHAPTER_ABORTED_CODE, chapterIsReadable, COOKIES, NO_ACTIVITY, type ChapterActivity, type ChapterFileSalesType, type ContentType } from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import type { Selectable } from 'kysely'
import type { AppDeps } from '../../deps'
import type { ChaptersTable, ContentsTable } from '../../db/schema'
import { acceptMatureRequired, forbidden, HttpError, unauthorized } from '../../http/errors'
import { chapterActivities } from '../access/service'
import { salesConfigOf } from '../content/service'
import { matureAccepted } from '../member/maturity'
import { sessionMember, type SessionMember } from '../member/session'

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
 * exist (404), mature titles need the reader's acceptance (428), an aborted chapter the reader
 * neither owns nor rents is refused with its own code (403, the viewer's chapter-aborted
 * dialog), and the file must be readable: free, owned, rented, or a trial (else 401 signed
 * out, 403 signed in; a missing trial is a 404).
 */
export async function readableChapter(
  deps: AppDeps,
  req: FastifyRequest,
  input: { type: ContentType; contentId: number; chapterId: number; salesType: ChapterFileSalesType },
  /** The book's frames load files without the SPEC §7 headers: the accept-mature cookie stands in. */
  options: { matureCookie?: boolean } = {},
): Promise<ReadableChapter> {
  const [content, chapter] = await Promise.all([
    deps.db.selectFrom('contents').selectAll().where('id', '=', input.contentId).where('type', '=', input.type).executeTakeFirst(),
    deps.db.selectFrom('chapters').selectAll().where('id', '=', input.chapterId).where('content_id', '=', input.contentId).executeTakeFirst(),
  ])
  if (!content) throw new HttpError(404, 'comicNotFound')
  if (!chapter) throw new HttpError(404, 'chapterNotFound')
  const cookieAccepts = options.matureCookie === true && (req.cookies as Record<string, string | undefined> | undefined)?.[COOKIES.acceptMature] === 'Y'
  if (content.mature && !cookieAccepts && !(await matureAccepted(deps, req))) throw acceptMatureRequired()
  const member = await sessionMember(deps, req)
  const activity = (await chapterActivities(deps, member?.memberId ?? null, [chapter.id])).get(chapter.id) ?? NO_ACTIVITY
  if (abortedFor(chapter, activity)) throw new HttpError(403, 'salesSuspended', {}, null, {}, CHAPTER_ABORTED_CODE)
  const readable = chapterIsReadable({ salesType: input.salesType, hasTrial: chapter.has_trial, salesConfig: salesConfigOf(chapter), activity })
  if (!readable) {
    if (input.salesType === 'trial') throw new HttpError(404, 'chapterNotFound')
    if (!member) throw unauthorized()
    throw forbidden('chapterLocked')
  }
  return { content, chapter, member, activity }
}
