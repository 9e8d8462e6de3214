import {
  LOCALES,
  TITLE_VISIBILITY_ACTIONS,
  checkChapterSalesForm,
  checkTitleLabelsForm,
  checkTitleTextsForm,
  type Badge,
  type Locale,
  type OpsChapter,
  type OpsGenre,
  type OpsTitle,
  type OpsTitleSummary,
  type Page,
  type FieldError,
  type TitleLabelsForm,
  type TitleVisibilityAction,
} from '@koma/contracts/server'
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { readBack } from '../../db/rows'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { parseId, parsePageNo } from '../../http/ids'
import { writeAudit, type Actor } from './audit'

/**
 * Content for operators (issue 17): find titles, hide and unhide them, edit their names and
 * descriptions in ja, en and fr, their genres and badge, set a chapter's publication time and
 * sales config. The routes forget the catalogue's caches on every API process after each change
 * (cluster/invalidation.ts), so readers see it on their next call.
 */

const PAGE_SIZE = 20
function byLocale<R extends { lang: string }, T>(rows: R[], pick: (row: R) => T, fallback: T): Record<Locale, T> {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const row = rows.find((candidate) => candidate.lang === locale)
      return [locale, row ? pick(row) : fallback]
    }),
  ) as Record<Locale, T>
}

type TitleRow = { id: number; type: string; status: string; mature: boolean; badge: string | null; hidden_at: Date | string | null }

export async function findTitles(
  deps: AppDeps,
  query: { query?: unknown; pageNo?: unknown; hidden?: unknown },
): Promise<{ titles: OpsTitleSummary[]; page: Page }> {
  if (query.query !== undefined && typeof query.query !== 'string') throw apiError('invalidParameter', { field: 'query' })
  if (query.pageNo !== undefined && typeof query.pageNo !== 'string') throw apiError('invalidParameter', { field: 'pageNo' })
  if (query.hidden !== undefined && query.hidden !== 'true' && query.hidden !== 'false') throw apiError('invalidParameter', { field: 'hidden' })
  const text = (query.query ?? '').trim().slice(0, 50)
  const pageNo = parsePageNo(query.pageNo)
  let q = deps.db
    .selectFrom('contents as c')
    .select(['c.id', 'c.type', 'c.status', 'c.mature', 'c.badge', 'c.hidden_at'])
    .orderBy('c.id')
    .limit(PAGE_SIZE + 1)
    .offset((pageNo - 1) * PAGE_SIZE)
  if (query.hidden === 'true') q = q.where('c.hidden_at', 'is not', null)
  if (text) {
    // LIKE's own characters are matched as themselves.
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    q = q.where((eb) => {
      const named = eb.exists(
        eb
          .selectFrom('content_texts as t')
          .select('t.content_id')
          .whereRef('t.content_id', '=', 'c.id')
          .where(sql<boolean>`t.name ilike ${pattern}`),
      )
      // A number is also a title's id.
      return /^\d{1,9}$/.test(text) ? eb.or([named, eb('c.id', '=', Number(text))]) : named
    })
  }
  const rows = await q.execute()
  const shown = rows.slice(0, PAGE_SIZE)
  return { titles: await summaries(deps, shown), page: { hasNext: rows.length > PAGE_SIZE, currentPageNo: pageNo, seqNo: null } }
}

async function summaries(deps: AppDeps, rows: TitleRow[]): Promise<OpsTitleSummary[]> {
  if (!rows.length) return []
  const ids = rows.map((row) => Number(row.id))
  const [texts, counts] = await Promise.all([
    deps.db.selectFrom('content_texts').select(['content_id', 'lang', 'name']).where('content_id', 'in', ids).execute(),
    deps.db
      .selectFrom('chapters')
      .select(['content_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('content_id', 'in', ids)
      .groupBy('content_id')
      .execute(),
  ])
  return rows.map((row) => {
    const own = texts.filter((text) => Number(text.content_id) === Number(row.id))
    return {
      id: Number(row.id),
      type: row.type,
      status: row.status,
      mature: row.mature,
      names: byLocale(own, (text) => text.name, ''),
      chapters: Number(counts.find((count) => Number(count.content_id) === Number(row.id))?.n ?? 0),
      hiddenAt: row.hidden_at ? new Date(row.hidden_at).toISOString() : null,
      badge: (row.badge as Badge | null) ?? null,
    }
  })
}

export async function opsTitle(deps: AppDeps, idParam: string | undefined): Promise<OpsTitle> {
  const id = parseId(idParam)
  const row = await deps.db.selectFrom('contents').select(['id', 'type', 'status', 'mature', 'badge', 'hidden_at']).where('id', '=', id).executeTakeFirst()
  if (!row) throw apiError('comicNotFound')
  const [summaryRows, texts, chapters, genres] = await Promise.all([
    summaries(deps, [row]),
    deps.db.selectFrom('content_texts').select(['lang', 'description']).where('content_id', '=', id).execute(),
    deps.db.selectFrom('chapters').selectAll().where('content_id', '=', id).orderBy('sort').execute(),
    titleGenres(deps.db, id),
  ])
  const summary = readBack(summaryRows, 'title summary')
  const chapterTexts = chapters.length
    ? await deps.db
        .selectFrom('chapter_texts')
        .select(['chapter_id', 'lang', 'name'])
        .where(
          'chapter_id',
          'in',
          chapters.map((c) => c.id),
        )
        .execute()
    : []
  return {
    ...summary,
    descriptions: byLocale(texts, (text) => text.description, ''),
    genres,
    chapterList: chapters.map((chapter) =>
      toOpsChapter(
        chapter,
        chapterTexts.filter((text) => Number(text.chapter_id) === Number(chapter.id)),
      ),
    ),
  }
}

type ChapterRow = {
  id: number
  sort: number
  published_at: Date | string
  free: boolean
  price: number
  original_price: number
  rental_price: number
  original_rental_price: number
  rent_allowed_with: string[]
  purchase_allowed_with: string[]
}

function toOpsChapter(row: ChapterRow, texts: { lang: string; name: string }[]): OpsChapter {
  return {
    id: Number(row.id),
    sort: row.sort,
    names: byLocale(texts, (text) => text.name, ''),
    publishedAt: new Date(row.published_at).toISOString(),
    free: row.free,
    price: row.price,
    originalPrice: row.original_price,
    rentalPrice: row.rental_price,
    originalRentalPrice: row.original_rental_price,
    rentAllowedWith: row.rent_allowed_with.filter((way): way is OpsChapter['rentAllowedWith'][number] => way === 'gauge' || way === 'ticket' || way === 'coin'),
    purchaseAllowedWith: row.purchase_allowed_with.filter((way): way is 'coin' => way === 'coin'),
  }
}

export async function editTitleTexts(
  deps: AppDeps,
  actor: Actor,
  idParam: string | undefined,
  body: Partial<Record<string, string>>,
  refuse: (errors: FieldError[]) => Error,
): Promise<OpsTitle> {
  const id = parseId(idParam)
  const before = await opsTitle(deps, String(id))
  const { texts, errors } = checkTitleTextsForm(body)
  if (errors.length) throw refuse(errors)
  await deps.db.transaction().execute(async (trx) => {
    for (const lang of LOCALES) {
      const updated = await trx
        .updateTable('content_texts')
        .set({ name: texts[lang].name, description: texts[lang].description })
        .where('content_id', '=', id)
        .where('lang', '=', lang)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) === 0) {
        await trx
          .insertInto('content_texts')
          .values({ content_id: id, lang, name: texts[lang].name, description: texts[lang].description, search_keyword: '', sns_text: '' })
          .execute()
      }
    }
    await writeAudit(trx, actor, {
      action: 'title.texts',
      target: `title:${id}`,
      before: { names: before.names, descriptions: before.descriptions },
      after: {
        names: Object.fromEntries(LOCALES.map((l) => [l, texts[l].name])),
        descriptions: Object.fromEntries(LOCALES.map((l) => [l, texts[l].description])),
      },
    })
  })
  return opsTitle(deps, String(id))
}

export async function editChapterSales(
  deps: AppDeps,
  actor: Actor,
  idParam: string | undefined,
  body: Parameters<typeof checkChapterSalesForm>[0],
  refuse: (errors: FieldError[]) => Error,
): Promise<OpsChapter> {
  const id = parseId(idParam)
  const { setting, errors } = checkChapterSalesForm(body)
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('chapters').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
    if (!row) throw apiError('chapterNotFound')
    if (errors.length) throw refuse(errors)
    const texts = await trx.selectFrom('chapter_texts').select(['lang', 'name']).where('chapter_id', '=', id).execute()
    const before = toOpsChapter(row, texts)
    const updated = await trx
      .updateTable('chapters')
      .set({
        published_at: new Date(setting.publishedAt),
        free: setting.free,
        price: setting.price,
        original_price: setting.originalPrice,
        rental_price: setting.rentalPrice,
        original_rental_price: setting.originalRentalPrice,
        rent_allowed_with: setting.rentAllowedWith,
        purchase_allowed_with: setting.purchaseAllowedWith,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
    const after = toOpsChapter(updated, texts)
    await writeAudit(trx, actor, { action: 'chapter.sales', target: `chapter:${id}`, before, after })
    return after
  })
}

/** A title's genre codes, in the catalogue's order of genres. */
async function titleGenres(db: Kysely<Database>, contentId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('content_genres as cg')
    .innerJoin('genres as g', 'g.id', 'cg.genre_id')
    .select('g.code')
    .where('cg.content_id', '=', contentId)
    .orderBy('g.id')
    .execute()
  return rows.map((row) => row.code)
}

/** The catalogue's genres (SPEC §3 genres; the genre menu's tabs), named in every language. */
export async function listGenres(deps: AppDeps): Promise<{ genres: OpsGenre[] }> {
  const [genres, texts] = await Promise.all([
    deps.db.selectFrom('genres').select(['id', 'code']).orderBy('id').execute(),
    deps.db.selectFrom('genre_texts').select(['genre_id', 'lang', 'name']).execute(),
  ])
  return {
    genres: genres.map((genre) => ({
      code: genre.code,
      names: byLocale(
        texts.filter((text) => Number(text.genre_id) === Number(genre.id)),
        (text) => text.name,
        genre.code,
      ),
    })),
  }
}

/** `/ops/titles/{id}/{hide|unhide}`: anything else names nothing (404). */
export function parseVisibilityAction(action: string | undefined): TitleVisibilityAction {
  if (!(TITLE_VISIBILITY_ACTIONS as readonly unknown[]).includes(action)) throw apiError('notFound')
  return action as TitleVisibilityAction
}

/**
 * Hide a title from readers everywhere (readerTitles in titles/queries.ts), or show it again.
 * Hiding a hidden title keeps the time it was first hidden.
 */
export async function setTitleVisibility(deps: AppDeps, actor: Actor, idParam: string | undefined, action: TitleVisibilityAction): Promise<OpsTitle> {
  const id = parseId(idParam)
  const now = deps.clock.now()
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('contents').select(['id', 'hidden_at']).where('id', '=', id).forUpdate().executeTakeFirst()
    if (!row) throw apiError('comicNotFound')
    const before = row.hidden_at ? new Date(row.hidden_at).toISOString() : null
    const after = action === 'hide' ? (before ?? now.toISOString()) : null
    await trx
      .updateTable('contents')
      .set({ hidden_at: after === null ? null : new Date(after) })
      .where('id', '=', id)
      .execute()
    await writeAudit(trx, actor, { action: `title.${action}`, target: `title:${id}`, before: { hiddenAt: before }, after: { hiddenAt: after } })
  })
  return opsTitle(deps, String(id))
}

/** A title's genres (replaced as a whole) and its own badge, checked by the shared rule. */
export async function editTitleLabels(
  deps: AppDeps,
  actor: Actor,
  idParam: string | undefined,
  body: TitleLabelsForm,
  refuse: (errors: FieldError[]) => Error,
): Promise<OpsTitle> {
  const id = parseId(idParam)
  const genres = await deps.db.selectFrom('genres').select(['id', 'code']).orderBy('id').execute()
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('contents').select(['id', 'badge']).where('id', '=', id).forUpdate().executeTakeFirst()
    if (!row) throw apiError('comicNotFound')
    const { setting, errors } = checkTitleLabelsForm(
      body,
      genres.map((genre) => genre.code),
    )
    if (errors.length) throw refuse(errors)
    const before = { genres: await titleGenres(trx, id), badge: row.badge }
    const chosen = genres.filter((genre) => setting.genres.includes(genre.code))
    await trx.deleteFrom('content_genres').where('content_id', '=', id).execute()
    await trx
      .insertInto('content_genres')
      .values(chosen.map((genre) => ({ content_id: id, genre_id: Number(genre.id) })))
      .execute()
    await trx.updateTable('contents').set({ badge: setting.badge }).where('id', '=', id).execute()
    await writeAudit(trx, actor, {
      action: 'title.labels',
      target: `title:${id}`,
      before,
      after: { genres: chosen.map((genre) => genre.code), badge: setting.badge },
    })
  })
  return opsTitle(deps, String(id))
}
