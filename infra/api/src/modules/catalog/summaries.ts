import type { HomeElement, ListContent, Locale } from '@koma/contracts/server'
import type { AppDeps } from '../../deps'
import { contentSummaries } from '../titles/queries'
import { FALLBACK_LANGS, pickLocalized } from '../titles/texts'
import { imageUrl } from '../image/urls'

/** Summaries of `ids` in that order (ranked when asked), skipping any that vanished. */
export async function listContents(deps: AppDeps, ids: readonly number[], locale: Locale, rankFrom?: number): Promise<ListContent[]> {
  const summaries = await contentSummaries(deps, ids, locale)
  const list: ListContent[] = []
  ids.forEach((id, i) => {
    const summary = summaries.get(id)
    if (summary) list.push(rankFrom === undefined ? summary : { ...summary, rank: rankFrom + i })
  })
  return list
}

/** Collections (promotions, book fairs, events) shown as banners at the top of a menu list. */
export async function menuBanners(deps: AppDeps, menuCode: string, locale: Locale, mature: boolean): Promise<HomeElement[]> {
  const now = deps.clock.now()
  let query = deps.db
    .selectFrom('collections as c')
    .innerJoin('images as i', 'i.id', 'c.image_id')
    .leftJoin('images as li', 'li.id', 'c.large_image_id')
    .select(['c.id', 'c.kind', 'c.theme_color', 'c.image_id', 'c.large_image_id', 'c.end_at', 'i.width', 'i.height', 'li.width as lw', 'li.height as lh'])
    .where('c.menu_code', '=', menuCode)
    .where((eb) => eb.or([eb('c.start_at', 'is', null), eb('c.start_at', '<=', now)]))
    .where((eb) => eb.or([eb('c.end_at', 'is', null), eb('c.end_at', '>', now)]))
    .orderBy('c.sort')
  if (!mature) query = query.where('c.mature', '=', false)
  const rows = await query.execute()
  if (rows.length === 0) return []
  const texts = await deps.db
    .selectFrom('collection_texts')
    .selectAll()
    .where(
      'collection_id',
      'in',
      rows.map((row) => row.id),
    )
    .where('lang', 'in', FALLBACK_LANGS(locale))
    .execute()
  const text = pickLocalized(texts, (row) => Number(row.collection_id), locale)
  return rows.map((row) => {
    const urlHttp = collectionPath(row.kind, Number(row.id))
    return {
      id: Number(row.id),
      title: text.get(Number(row.id))?.title ?? '',
      additionalText: text.get(Number(row.id))?.description ?? '',
      badge: row.kind === 'event' ? { type: 'EVENT', expireAt: row.end_at ? new Date(row.end_at).toISOString() : null } : null,
      status: null,
      original: false,
      gaugeUsable: false,
      ticketUsable: false,
      coinUsable: false,
      totalViews: 0,
      themeColor: row.theme_color,
      imageUrl: imageUrl(Number(row.image_id)),
      width: row.width,
      height: row.height,
      largeScreenImageUrl: row.large_image_id ? imageUrl(Number(row.large_image_id)) : null,
      largeScreenWidth: row.lw ?? null,
      largeScreenHeight: row.lh ?? null,
      label: null,
      urlScheme: `koma:/${urlHttp}`,
      urlHttp,
    }
  })
}

export function collectionPath(kind: string, id: number): string {
  if (kind === 'catalog') return `/menu/content_catalog/${id}`
  if (kind === 'promotion') return `/menu/promotion/${id}`
  if (kind === 'event') return '/menu/all_comic/event'
  return '/menu/all_comic/store'
}
