import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { insertAll, insertReturningIds } from './batch'
import { LANGS, l10n, type L10n } from './lang'
import { itemAt, withIds } from './lists'

const DAY = 86_400_000

interface Title {
  id: number
  type: 'comic' | 'magazine_comic'
  status: string
  mature: boolean
  gauge: boolean
  unit: string
  views: number
  genres: string[]
  keyVisual: number
  featured: number | null
}

interface CollectionPlan {
  kind: 'promotion' | 'catalog' | 'event' | 'book_fair'
  title: L10n
  description: L10n
  themeColor: string
  mature?: boolean
  menuCode?: string
  startDays?: number
  endDays?: number
  titles: Title[]
}

/**
 * Discovery data written after the catalogue: promotions, a content catalog, events (one of
 * them mature), a book fair, home popups, and a home row of campaign banners. Reads the titles
 * back from the database, so it depends only on what the catalogue seed wrote.
 */
export async function seedDiscovery(db: Kysely<Database>, now: Date): Promise<{ collections: number; popups: number }> {
  if (await db.selectFrom('collections').select('id').limit(1).executeTakeFirst()) return { collections: 0, popups: 0 }
  const rows = await db.selectFrom('contents').select(['id', 'type', 'status', 'mature', 'gauge_usable', 'chapter_unit', 'total_views']).orderBy('id').execute()
  const genres = await db.selectFrom('content_genres as cg').innerJoin('genres as g', 'g.id', 'cg.genre_id').select(['cg.content_id', 'g.code']).execute()
  const images = await db.selectFrom('content_images').select(['content_id', 'type', 'image_id']).execute()
  const imageOf = (id: number, type: string) => images.find((row) => Number(row.content_id) === id && row.type === type)?.image_id ?? null
  const titles: Title[] = rows.map((row) => ({
    id: Number(row.id),
    type: row.type,
    status: row.status,
    mature: row.mature,
    gauge: row.gauge_usable,
    unit: row.chapter_unit,
    views: Number(row.total_views),
    genres: genres.filter((g) => Number(g.content_id) === Number(row.id)).map((g) => g.code),
    keyVisual: Number(imageOf(Number(row.id), 'key_visual')),
    featured: imageOf(Number(row.id), 'cover_featured'),
  }))
  const visible = titles.filter((t) => !t.mature && t.status !== 'coming_soon')
  const byViews = [...visible].sort((a, b) => b.views - a.views)
  const withGenre = (...codes: string[]) => byViews.filter((t) => t.genres.some((g) => codes.includes(g)))

  const plans: CollectionPlan[] = [
    {
      kind: 'promotion',
      title: l10n('23時間ごとに無料！待てば読めるキャンペーン', 'Free every 23 hours: wait, then read', 'Gratuit toutes les 23 h : patientez, puis lisez'),
      description: l10n(
        'ゲージがたまれば次の話が無料。毎日少しずつ読み進めよう。',
        'When the gauge refills, the next episode is on us. A little every day.',
        'Quand la jauge se remplit, l’épisode suivant est offert. Un peu chaque jour.',
      ),
      themeColor: '#7b3fe4',
      menuCode: 'free',
      titles: byViews.filter((t) => t.gauge).slice(0, 12),
    },
    {
      kind: 'promotion',
      title: l10n('悪役令嬢＆ロマンスフェア', 'Villainesses & Romance Fair', 'Festival des méchantes et de la romance'),
      description: l10n('ときめきが止まらない恋愛作品を集めました。', 'Swoon-worthy romances, all in one place.', 'Des romances à faire fondre, réunies ici.'),
      themeColor: '#d81b60',
      titles: withGenre('romance').slice(0, 10),
    },
    {
      kind: 'catalog',
      title: l10n(
        '編集部セレクション：今夜から読みたい25作',
        'Editors’ selection: 25 series to start tonight',
        'Sélection de la rédaction : 25 séries à commencer ce soir',
      ),
      description: l10n(
        'ジャンルを問わず、編集部が自信をもっておすすめする作品です。',
        'Across every genre, the series our editors can’t stop talking about.',
        'Tous genres confondus, les séries dont la rédaction ne cesse de parler.',
      ),
      themeColor: '#1e88e5',
      menuCode: 'new',
      titles: byViews.slice(0, 25),
    },
    {
      kind: 'event',
      title: l10n('ハロウィン・ホラーウィーク', 'Halloween Horror Week', 'Semaine de l’horreur d’Halloween'),
      description: l10n(
        '背筋が凍るホラー＆ミステリー。第1話から3話まで無料。',
        'Spine-chilling horror and mystery. Episodes 1 to 3 free.',
        'Horreur et mystère à glacer le sang. Épisodes 1 à 3 gratuits.',
      ),
      themeColor: '#37474f',
      startDays: -10,
      endDays: 12,
      titles: withGenre('horror', 'mystery', 'thriller').slice(0, 8),
    },
    {
      kind: 'event',
      title: l10n('スポーツ決勝ウィーク', 'Sports Finals Week', 'Semaine des finales'),
      description: l10n(
        '熱い試合をもう一度。スポーツ作品を一気読み。',
        'Relive the big games: sports series to binge.',
        'Revivez les grands matchs : des séries sportives à dévorer.',
      ),
      themeColor: '#2e7d32',
      startDays: -3,
      endDays: 25,
      titles: withGenre('sports').slice(0, 8),
    },
    {
      kind: 'event',
      title: l10n('大人の夜更かしフェア（18+）', 'Late-Night Fair (18+)', 'Nocturne pour adultes (18+)'),
      description: l10n('18歳以上の方向けの作品特集です。', 'Titles for readers aged 18 and over.', 'Des titres réservés aux plus de 18 ans.'),
      themeColor: '#4a148c',
      mature: true,
      startDays: -5,
      endDays: 30,
      titles: titles.filter((t) => t.mature),
    },
    {
      kind: 'book_fair',
      title: l10n('単行本・雑誌ブックフェア', 'Volumes & Magazines Book Fair', 'Foire aux volumes et magazines'),
      description: l10n(
        '紙の雑誌や単行本の名作をまとめて。試し読みもできます。',
        'Classic volumes and weekly magazines, with free previews.',
        'Volumes cultes et magazines hebdomadaires, avec aperçus gratuits.',
      ),
      themeColor: '#ef6c00',
      menuCode: 'store',
      startDays: -7,
      endDays: 21,
      titles: byViews.filter((t) => t.unit === 'volume' || t.type === 'magazine_comic'),
    },
  ]
  const at = (days: number | undefined) => (days === undefined ? null : new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + days * DAY))
  const ids = await insertReturningIds(
    db,
    'collections',
    plans.map((plan, sort) => ({
      kind: plan.kind,
      sort,
      theme_color: plan.themeColor,
      image_id: plan.titles[0]?.keyVisual ?? null,
      large_image_id: plan.titles[1]?.keyVisual ?? null,
      mature: plan.mature ?? false,
      menu_code: plan.menuCode ?? null,
      start_at: at(plan.startDays),
      end_at: at(plan.endDays),
    })),
  )
  const collections = withIds(plans, ids, 'collections')
  await insertAll(
    db,
    'collection_texts',
    collections.flatMap(([plan, id]) => LANGS.map((lang) => ({ collection_id: id, lang, title: plan.title[lang], description: plan.description[lang] }))),
  )
  await insertAll(
    db,
    'collection_items',
    collections.flatMap(([plan, id]) => plan.titles.map((title, sort) => ({ collection_id: id, content_id: title.id, sort }))),
  )

  const pathOf = (plan: CollectionPlan, id: number) =>
    plan.kind === 'catalog'
      ? `/menu/content_catalog/${id}`
      : plan.kind === 'promotion'
        ? `/menu/promotion/${id}`
        : plan.kind === 'event'
          ? '/menu/all_comic/event'
          : '/menu/all_comic/store'
  /** The i-th collection of `plans` and its page. */
  const collection = (i: number) => {
    const [plan, id] = itemAt(collections, i, 'collection')
    return { plan, path: pathOf(plan, id) }
  }
  const featured = byViews.find((t) => t.featured !== null)
  const popups = [
    {
      ui_type: 'content' as const,
      category: 'event' as const,
      page: 'main',
      theme_color: '#e53935',
      image_id: null,
      link: collection(3).path,
      repeat: 86_400,
      text: collection(3).plan,
    },
    {
      ui_type: 'image' as const,
      category: null,
      page: 'main',
      theme_color: '#111111',
      image_id: featured?.featured ?? null,
      link: collection(1).path,
      repeat: 3 * 86_400,
      text: collection(1).plan,
    },
    {
      ui_type: 'content' as const,
      category: 'free' as const,
      page: 'free',
      theme_color: '#7b3fe4',
      image_id: null,
      link: collection(0).path,
      repeat: 86_400,
      text: collection(0).plan,
    },
  ]
  const popupIds = await insertReturningIds(
    db,
    'home_popups',
    popups.map((popup, sort) => ({
      sort,
      area: 'home',
      page: popup.page,
      ui_type: popup.ui_type,
      category: popup.category,
      theme_color: popup.theme_color,
      image_id: popup.image_id,
      repeatable: true,
      repeat_interval: popup.repeat,
      web_link_url: popup.link,
      app_link_url: `koma:/${popup.link}`,
      mature: false,
    })),
  )
  await insertAll(
    db,
    'home_popup_texts',
    withIds(popups, popupIds, 'popups').flatMap(([popup, popupId]) =>
      LANGS.map((lang) => ({ popup_id: popupId, lang, title: popup.text.title[lang], description: popup.text.description[lang] })),
    ),
  )

  // A row of campaign banners on the home page, right after the ranking.
  await sql`update home_sections set sort = sort + 1 where sort >= 3`.execute(db)
  const [sectionId] = await insertReturningIds(db, 'home_sections', [
    {
      sort: 3,
      section_ui_type: 'default',
      element_ui_type: 'banner',
      shuffle_group: null,
      mature: false,
      url_http: '/menu/all_comic/event',
      top_banner: false,
    },
  ])
  if (sectionId === undefined) throw new Error('Seed: the campaign banner section was not inserted')
  await insertAll(
    db,
    'home_section_texts',
    LANGS.map((lang) => ({
      section_id: sectionId,
      lang,
      ...{
        ja: { title: '開催中のキャンペーン', additional_text: 'イベント・フェア・特集' },
        en: { title: 'Campaigns now on', additional_text: 'Events, fairs and features' },
        fr: { title: 'Opérations en cours', additional_text: 'Événements, foires et dossiers' },
      }[lang],
    })),
  )
  // Collections with at least one title, each shown by its first title's key visual.
  const shown = [0, 2, 3, 6, 1].map(collection).flatMap(({ plan, path }) => {
    const [first] = plan.titles
    return first === undefined ? [] : [{ plan, path, keyVisual: first.keyVisual }]
  })
  const elementIds = await insertReturningIds(
    db,
    'home_elements',
    shown.map(({ plan, path, keyVisual }, sort) => ({
      section_id: sectionId,
      sort: sort + 1,
      content_id: null,
      image_id: keyVisual,
      large_image_id: null,
      badge: plan.kind === 'event' ? 'EVENT' : null,
      badge_expire_at: at(plan.endDays),
      url_http: path,
    })),
  )
  await insertAll(
    db,
    'home_element_texts',
    withIds(shown, elementIds, 'campaign banners').flatMap(([{ plan }, elementId]) =>
      LANGS.map((lang) => ({ element_id: elementId, lang, title: plan.title[lang], additional_text: plan.description[lang], label: null })),
    ),
  )
  return { collections: ids.length, popups: popupIds.length }
}
