import {
  BANNER_ELEMENT_TYPES,
  LOCALES,
  POPUP_CATEGORY_COLORS,
  campaignState,
  checkBannerForm,
  checkPopupForm,
  checkSectionForm,
  type Badge,
  type FieldError,
  type Locale,
  type OpsHome,
  type OpsHomeElement,
  type OpsHomeSection,
  type OpsPopup,
} from '@koma/contracts/server'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { readBack } from '../../db/rows'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { parseId } from '../../http/ids'
import { imageUrl } from '../image/urls'
import { writeAudit, type Actor } from './audit'

/**
 * Home campaigns for operators (issue 17): popups, banners (tiles of a banner section) and
 * sections, each shown from its start until its end (home/service.ts reads the same columns).
 * Every change and its audit entry are one transaction; the caller then tells the API processes
 * that the home changed (cluster/invalidation.ts, scope `catalog`).
 */

type Db = Kysely<Database> | Transaction<Database>
type Body = Partial<Record<string, string>>
type Refuse = (errors: FieldError[]) => Error

const iso = (value: Date | string | null): string | null => (value ? new Date(value).toISOString() : null)
const byLocale = <T>(rows: { lang: string }[], pick: (row: never) => T, empty: T): Record<Locale, T> =>
  Object.fromEntries(LOCALES.map((locale) => [locale, ((row) => (row ? pick(row as never) : empty))(rows.find((r) => r.lang === locale))])) as Record<Locale, T>

/** Which of a title's images a tile shows, best first: covers for rows of covers, wide art for banners. */
const ART_FOR = {
  cover: ['cover', 'cover_featured', 'key_visual'],
  banner: ['key_visual', 'cover_featured', 'banner', 'cover'],
  topBanner: ['cover_featured', 'banner', 'key_visual', 'cover'],
  popup: ['cover_featured', 'key_visual', 'banner', 'cover'],
} as const

interface TitleArt {
  id: number
  type: string
  status: string
  mature: boolean
  images: Map<string, number>
}

async function titlesWithArt(db: Db, ids: number[]): Promise<Map<number, TitleArt>> {
  if (!ids.length) return new Map()
  const [titles, images] = await Promise.all([
    db.selectFrom('contents').select(['id', 'type', 'status', 'mature']).where('id', 'in', ids).execute(),
    db.selectFrom('content_images').select(['content_id', 'type', 'image_id']).where('content_id', 'in', ids).orderBy('sort').execute(),
  ])
  return new Map(
    titles.map((title) => {
      const own = new Map<string, number>()
      for (const image of images) if (Number(image.content_id) === Number(title.id) && !own.has(image.type)) own.set(image.type, Number(image.image_id))
      return [Number(title.id), { id: Number(title.id), type: title.type, status: title.status, mature: title.mature, images: own }]
    }),
  )
}

const artOf = (title: TitleArt, order: readonly string[]): number | null => order.map((type) => title.images.get(type)).find((id) => id !== undefined) ?? null
const titlePath = (title: TitleArt): string => (title.status === 'coming_soon' ? `/${title.type}/coming_soon/${title.id}` : `/${title.type}/${title.id}`)

// ---------------------------------------------------------------------------------------------
// Reading them back as the console shows them

async function loadPopups(db: Db, ids: number[] | null, now: Date): Promise<OpsPopup[]> {
  let query = db.selectFrom('home_popups').selectAll().orderBy('sort').orderBy('id')
  if (ids) query = query.where('id', 'in', ids.length ? ids : [0])
  const rows = await query.execute()
  if (!rows.length) return []
  const popupIds = rows.map((row) => row.id)
  const imageIds = rows.flatMap((row) => (row.image_id ? [row.image_id] : []))
  const [texts, arts] = await Promise.all([
    db.selectFrom('home_popup_texts').selectAll().where('popup_id', 'in', popupIds).execute(),
    imageIds.length ? db.selectFrom('content_images').select(['content_id', 'image_id']).where('image_id', 'in', imageIds).execute() : [],
  ])
  return rows.map((row) => {
    const startsAt = iso(row.start_at)
    const endsAt = iso(row.end_at)
    const art = arts.find((image) => Number(image.image_id) === Number(row.image_id))
    return {
      id: Number(row.id),
      kind: row.ui_type,
      category: row.category,
      page: row.page,
      link: row.web_link_url,
      artContentId: art ? Number(art.content_id) : null,
      repeatHours: row.repeatable ? Math.round(row.repeat_interval / 3600) : 0,
      mature: row.mature,
      startsAt,
      endsAt,
      state: campaignState({ startsAt, endsAt }, now),
      texts: byLocale(
        texts.filter((text) => Number(text.popup_id) === Number(row.id)),
        (text: { title: string; description: string }) => ({ title: text.title, description: text.description }),
        { title: '', description: '' },
      ),
    }
  })
}

async function loadElements(db: Db, where: { sectionIds?: number[]; ids?: number[] }, now: Date): Promise<(OpsHomeElement & { sectionId: number })[]> {
  let query = db.selectFrom('home_elements').selectAll().orderBy('sort').orderBy('id')
  if (where.sectionIds) query = query.where('section_id', 'in', where.sectionIds.length ? where.sectionIds : [0])
  if (where.ids) query = query.where('id', 'in', where.ids.length ? where.ids : [0])
  const rows = await query.execute()
  if (!rows.length) return []
  const texts = await db
    .selectFrom('home_element_texts')
    .selectAll()
    .where(
      'element_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute()
  return rows.map((row) => {
    const startsAt = iso(row.start_at)
    const endsAt = iso(row.end_at)
    return {
      id: Number(row.id),
      sectionId: Number(row.section_id),
      contentId: row.content_id === null ? null : Number(row.content_id),
      link: row.url_http,
      imageUrl: imageUrl(Number(row.image_id)),
      badge: (row.badge as Badge | null) ?? null,
      badgeEndsAt: iso(row.badge_expire_at),
      startsAt,
      endsAt,
      state: campaignState({ startsAt, endsAt }, now),
      texts: byLocale(
        texts.filter((text) => Number(text.element_id) === Number(row.id)),
        (text: { title: string; additional_text: string }) => ({ title: text.title, text: text.additional_text }),
        { title: '', text: '' },
      ),
    }
  })
}

async function loadSections(db: Db, ids: number[] | null, now: Date): Promise<OpsHomeSection[]> {
  let query = db.selectFrom('home_sections').selectAll().orderBy('sort').orderBy('id')
  if (ids) query = query.where('id', 'in', ids.length ? ids : [0])
  const rows = await query.execute()
  if (!rows.length) return []
  const sectionIds = rows.map((row) => Number(row.id))
  const [texts, elements] = await Promise.all([
    db.selectFrom('home_section_texts').selectAll().where('section_id', 'in', sectionIds).execute(),
    loadElements(db, { sectionIds }, now),
  ])
  return rows.map((row) => {
    const startsAt = iso(row.start_at)
    const endsAt = iso(row.end_at)
    return {
      id: Number(row.id),
      sort: row.sort,
      elementType: row.element_ui_type ?? 'unknown',
      shuffleGroup: row.shuffle_group,
      topBanner: row.top_banner,
      mature: row.mature,
      link: row.url_http || null,
      startsAt,
      endsAt,
      state: campaignState({ startsAt, endsAt }, now),
      texts: byLocale(
        texts.filter((text) => Number(text.section_id) === Number(row.id)),
        (text: { title: string; additional_text: string }) => ({ title: text.title, text: text.additional_text }),
        { title: '', text: '' },
      ),
      elements: elements.filter((element) => element.sectionId === Number(row.id)).map(({ sectionId: _section, ...element }) => element),
    }
  })
}

export async function opsHome(deps: AppDeps): Promise<OpsHome> {
  const now = deps.clock.now()
  const [popups, sections, menu] = await Promise.all([
    loadPopups(deps.db, null, now),
    loadSections(deps.db, null, now),
    deps.db.selectFrom('menu_items').select('code').orderBy('sort').execute(),
  ])
  return { popups, sections, pages: ['main', ...menu.map((item) => item.code)] }
}

// ---------------------------------------------------------------------------------------------
// Creating and ending

/** The sort of a new row at `position` (1 = first) among `max` rows, the later ones moved down by `shift`; null: after the last. */
async function placeAt(position: number | null, max: unknown, shift: (from: number) => Promise<unknown>): Promise<number> {
  const last = Number(max ?? 0)
  if (position === null || position > last) return last + 1
  await shift(position)
  return position
}

const sectionSort = async (trx: Transaction<Database>, position: number | null): Promise<number> =>
  placeAt(
    position,
    (
      await trx
        .selectFrom('home_sections')
        .select((eb) => eb.fn.max('sort').as('sort'))
        .executeTakeFirst()
    )?.sort,
    (from) =>
      trx
        .updateTable('home_sections')
        .set((eb) => ({ sort: eb('sort', '+', 1) }))
        .where('sort', '>=', from)
        .execute(),
  )

const elementSort = async (trx: Transaction<Database>, sectionId: number, position: number | null): Promise<number> =>
  placeAt(
    position,
    (
      await trx
        .selectFrom('home_elements')
        .select((eb) => eb.fn.max('sort').as('sort'))
        .where('section_id', '=', sectionId)
        .executeTakeFirst()
    )?.sort,
    (from) =>
      trx
        .updateTable('home_elements')
        .set((eb) => ({ sort: eb('sort', '+', 1) }))
        .where('section_id', '=', sectionId)
        .where('sort', '>=', from)
        .execute(),
  )

export async function createPopup(deps: AppDeps, actor: Actor, body: Body, refuse: Refuse): Promise<OpsPopup> {
  const now = deps.clock.now()
  const { setting, errors } = checkPopupForm(body, now)
  if (errors.length) throw refuse(errors)
  const menu = await deps.db.selectFrom('menu_items').select('code').where('code', '=', setting.page).executeTakeFirst()
  if (setting.page !== 'main' && !menu) throw refuse([{ field: 'page', problem: 'invalid' }])
  let imageId: number | null = null
  if (setting.artContentId !== null) {
    const title = (await titlesWithArt(deps.db, [setting.artContentId])).get(setting.artContentId)
    imageId = title ? artOf(title, ART_FOR.popup) : null
    if (!title || imageId === null || (title.mature && !setting.mature)) throw refuse([{ field: 'artContentId', problem: 'invalid' }])
  }
  return deps.db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('home_popups')
      .select((eb) => eb.fn.max('sort').as('sort'))
      .executeTakeFirst()
    const { id } = await trx
      .insertInto('home_popups')
      .values({
        sort: Number(last?.sort ?? 0) + 1,
        area: 'home',
        page: setting.page,
        ui_type: setting.kind,
        category: setting.category,
        theme_color: setting.category ? POPUP_CATEGORY_COLORS[setting.category] : POPUP_CATEGORY_COLORS.notice,
        image_id: imageId,
        html_url: null,
        repeatable: setting.repeatHours > 0,
        repeat_interval: setting.repeatHours * 3600,
        app_link_url: setting.link ? `koma:/${setting.link}` : null,
        web_link_url: setting.link,
        mature: setting.mature,
        start_at: new Date(setting.startsAt),
        end_at: setting.endsAt ? new Date(setting.endsAt) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('home_popup_texts')
      .values(LOCALES.map((lang) => ({ popup_id: Number(id), lang, ...setting.texts[lang] })))
      .execute()
    const after = readBack(await loadPopups(trx, [Number(id)], now), 'loadPopups')
    await writeAudit(trx, actor, { action: 'popup.create', target: `popup:${id}`, before: null, after })
    return after
  })
}

export async function createBanner(deps: AppDeps, actor: Actor, body: Body, refuse: Refuse): Promise<OpsHomeElement> {
  const now = deps.clock.now()
  const { setting, errors } = checkBannerForm(body, now)
  if (errors.length) throw refuse(errors)
  const section = await deps.db
    .selectFrom('home_sections')
    .select(['id', 'element_ui_type', 'top_banner', 'mature'])
    .where('id', '=', setting.sectionId)
    .executeTakeFirst()
  if (!section || !(section.top_banner || (BANNER_ELEMENT_TYPES as readonly string[]).includes(section.element_ui_type ?? '')))
    throw refuse([{ field: 'sectionId', problem: 'invalid' }])
  const title = (await titlesWithArt(deps.db, [setting.contentId])).get(setting.contentId)
  const imageId = title ? artOf(title, section.top_banner ? ART_FOR.topBanner : ART_FOR.banner) : null
  if (!title || imageId === null || (title.mature && !section.mature)) throw refuse([{ field: 'contentId', problem: 'invalid' }])
  const large = section.top_banner ? (title.images.get('banner') ?? null) : null
  return deps.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('home_elements')
      .values({
        section_id: setting.sectionId,
        sort: await elementSort(trx, setting.sectionId, setting.position),
        content_id: setting.contentId,
        image_id: imageId,
        large_image_id: large === imageId ? null : large,
        badge: setting.badge,
        badge_expire_at: setting.badgeEndsAt ? new Date(setting.badgeEndsAt) : null,
        url_http: setting.link ?? titlePath(title),
        start_at: new Date(setting.startsAt),
        end_at: setting.endsAt ? new Date(setting.endsAt) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('home_element_texts')
      .values(
        LOCALES.map((lang) => ({ element_id: Number(id), lang, title: setting.texts[lang].title, additional_text: setting.texts[lang].text, label: null })),
      )
      .execute()
    const after = readBack(await loadElements(trx, { ids: [Number(id)] }, now), 'loadElements')
    await writeAudit(trx, actor, { action: 'banner.create', target: `banner:${id}`, before: null, after })
    return after
  })
}

export async function createSection(deps: AppDeps, actor: Actor, body: Body, refuse: Refuse): Promise<OpsHomeSection> {
  const now = deps.clock.now()
  const { setting, errors } = checkSectionForm(body, now)
  if (errors.length) throw refuse(errors)
  const titles = await titlesWithArt(deps.db, setting.contentIds)
  const banner = (BANNER_ELEMENT_TYPES as readonly string[]).includes(setting.elementType)
  const tiles = setting.contentIds.map((contentId) => {
    const title = titles.get(contentId)
    return { title, imageId: title ? artOf(title, banner ? ART_FOR.banner : ART_FOR.cover) : null }
  })
  // Every title exists and has art; an all-ages section lists no mature title.
  if (tiles.some(({ title, imageId }) => !title || imageId === null || (title.mature && !setting.mature)))
    throw refuse([{ field: 'contentIds', problem: 'invalid' }])
  return deps.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('home_sections')
      .values({
        sort: await sectionSort(trx, setting.position),
        section_ui_type: 'default',
        element_ui_type: setting.elementType,
        shuffle_group: setting.shuffleGroup,
        mature: setting.mature,
        url_http: setting.link ?? '',
        top_banner: false,
        start_at: new Date(setting.startsAt),
        end_at: setting.endsAt ? new Date(setting.endsAt) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const sectionId = Number(id)
    await trx
      .insertInto('home_section_texts')
      .values(LOCALES.map((lang) => ({ section_id: sectionId, lang, title: setting.texts[lang].title, additional_text: setting.texts[lang].text })))
      .execute()
    // Each tile is the title itself: its name, in the reader's language, comes from the catalogue.
    await trx
      .insertInto('home_elements')
      .values(
        tiles.map(({ title, imageId }, index) => ({
          section_id: sectionId,
          sort: index + 1,
          content_id: title!.id,
          image_id: imageId!,
          large_image_id: setting.elementType === 'banner_list_content_big_group' ? (title!.images.get('cover_featured') ?? null) : null,
          badge: null,
          badge_expire_at: null,
          url_http: titlePath(title!),
        })),
      )
      .execute()
    const after = readBack(await loadSections(trx, [sectionId], now), 'loadSections')
    await writeAudit(trx, actor, { action: 'section.create', target: `section:${sectionId}`, before: null, after })
    return after
  })
}

/**
 * End a popup, banner or section now: readers no longer see it (one scheduled for later never
 * shows). Ending what has already ended changes nothing and writes nothing.
 */
async function endNow<T extends { endsAt: string | null; state: string }>(
  deps: AppDeps,
  actor: Actor,
  what: { table: 'home_popups' | 'home_elements' | 'home_sections'; action: string; target: string },
  idParam: string | undefined,
  load: (trx: Db, id: number, now: Date) => Promise<T | undefined>,
): Promise<T> {
  const id = parseId(idParam)
  const now = deps.clock.now()
  return deps.db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom(what.table).select('id').where('id', '=', id).forUpdate().executeTakeFirst()
    const before = locked ? await load(trx, id, now) : undefined
    if (!before) throw apiError('notFound')
    if (before.state === 'ended') return before
    await trx.updateTable(what.table).set({ end_at: now }).where('id', '=', id).execute()
    const after = (await load(trx, id, now))!
    await writeAudit(trx, actor, { action: what.action, target: `${what.target}:${id}`, before, after })
    return after
  })
}

export const endPopup = (deps: AppDeps, actor: Actor, id: string | undefined) =>
  endNow(
    deps,
    actor,
    { table: 'home_popups', action: 'popup.end', target: 'popup' },
    id,
    async (trx, popupId, now) => (await loadPopups(trx, [popupId], now))[0],
  )

export const endBanner = (deps: AppDeps, actor: Actor, id: string | undefined) =>
  endNow(deps, actor, { table: 'home_elements', action: 'banner.end', target: 'banner' }, id, async (trx, elementId, now) => {
    const [element] = await loadElements(trx, { ids: [elementId] }, now)
    if (!element) return undefined
    const { sectionId: _section, ...rest } = element
    return rest
  })

export const endSection = (deps: AppDeps, actor: Actor, id: string | undefined) =>
  endNow(
    deps,
    actor,
    { table: 'home_sections', action: 'section.end', target: 'section' },
    id,
    async (trx, sectionId, now) => (await loadSections(trx, [sectionId], now))[0],
  )
