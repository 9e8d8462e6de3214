import type { ComingSoonEntry, ContentType, Locale } from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { contentSummaries, readerTitles } from '../titles/queries'
import { FALLBACK_LANGS, pickLocalized } from '../titles/texts'
import { requireMatureReader } from '../session/maturity'
import { sessionMember } from '../session/session'
import { memberHasFlag } from './library'

/** GET /{type}/coming_soon/{id}/product: the title before its release, with the reader's notification. */
export async function comingSoonEntry(deps: AppDeps, req: FastifyRequest, type: ContentType, id: number, locale: Locale): Promise<ComingSoonEntry> {
  const content = await readerTitles(deps.db).selectAll().where('id', '=', id).where('type', '=', type).executeTakeFirst()
  if (!content) throw apiError('comicNotFound')
  if (content.mature) await requireMatureReader(deps, req)
  const member = await sessionMember(deps, req)
  const [summaries, texts, trial, comments, notification] = await Promise.all([
    contentSummaries(deps, [id], locale),
    deps.db
      .selectFrom('content_texts')
      .select(['content_id', 'lang', 'description'])
      .where('content_id', '=', id)
      .where('lang', 'in', FALLBACK_LANGS(locale))
      .execute(),
    deps.db.selectFrom('chapters').select('id').where('content_id', '=', id).where('has_trial', '=', true).orderBy('sort').limit(1).executeTakeFirst(),
    // Live comments of live members, as the comment lists show them.
    deps.db
      .selectFrom('comments as cm')
      .innerJoin('members as m', 'm.id', 'cm.member_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('cm.content_id', '=', id)
      .where('cm.deleted_at', 'is', null)
      .where('cm.hidden_at', 'is', null)
      .where('m.deleted_at', 'is', null)
      .executeTakeFirst(),
    memberHasFlag(deps, 'release_notifications', member?.memberId ?? null, id),
  ])
  const summary = summaries.get(id)
  if (!summary) throw apiError('notFound')
  const keyVisual = summary.thumbnails.find((thumbnail) => thumbnail.type === 'key_visual') ?? null
  const publishedAt = new Date(content.published_at)
  return {
    content: {
      ...summary,
      description: pickLocalized(texts, () => id, locale).get(id)?.description ?? '',
      keyVisual: keyVisual ? { url: keyVisual.url, width: keyVisual.width, height: keyVisual.height } : null,
      publishedAt: publishedAt.toISOString(),
    },
    hasTrial: trial !== undefined,
    trialChapterId: trial ? Number(trial.id) : null,
    publicationRemained: Math.max(0, Math.ceil((publishedAt.getTime() - deps.clock.now().getTime()) / 1000)),
    notification,
    commentEnabled: content.comment_enabled,
    totalComments: Number(comments?.count ?? 0),
  }
}
