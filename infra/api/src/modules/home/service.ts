import type { Badge, ContentStatus, HomeElement, HomeLayout, HomePopup, HomeSection, Locale, MenuItem } from '@koma/contracts/server'
import type { AppDeps } from '../../deps'
import { contentSummaries } from '../titles/queries'
import { FALLBACK_LANGS, pickLocalized } from '../titles/texts'
import { imageUrl } from '../image/urls'

/**
 * GET /{lang}/home (and /home/mature): top banner, sections, menu and popups from the database,
 * as they stand at `at` (now; an operator's preview asks for a later time). Sections, their tiles
 * and popups show from their start until their end (issue 17: scheduled campaigns).
 */
export async function homeLayout(deps: AppDeps, locale: Locale, mature: boolean, at: Date = deps.clock.now()): Promise<HomeLayout> {
  const { db } = deps
  const now = at.getTime()
  const langs = FALLBACK_LANGS(locale)
  let sectionQuery = db
    .selectFrom('home_sections')
    .selectAll()
    .where((eb) => eb.or([eb('start_at', 'is', null), eb('start_at', '<=', at)]))
    .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', at)]))
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
  if (!mature) sectionQuery = sectionQuery.where('mature', '=', false)
  const sections = await sectionQuery.execute()
  const sectionIds = sections.map((section) => section.id)
  if (sectionIds.length === 0) return { popups: await popups(deps, locale, mature, at), sections: [], topBanner: null, menu: await menu(deps, locale) }

  const [sectionTexts, elements] = await Promise.all([
    db.selectFrom('home_section_texts').selectAll().where('section_id', 'in', sectionIds).where('lang', 'in', langs).execute(),
    db
      .selectFrom('home_elements as e')
      .innerJoin('images as i', 'i.id', 'e.image_id')
      .leftJoin('images as li', 'li.id', 'e.large_image_id')
      .select([
        'e.id',
        'e.section_id',
        'e.sort',
        'e.content_id',
        'e.image_id',
        'e.large_image_id',
        'e.badge',
        'e.badge_expire_at',
        'e.url_http',
        'i.width',
        'i.height',
        'li.width as large_width',
        'li.height as large_height',
      ])
      .where('e.section_id', 'in', sectionIds)
      .where((eb) => eb.or([eb('e.start_at', 'is', null), eb('e.start_at', '<=', at)]))
      .where((eb) => eb.or([eb('e.end_at', 'is', null), eb('e.end_at', '>', at)]))
      .orderBy('e.sort', 'asc')
      .orderBy('e.id', 'asc')
      .execute(),
  ])
  const elementIds = elements.map((element) => element.id)
  const contentIds = [...new Set(elements.flatMap((element) => (element.content_id ? [element.content_id] : [])))]
  const [elementTexts, summaries, flags] = await Promise.all([
    elementIds.length ? db.selectFrom('home_element_texts').selectAll().where('element_id', 'in', elementIds).where('lang', 'in', langs).execute() : [],
    contentSummaries(deps, contentIds, locale),
    contentIds.length ? db.selectFrom('contents').select(['id', 'gauge_usable']).where('id', 'in', contentIds).execute() : [],
  ])
  const sectionText = pickLocalized(sectionTexts, (row) => row.section_id, locale)
  const elementText = pickLocalized(elementTexts, (row) => row.element_id, locale)
  const gauge = new Map(flags.map((row) => [row.id, row.gauge_usable]))

  const toElement = (row: (typeof elements)[number]): HomeElement => {
    const summary = row.content_id ? summaries.get(row.content_id) : undefined
    const texts = elementText.get(row.id)
    const element: HomeElement = {
      id: row.id,
      title: texts?.title ?? summary?.name ?? '',
      additionalText: texts?.additional_text ?? '',
      badge:
        row.badge && (!row.badge_expire_at || new Date(row.badge_expire_at).getTime() > now)
          ? { type: row.badge as Badge, expireAt: row.badge_expire_at ? new Date(row.badge_expire_at).toISOString() : null }
          : null,
      status: (summary?.status ?? null) as ContentStatus | null,
      original: summary?.original ?? false,
      gaugeUsable: row.content_id ? (gauge.get(row.content_id) ?? false) : false,
      ticketUsable: row.content_id ? (gauge.get(row.content_id) ?? false) : false,
      coinUsable: Boolean(row.content_id),
      totalViews: summary?.totalViews ?? 0,
      themeColor: summary?.themeColor ?? '#333333',
      imageUrl: imageUrl(row.image_id),
      width: row.width,
      height: row.height,
      largeScreenImageUrl: row.large_image_id ? imageUrl(row.large_image_id) : null,
      largeScreenWidth: row.large_width ?? null,
      largeScreenHeight: row.large_height ?? null,
      label: texts?.label ?? null,
      urlScheme: row.url_http ? `koma:/${row.url_http}` : '',
      urlHttp: row.url_http,
    }
    if (summary) element.exclusive = summary.exclusive
    return element
  }

  const toSection = (row: (typeof sections)[number]): HomeSection => ({
    id: row.id,
    sectionUiType: row.section_ui_type ?? 'unknown',
    elementUiType: row.element_ui_type ?? 'unknown',
    shuffleGroup: row.shuffle_group ?? '',
    title: sectionText.get(row.id)?.title ?? '',
    additionalText: sectionText.get(row.id)?.additional_text ?? '',
    urlScheme: row.url_http ? `koma:/${row.url_http}` : '',
    urlHttp: row.url_http,
    // An element naming a title readers may not see (an operator hid it, issue 17) is left out.
    elements: elements.filter((element) => element.section_id === row.id && (!element.content_id || summaries.has(element.content_id))).map(toElement),
  })

  const top = sections.find((section) => section.top_banner)
  const topSection = top ? toSection(top) : null
  return {
    popups: await popups(deps, locale, mature, at),
    sections: sections.filter((section) => !section.top_banner).map(toSection),
    topBanner: topSection
      ? {
          id: topSection.id,
          sectionUiType: topSection.sectionUiType,
          elementUiType: topSection.elementUiType,
          title: topSection.title,
          additionalText: topSection.additionalText,
          elements: topSection.elements,
        }
      : null,
    menu: await menu(deps, locale),
  }
}

export async function menu(deps: AppDeps, locale: Locale): Promise<{ holder: string; items: MenuItem[] }> {
  const [items, texts] = await Promise.all([
    deps.db.selectFrom('menu_items').selectAll().orderBy('sort', 'asc').execute(),
    deps.db.selectFrom('menu_item_texts').selectAll().where('lang', 'in', FALLBACK_LANGS(locale)).execute(),
  ])
  const label = pickLocalized(texts, (row) => row.code, locale)
  return {
    holder: 'all_comic',
    items: items.map((item) => ({ code: item.code, label: label.get(item.code)?.label ?? item.code, apiPath: item.api_path, listUiType: item.list_ui_type })),
  }
}

/** SPEC §3 popups running at `now` (mature ones on the mature home only), in their order. */
export async function popups(deps: AppDeps, locale: Locale, mature: boolean, now: Date = deps.clock.now()): Promise<HomePopup[]> {
  let query = deps.db
    .selectFrom('home_popups as p')
    .leftJoin('images as i', 'i.id', 'p.image_id')
    .select([
      'p.id',
      'p.area',
      'p.page',
      'p.ui_type',
      'p.category',
      'p.theme_color',
      'p.image_id',
      'p.html_url',
      'p.repeatable',
      'p.repeat_interval',
      'p.app_link_url',
      'p.web_link_url',
      'i.width',
      'i.height',
    ])
    .where((eb) => eb.or([eb('p.start_at', 'is', null), eb('p.start_at', '<=', now)]))
    .where((eb) => eb.or([eb('p.end_at', 'is', null), eb('p.end_at', '>', now)]))
    .orderBy('p.sort')
  if (!mature) query = query.where('p.mature', '=', false)
  const rows = await query.execute()
  if (rows.length === 0) return []
  const texts = await deps.db
    .selectFrom('home_popup_texts')
    .selectAll()
    .where(
      'popup_id',
      'in',
      rows.map((row) => row.id),
    )
    .where('lang', 'in', FALLBACK_LANGS(locale))
    .execute()
  const text = pickLocalized(texts, (row) => Number(row.popup_id), locale)
  return rows.map((row) => ({
    id: Number(row.id),
    area: row.area,
    page: row.page,
    uiType: row.ui_type,
    category: row.category,
    title: text.get(Number(row.id))?.title ?? '',
    description: text.get(Number(row.id))?.description ?? '',
    themeColor: row.theme_color,
    htmlUrl: row.html_url,
    imgUrl: row.image_id ? imageUrl(Number(row.image_id)) : null,
    width: row.width ?? null,
    height: row.height ?? null,
    repeatInterval: row.repeat_interval,
    appLinkUrl: row.app_link_url,
    webLinkUrl: row.web_link_url,
    repeatable: row.repeatable,
  }))
}

/**
 * The next time after `now` a scheduled popup, section or tile starts or ends (null: none ahead):
 * a home built now is kept no longer than that, so a campaign shows and goes on time.
 */
export async function nextHomeChange(deps: AppDeps, now: Date): Promise<number | null> {
  const soonest = (table: 'home_popups' | 'home_sections' | 'home_elements') =>
    deps.db
      .selectFrom(table)
      .select((eb) => [eb.fn.min('start_at').filterWhere('start_at', '>', now).as('start'), eb.fn.min('end_at').filterWhere('end_at', '>', now).as('end')])
      .executeTakeFirst()
  const rows = await Promise.all([soonest('home_popups'), soonest('home_sections'), soonest('home_elements')])
  const times = rows.flatMap((row) => [row?.start, row?.end]).flatMap((value) => (value ? [new Date(value as string | Date).getTime()] : []))
  return times.length ? Math.min(...times) : null
}
