import {
  LOCALES,
  MUTE_DAYS,
  REPORT_ACTIONS,
  REPORT_KINDS,
  parseMuteDays,
  reportActionAllowed,
  text,
  type Locale,
  type MemberSanction,
  type OpsMember,
  type OpsReport,
  type Page,
  type ReportAction,
  type ReportKind,
  type TextKey,
} from '@koma/contracts/server'
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { readBack } from '../../db/rows'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { parseId, parsePageNo } from '../../http/ids'
import { commentTargets, type CommentRow } from '../comment/queries'
import { writeAudit, type Actor } from './audit'

/**
 * Moderation (issue 17): the report queue, what operators do with a report, and the sanctions
 * on a member. A hidden comment is left out of every reader's lists and counts
 * (comment/queries.ts); each reporter whose report was waiting finds the outcome in the inbox.
 */

const PAGE_SIZE = 20

const DAY_MS = 24 * 60 * 60 * 1000

type CommentStatus = 'queued' | 'kept' | 'removed'
const commentStatus = (status: CommentStatus): OpsReport['status'] => (status === 'removed' ? 'hidden' : status)

async function commentReports(deps: AppDeps, where: { ids?: number[]; done?: boolean }, page: { pageNo: number } | null): Promise<OpsReport[]> {
  let q = deps.db
    .selectFrom('comment_reports as r')
    .innerJoin('comments as cm', 'cm.id', 'r.comment_id')
    .innerJoin('members as a', 'a.id', 'cm.member_id')
    .select([
      'r.id',
      'r.category',
      'r.message',
      'r.status',
      'r.created_at',
      'r.resolved_at',
      'r.reporter_id',
      'cm.id as comment_id',
      'cm.body',
      'cm.hidden_at',
      'cm.deleted_at',
      'cm.member_id as author_id',
      'a.nickname as author_nickname',
    ])
    .select(sql<number>`(select count(*) from comment_reports x where x.comment_id = cm.id)`.as('reports'))
  if (where.ids) q = q.where('r.id', 'in', where.ids)
  if (where.done !== undefined) q = where.done ? q.where('r.status', '!=', 'queued') : q.where('r.status', '=', 'queued')
  q = where.done ? q.orderBy('r.resolved_at', 'desc').orderBy('r.id', 'desc') : q.orderBy('r.created_at').orderBy('r.id')
  if (page) q = q.limit(PAGE_SIZE + 1).offset((page.pageNo - 1) * PAGE_SIZE)
  const rows = await q.execute()
  return rows.map((row) => ({
    kind: 'comment' as const,
    id: Number(row.id),
    category: row.category,
    message: row.message,
    status: commentStatus(row.status),
    createdAt: new Date(row.created_at).toISOString(),
    resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
    reporterId: Number(row.reporter_id),
    comment: {
      id: Number(row.comment_id),
      body: row.body,
      hidden: row.hidden_at !== null,
      deleted: row.deleted_at !== null,
      authorId: Number(row.author_id),
      authorNickname: row.author_nickname,
      reports: Number(row.reports),
    },
    chapter: null,
  }))
}

async function contentReports(deps: AppDeps, where: { ids?: number[]; done?: boolean }, page: { pageNo: number } | null, locale: Locale): Promise<OpsReport[]> {
  let q = deps.db
    .selectFrom('content_reports as r')
    .select(['r.id', 'r.category', 'r.message', 'r.status', 'r.created_at', 'r.resolved_at', 'r.reporter_id', 'r.content_id', 'r.chapter_id'])
  if (where.ids) q = q.where('r.id', 'in', where.ids)
  if (where.done !== undefined) q = q.where('r.status', '=', where.done ? 'resolved' : 'queued')
  q = where.done ? q.orderBy('r.resolved_at', 'desc').orderBy('r.id', 'desc') : q.orderBy('r.created_at').orderBy('r.id')
  if (page) q = q.limit(PAGE_SIZE + 1).offset((page.pageNo - 1) * PAGE_SIZE)
  const rows = await q.execute()
  // The same titles and episode names the comment history shows (by report id here).
  const targets = await commentTargets(
    deps.db,
    rows.map((row) => ({ id: row.id, content_id: row.content_id, chapter_id: row.chapter_id }) as unknown as CommentRow),
    locale,
  )
  return rows.map((row) => ({
    kind: 'content' as const,
    id: Number(row.id),
    category: row.category,
    message: row.message,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
    reporterId: Number(row.reporter_id),
    comment: null,
    chapter: targets.get(Number(row.id)) ?? {
      contentType: 'comic',
      contentId: Number(row.content_id),
      chapterId: Number(row.chapter_id),
      contentName: '',
      chapterName: '',
    },
  }))
}

/** The queue (oldest waiting first) or what was done (newest first), one kind at a time. */
export async function reportQueue(
  deps: AppDeps,
  query: { status?: unknown; kind?: unknown; pageNo?: unknown },
  locale: Locale,
): Promise<{ reports: OpsReport[]; page: Page }> {
  const kind = query.kind === undefined || query.kind === '' ? 'comment' : query.kind
  if (!(REPORT_KINDS as readonly unknown[]).includes(kind)) throw apiError('invalidParameter', { field: 'kind' })
  const status = query.status === undefined || query.status === '' ? 'queued' : query.status
  if (status !== 'queued' && status !== 'done') throw apiError('invalidParameter', { field: 'status' })
  if (query.pageNo !== undefined && typeof query.pageNo !== 'string') throw apiError('invalidParameter', { field: 'pageNo' })
  const pageNo = parsePageNo(query.pageNo)
  const done = status === 'done'
  const rows = kind === 'comment' ? await commentReports(deps, { done }, { pageNo }) : await contentReports(deps, { done }, { pageNo }, locale)
  return { reports: rows.slice(0, PAGE_SIZE), page: { hasNext: rows.length > PAGE_SIZE, currentPageNo: pageNo, seqNo: null } }
}

function outcomeTexts(key: TextKey): string {
  const texts = Object.fromEntries(LOCALES.map((locale) => [locale, { title: text('reportOutcomeTitle', locale), body: text(key, locale) }]))
  return JSON.stringify(texts)
}

async function tellReporters(trx: Transaction<Database>, reporterIds: number[], key: TextKey, now: Date): Promise<void> {
  const unique = [...new Set(reporterIds)]
  if (!unique.length) return
  await trx
    .insertInto('inbox_messages')
    .values(unique.map((memberId) => ({ member_id: memberId, texts: outcomeTexts(key), link_url: null, created_at: now })))
    .execute()
}

export function parseReportRoute(params: { kind?: string; id?: string; action?: string }): { kind: ReportKind; id: number; action: ReportAction } {
  // SPEC §5: a path that names nothing is a 404.
  if (!(REPORT_KINDS as readonly unknown[]).includes(params.kind) || !(REPORT_ACTIONS as readonly unknown[]).includes(params.action)) throw apiError('notFound')
  return { kind: params.kind as ReportKind, id: parseId(params.id), action: params.action as ReportAction }
}

/**
 * Act on a report. For a comment: hide (gone for every reader) or restore it, or dismiss the
 * report; every report of that comment still waiting is settled with it and its reporter told.
 * A content report is only dismissed (acknowledged).
 */
export async function actOnReport(
  deps: AppDeps,
  actor: Actor,
  input: { kind: ReportKind; id: number; action: ReportAction },
  locale: Locale,
): Promise<OpsReport> {
  if (!reportActionAllowed(input.kind, input.action)) throw apiError('reportActionNotAllowed')
  const now = deps.clock.now()
  if (input.kind === 'content') {
    await deps.db.transaction().execute(async (trx) => {
      const report = await trx.selectFrom('content_reports').select(['id', 'status', 'reporter_id']).where('id', '=', input.id).forUpdate().executeTakeFirst()
      if (!report) throw apiError('reportNotFound')
      if (report.status === 'resolved') return
      await trx.updateTable('content_reports').set({ status: 'resolved', resolved_at: now, resolved_by: actor.memberId }).where('id', '=', report.id).execute()
      await tellReporters(trx, [Number(report.reporter_id)], 'reportOutcomeContent', now)
      await writeAudit(trx, actor, {
        action: 'report.dismiss',
        target: `content-report:${report.id}`,
        before: { status: 'queued' },
        after: { status: 'resolved' },
      })
    })
    return readBack(await contentReports(deps, { ids: [input.id] }, null, locale), 'contentReports')
  }
  await deps.db.transaction().execute(async (trx) => {
    const report = await trx.selectFrom('comment_reports').select(['id', 'comment_id']).where('id', '=', input.id).executeTakeFirst()
    if (!report) throw apiError('reportNotFound')
    const comment = await trx
      .selectFrom('comments')
      .select(['id', 'hidden_at', 'deleted_at'])
      .where('id', '=', report.comment_id)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const waiting = await trx
      .selectFrom('comment_reports')
      .select(['id', 'reporter_id'])
      .where('comment_id', '=', comment.id)
      .where('status', '=', 'queued')
      .execute()
    const waitingIds = waiting.map((row) => Number(row.id))
    const before = { hidden: comment.hidden_at !== null, queuedReports: waitingIds }
    const settle = async (status: 'kept' | 'removed', ids: number[]) => {
      if (ids.length) await trx.updateTable('comment_reports').set({ status, resolved_at: now, resolved_by: actor.memberId }).where('id', 'in', ids).execute()
    }
    if (input.action === 'hide') {
      if (comment.hidden_at === null) await trx.updateTable('comments').set({ hidden_at: now }).where('id', '=', comment.id).execute()
      await settle('removed', waitingIds)
      await tellReporters(
        trx,
        waiting.map((row) => Number(row.reporter_id)),
        'reportOutcomeHidden',
        now,
      )
    } else if (input.action === 'restore') {
      if (comment.hidden_at !== null) await trx.updateTable('comments').set({ hidden_at: null }).where('id', '=', comment.id).execute()
      // Reports that had it hidden now stand as "kept"; waiting ones are settled and told so.
      const removed = await trx.selectFrom('comment_reports').select('id').where('comment_id', '=', comment.id).where('status', '=', 'removed').execute()
      await settle('kept', [...waitingIds, ...removed.map((row) => Number(row.id))])
      await tellReporters(
        trx,
        waiting.map((row) => Number(row.reporter_id)),
        'reportOutcomeKept',
        now,
      )
    } else {
      await settle('kept', waitingIds)
      await tellReporters(
        trx,
        waiting.map((row) => Number(row.reporter_id)),
        'reportOutcomeKept',
        now,
      )
    }
    const after = { hidden: input.action === 'hide' ? true : input.action === 'restore' ? false : comment.hidden_at !== null, settledReports: waitingIds }
    await writeAudit(trx, actor, { action: `comment.${input.action}`, target: `comment:${comment.id}`, before, after })
  })
  return readBack(await commentReports(deps, { ids: [input.id] }, null), 'commentReports')
}

// ---------------------------------------------------------------------------------------------
// Members

async function memberRow(deps: AppDeps | { db: Transaction<Database> }, userId: number) {
  return deps.db
    .selectFrom('members as m')
    .select(['m.id', 'm.nickname', 'm.guest', 'm.role', 'm.suspended_at', 'm.comment_muted_until'])
    .select(sql<number>`(select count(*) from comments c where c.member_id = m.id and c.deleted_at is null)`.as('comments'))
    .select(sql<number>`(select count(*) from comments c where c.member_id = m.id and c.hidden_at is not null)`.as('hidden'))
    .where('m.id', '=', userId)
    .where('m.deleted_at', 'is', null)
    .executeTakeFirst()
}

type MemberRow = NonNullable<Awaited<ReturnType<typeof memberRow>>>

const toOpsMember = (row: MemberRow, now: Date): OpsMember => {
  const muted = row.comment_muted_until && new Date(row.comment_muted_until).getTime() > now.getTime() ? new Date(row.comment_muted_until).toISOString() : null
  return {
    userId: Number(row.id),
    nickname: row.nickname,
    guest: row.guest,
    operator: row.role === 'operator',
    suspendedAt: row.suspended_at ? new Date(row.suspended_at).toISOString() : null,
    commentMutedUntil: muted,
    comments: Number(row.comments),
    hiddenComments: Number(row.hidden),
  }
}

export async function opsMember(deps: AppDeps, userIdParam: string | undefined): Promise<OpsMember> {
  const row = await memberRow(deps, parseId(userIdParam))
  if (!row) throw apiError('userNotFound')
  return toOpsMember(row, deps.clock.now())
}

export function parseSanction(value: string | undefined): MemberSanction {
  if (value !== 'mute' && value !== 'unmute' && value !== 'suspend' && value !== 'reinstate') throw apiError('notFound')
  return value
}

/**
 * mute: no commenting for `days` (1 to 365, 7 by default); suspend: every session ends and no
 * sign-in is accepted until reinstated. Operators are never sanctioned (revoke the role first).
 */
export async function sanctionMember(
  deps: AppDeps,
  actor: Actor,
  input: { userId: string | undefined; sanction: MemberSanction; days: unknown },
): Promise<OpsMember> {
  const userId = parseId(input.userId)
  const days = input.sanction === 'mute' ? parseMuteDays(input.days) : MUTE_DAYS.default
  if (days === null) throw apiError('fieldInvalid', { field: 'days' })
  const now = deps.clock.now()
  await deps.db.transaction().execute(async (trx) => {
    const row = await memberRow({ db: trx }, userId)
    if (!row || row.guest) throw apiError('userNotFound')
    if (row.role === 'operator') throw apiError('sanctionOperator')
    const before = toOpsMember(row, now)
    if (input.sanction === 'mute')
      await trx
        .updateTable('members')
        .set({ comment_muted_until: new Date(now.getTime() + days * DAY_MS) })
        .where('id', '=', userId)
        .execute()
    if (input.sanction === 'unmute') await trx.updateTable('members').set({ comment_muted_until: null }).where('id', '=', userId).execute()
    if (input.sanction === 'suspend') {
      await trx
        .updateTable('members')
        .set({ suspended_at: row.suspended_at ?? now })
        .where('id', '=', userId)
        .execute()
      await trx.deleteFrom('sessions').where('member_id', '=', userId).execute()
    }
    if (input.sanction === 'reinstate') await trx.updateTable('members').set({ suspended_at: null }).where('id', '=', userId).execute()
    const after = toOpsMember((await memberRow({ db: trx }, userId))!, now)
    await writeAudit(trx, actor, {
      action: `member.${input.sanction}`,
      target: `member:${userId}`,
      before,
      after: input.sanction === 'mute' ? { ...after, days } : after,
    })
  })
  return opsMember(deps, String(userId))
}
