import {
  currentWeekday,
  LOCALE_TAGS,
  RANKING_CAP,
  weekdayCode,
  weekdayFromCode,
  WEEKDAY_CODES,
  type ContentList,
  type Locale,
  type MenuSubItem,
  type PagingQuery,
} from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import { sql, type SelectQueryBuilder } from 'kysely'
import type { AppDeps } from '../../deps'
import type { Database } from '../../db/schema'
import { apiError } from '../../http/errorCatalogue'
import { readerTitles } from '../titles/queries'
import { FALLBACK_LANGS, pickLocalized } from '../titles/texts'
import { matureListed } from '../session/maturity'
import { requireMember } from '../session/session'
import { pageOf, parsePaging } from './paging'
import { listContents, menuBanners } from './summaries'

export const MENU_HOLDER = 'all_comic'
const LIST_CODES = ['new', 'ranking', 'free', 'daily', 'completed', 'adult', 'store', 'genre'] as const
type ListCode = (typeof LIST_CODES)[number]

const ADULT_TITLE: Record<Locale, string> = { ja: '成人向け', en: 'Adult', fr: 'Adultes' }

type ContentQuery = SelectQueryBuilder<Database, 'contents', { id: number }>

/** Titles a reader browses: not hidden, released, and not mature (the adult menu has its own rule). */
const browsable = (deps: AppDeps): ContentQuery =>
  readerTitles(deps.db).select('contents.id').where('contents.status', '!=', 'coming_soon').where('contents.mature', '=', false)

async function menuTitle(deps: AppDeps, code: string, locale: Locale): Promise<string> {
  if (code === 'adult') return ADULT_TITLE[locale]
  const rows = await deps.db.selectFrom('menu_item_texts').selectAll().where('code', '=', code).where('lang', 'in', FALLBACK_LANGS(locale)).execute()
  return pickLocalized(rows, (row) => row.code, locale).get(code)?.label ?? code
}

/** Weekday tabs, Monday first, named in the reader's language. */
function weekdayItems(locale: Locale): MenuSubItem[] {
  const format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { weekday: 'short', timeZone: 'UTC' })
  // 2024-01-01 was a Monday.
  return WEEKDAY_CODES.map((code, i) => ({ code, label: format.format(new Date(Date.UTC(2024, 0, 1 + i))) }))
}

async function genreItems(deps: AppDeps, locale: Locale): Promise<MenuSubItem[]> {
  const [genres, texts] = await Promise.all([
    deps.db.selectFrom('genres').select(['id', 'code']).orderBy('id').execute(),
    deps.db.selectFrom('genre_texts').selectAll().where('lang', 'in', FALLBACK_LANGS(locale)).execute(),
  ])
  const name = pickLocalized(texts, (row) => Number(row.genre_id), locale)
  return genres.map((genre) => ({ code: genre.code, label: name.get(Number(genre.id))?.name ?? genre.code }))
}

/**
 * GET /menu/{holder}/{code} and /menu/{holder}/genre/{genre}: one page of a menu list. The daily
 * menu defaults to today by the reader's language (SPEC §9 offsets); the ranking stops at 200.
 */
export async function menuList(
  deps: AppDeps,
  req: FastifyRequest,
  input: { holder: string; code: string; currentItemCode?: string; query: PagingQuery; locale: Locale },
): Promise<ContentList> {
  const { holder, locale } = input
  const code = input.code as ListCode
  if (holder !== MENU_HOLDER || !LIST_CODES.includes(code)) throw apiError('notFound')
  const mature = await matureListed(deps, req)
  if (code === 'adult') {
    await requireMember(deps, req)
    if (!mature) throw apiError('matureNotAccepted')
  }
  const cap = code === 'ranking' ? RANKING_CAP : undefined
  const request = parsePaging(input.query, cap)
  let items: MenuSubItem[] = []
  let current: string | null = null
  let query: ContentQuery
  switch (code) {
    case 'new':
      query = browsable(deps).orderBy('contents.published_at', 'desc')
      break
    case 'ranking':
      query = browsable(deps).orderBy('contents.total_views', 'desc')
      break
    case 'free':
      query = browsable(deps).where('contents.gauge_usable', '=', true).orderBy('contents.total_views', 'desc')
      break
    case 'completed':
      query = browsable(deps).where('contents.status', '=', 'completed').orderBy('contents.last_chapter_published_at', 'desc')
      break
    case 'adult':
      query = readerTitles(deps.db)
        .select('contents.id')
        .where('contents.mature', '=', true)
        .where('contents.status', '!=', 'coming_soon')
        .orderBy('contents.total_views', 'desc')
      break
    case 'daily': {
      items = weekdayItems(locale)
      const weekday = weekdayFromCode(input.currentItemCode) ?? currentWeekday(deps.clock.now(), locale)
      current = weekdayCode(weekday)
      query = browsable(deps)
        .where('contents.status', '=', 'ongoing')
        .where(sql<boolean>`${weekday} = any(contents.publish_days)`)
        .orderBy('contents.total_views', 'desc')
      break
    }
    case 'genre': {
      items = await genreItems(deps, locale)
      const chosen = items.find((item) => item.code === input.currentItemCode) ?? items[0]
      if (!chosen) throw apiError('notFound')
      current = chosen.code
      query = browsable(deps)
        .innerJoin('content_genres as cg', 'cg.content_id', 'contents.id')
        .innerJoin('genres as g', 'g.id', 'cg.genre_id')
        .where('g.code', '=', chosen.code)
        .orderBy('contents.total_views', 'desc')
      break
    }
    case 'store': {
      // The book fair's titles: those of the running book fairs, in their order.
      const now = deps.clock.now()
      query = browsable(deps)
        .innerJoin('collection_items as ci', 'ci.content_id', 'contents.id')
        .innerJoin('collections as c', 'c.id', 'ci.collection_id')
        .where('c.kind', '=', 'book_fair')
        .where((eb) => eb.or([eb('c.start_at', 'is', null), eb('c.start_at', '<=', now)]))
        .where((eb) => eb.or([eb('c.end_at', 'is', null), eb('c.end_at', '>', now)]))
        .orderBy('c.sort')
        .orderBy('ci.sort')
      break
    }
  }
  const rows = await query
    .orderBy('contents.id')
    .offset(request.offset)
    .limit(request.limit + 1)
    .execute()
  const { rows: pageRows, page } = pageOf(request, rows, cap)
  const ids = [...new Set(pageRows.map((row) => Number(row.id)))]
  const [contents, title, banners] = await Promise.all([
    listContents(deps, ids, locale, code === 'ranking' ? request.offset + 1 : undefined),
    menuTitle(deps, code, locale),
    request.offset === 0 ? menuBanners(deps, code, locale, mature) : Promise.resolve([]),
  ])
  return {
    code,
    title,
    listUiType: code === 'ranking' ? 'rank' : 'grid',
    contents,
    topBanner: { elements: banners },
    page,
    items,
    currentItemCode: current,
  }
}
