import {
  LOCALES,
  checkFaqForm,
  checkNoticeForm,
  type checkLegalForm,
  type FieldError,
  type LegalVersionSummary,
  type Locale,
  type OpsFaq,
  type OpsNotice,
  type Page,
} from '@koma/contracts/server'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { readBack } from '../../db/rows'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { parseId, parsePageNo } from '../../http/ids'
import { writeAudit, type Actor } from './audit'

/**
 * Notices and FAQ for operators (issue 17). Readers' calls (support/routes.ts) already show only
 * notices whose `published_at` has come, so a later time schedules one.
 */

const PAGE_SIZE = 20
type Refuse = (errors: FieldError[]) => Error

function textsByLocale<R extends { lang: string }, T>(rows: R[], pick: (row: R) => T, empty: T): Record<Locale, T> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, ((row) => (row ? pick(row) : empty))(rows.find((r) => r.lang === locale))])) as Record<Locale, T>
}

async function loadNotices(db: AppDeps['db'] | Transaction<Database>, ids: number[], now: Date): Promise<OpsNotice[]> {
  if (!ids.length) return []
  const [rows, texts] = await Promise.all([
    db.selectFrom('notices').selectAll().where('id', 'in', ids).execute(),
    db.selectFrom('notice_texts').selectAll().where('notice_id', 'in', ids).execute(),
  ])
  return ids.flatMap((id) => {
    const row = rows.find((r) => Number(r.id) === id)
    if (!row) return []
    const own = texts.filter((text) => Number(text.notice_id) === id)
    return [
      {
        id,
        category: row.category as OpsNotice['category'],
        pinned: row.pinned,
        publishedAt: new Date(row.published_at).toISOString(),
        live: new Date(row.published_at).getTime() <= now.getTime(),
        texts: textsByLocale(own, (text) => ({ title: text.title, body: text.body }), { title: '', body: '' }),
      },
    ]
  })
}

export async function listNotices(deps: AppDeps, query: { pageNo?: unknown }): Promise<{ notices: OpsNotice[]; page: Page }> {
  if (query.pageNo !== undefined && typeof query.pageNo !== 'string') throw apiError('invalidParameter', { field: 'pageNo' })
  const pageNo = parsePageNo(query.pageNo)
  const rows = await deps.db
    .selectFrom('notices')
    .select('id')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE + 1)
    .offset((pageNo - 1) * PAGE_SIZE)
    .execute()
  const notices = await loadNotices(
    deps.db,
    rows.slice(0, PAGE_SIZE).map((row) => Number(row.id)),
    deps.clock.now(),
  )
  return { notices, page: { hasNext: rows.length > PAGE_SIZE, currentPageNo: pageNo, seqNo: null } }
}

/** Create (no id) or replace a notice. */
export async function saveNotice(
  deps: AppDeps,
  actor: Actor,
  idParam: string | null,
  body: Partial<Record<string, string>>,
  refuse: Refuse,
): Promise<OpsNotice> {
  const id = idParam === null ? null : parseId(idParam)
  const now = deps.clock.now()
  const { setting, errors } = checkNoticeForm(body, now)
  return deps.db.transaction().execute(async (trx) => {
    const before = id === null ? null : (await loadNotices(trx, [id], now))[0]
    if (id !== null && !before) throw apiError('notFound')
    if (errors.length) throw refuse(errors)
    const values = { category: setting.category, pinned: setting.pinned, published_at: new Date(setting.publishedAt) }
    const noticeId = id ?? Number((await trx.insertInto('notices').values(values).returning('id').executeTakeFirstOrThrow()).id)
    if (id !== null) {
      await trx.updateTable('notices').set(values).where('id', '=', id).execute()
      await trx.deleteFrom('notice_texts').where('notice_id', '=', id).execute()
    }
    await trx
      .insertInto('notice_texts')
      .values(LOCALES.map((lang) => ({ notice_id: noticeId, lang, title: setting.texts[lang].title, body: setting.texts[lang].body })))
      .execute()
    const after = readBack(await loadNotices(trx, [noticeId], now), 'loadNotices')
    await writeAudit(trx, actor, { action: id === null ? 'notice.create' : 'notice.update', target: `notice:${noticeId}`, before, after })
    return after
  })
}

export async function deleteNotice(deps: AppDeps, actor: Actor, idParam: string | undefined): Promise<{ deleted: boolean }> {
  const id = parseId(idParam)
  return deps.db.transaction().execute(async (trx) => {
    const [before] = await loadNotices(trx, [id], deps.clock.now())
    if (!before) throw apiError('notFound')
    await trx.deleteFrom('notices').where('id', '=', id).execute()
    await writeAudit(trx, actor, { action: 'notice.delete', target: `notice:${id}`, before, after: null })
    return { deleted: true }
  })
}

async function loadFaqs(db: AppDeps['db'] | Transaction<Database>, ids: number[] | null): Promise<OpsFaq[]> {
  let q = db.selectFrom('faqs').selectAll().orderBy('sort').orderBy('id')
  if (ids) {
    if (!ids.length) return []
    q = q.where('id', 'in', ids)
  }
  const rows = await q.execute()
  if (!rows.length) return []
  const texts = await db
    .selectFrom('faq_texts')
    .selectAll()
    .where(
      'faq_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute()
  return rows.map((row) => ({
    id: Number(row.id),
    category: row.category as OpsFaq['category'],
    sort: row.sort,
    texts: textsByLocale(
      texts.filter((text) => Number(text.faq_id) === Number(row.id)),
      (text) => ({ question: text.question, answer: text.answer }),
      { question: '', answer: '' },
    ),
  }))
}

export const listFaqs = async (deps: AppDeps): Promise<{ faqs: OpsFaq[] }> => ({ faqs: await loadFaqs(deps.db, null) })

export async function saveFaq(deps: AppDeps, actor: Actor, idParam: string | null, body: Partial<Record<string, string>>, refuse: Refuse): Promise<OpsFaq> {
  const id = idParam === null ? null : parseId(idParam)
  const { setting, errors } = checkFaqForm(body)
  return deps.db.transaction().execute(async (trx) => {
    const before = id === null ? null : (await loadFaqs(trx, [id]))[0]
    if (id !== null && !before) throw apiError('notFound')
    if (errors.length) throw refuse(errors)
    const values = { category: setting.category, sort: setting.sort }
    const faqId = id ?? Number((await trx.insertInto('faqs').values(values).returning('id').executeTakeFirstOrThrow()).id)
    if (id !== null) {
      await trx.updateTable('faqs').set(values).where('id', '=', id).execute()
      await trx.deleteFrom('faq_texts').where('faq_id', '=', id).execute()
    }
    await trx
      .insertInto('faq_texts')
      .values(LOCALES.map((lang) => ({ faq_id: faqId, lang, question: setting.texts[lang].question, answer: setting.texts[lang].answer })))
      .execute()
    const after = readBack(await loadFaqs(trx, [faqId]), 'loadFaqs')
    await writeAudit(trx, actor, { action: id === null ? 'faq.create' : 'faq.update', target: `faq:${faqId}`, before, after })
    return after
  })
}

export async function deleteFaq(deps: AppDeps, actor: Actor, idParam: string | undefined): Promise<{ deleted: boolean }> {
  const id = parseId(idParam)
  return deps.db.transaction().execute(async (trx) => {
    const [before] = await loadFaqs(trx, [id])
    if (!before) throw apiError('notFound')
    await trx.deleteFrom('faqs').where('id', '=', id).execute()
    await writeAudit(trx, actor, { action: 'faq.delete', target: `faq:${id}`, before, after: null })
    return { deleted: true }
  })
}

/** The newest version of each legal document, for the service-state screen. */
export async function newestLegalVersions(deps: AppDeps): Promise<LegalVersionSummary[]> {
  const rows = await deps.db.selectFrom('legal_documents').select(['type', 'version', 'effective_at']).orderBy('type').orderBy('version', 'desc').execute()
  const newest = new Map<string, LegalVersionSummary>()
  for (const row of rows)
    if (!newest.has(row.type)) newest.set(row.type, { type: row.type, version: row.version, effectiveAt: new Date(row.effective_at).toISOString() })
  return [...newest.values()]
}

/**
 * Publish version n+1 of a legal document (a form `checkLegalForm` accepted), audited. Readers
 * who agreed to an older terms version are asked again once it is in force (SPEC §4).
 */
export function publishLegal(deps: AppDeps, actor: Actor, type: string, form: Omit<ReturnType<typeof checkLegalForm>, 'errors'>): Promise<LegalVersionSummary> {
  return deps.db.transaction().execute(async (trx) => {
    // Versions of one document are numbered in order; the lock keeps two publishers apart.
    const latest = await trx
      .selectFrom('legal_documents')
      .select(['version', 'effective_at'])
      .where('type', '=', type)
      .orderBy('version', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst()
    const version = (latest?.version ?? 0) + 1
    await trx.insertInto('legal_documents').values({ type, version, effective_at: form.effectiveAt }).execute()
    await trx
      .insertInto('legal_texts')
      .values(LOCALES.map((lang) => ({ type, version, lang, title: form.texts[lang].title, body: form.texts[lang].body })))
      .execute()
    const summary = { type, version, effectiveAt: form.effectiveAt.toISOString() }
    await writeAudit(trx, actor, {
      action: 'legal.publish',
      target: `legal:${type}`,
      before: latest ? { version: latest.version, effectiveAt: new Date(latest.effective_at).toISOString() } : null,
      after: { ...summary, titles: Object.fromEntries(LOCALES.map((lang) => [lang, form.texts[lang].title])) },
    })
    return summary
  })
}
