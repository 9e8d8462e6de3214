import type { Badge } from '@koma/contracts/server'
import { bannerArt } from './artwork/covers'
import type { ContentPlan } from './catalogue'
import type { ImageBank } from './images'
import { joinL10n, l10n, type L10n } from './lang'
import { cycle } from './lists'
import { Rng } from './random'
import { GENRE_NAMES, type GenreCode } from './texts/genres'
import { TAGLINES } from './texts/episodes'

const DAY = 86_400_000

/** A title of the catalogue plan and its index there. */
interface Indexed {
  plan: ContentPlan
  index: number
}

/** One tile of a home section, pointing at a title (by its index in the catalogue plan). */
export interface ElementPlan {
  content: number
  image: number
  largeImage: number | null
  badge: Badge | null
  badgeExpireAt: Date | null
  title: L10n
  additional: L10n
  label: L10n | null
}

export interface SectionPlan {
  sectionUiType: string | null
  elementUiType: string | null
  shuffleGroup: string | null
  mature: boolean
  topBanner: boolean
  urlHttp: string
  title: L10n
  additional: L10n
  elements: ElementPlan[]
}

/** Where a title's page is: `/comic/12`, or its coming-soon page. */
export const contentPath = (plan: ContentPlan, id: number): string =>
  plan.status === 'coming_soon' ? `/${plan.type}/coming_soon/${id}` : `/${plan.type}/${id}`

const FREE_LABEL = l10n('23時間ごとに1話無料', 'Free every 23 hours', 'Gratuit toutes les 23 h')
const PICKS = (genre: GenreCode): L10n =>
  l10n(`編集部おすすめ：${GENRE_NAMES[genre].ja}`, `Editors’ picks: ${GENRE_NAMES[genre].en}`, `La sélection de la rédaction : ${GENRE_NAMES[genre].fr}`)

/** The home page: a top banner, headline lists, two shuffle groups, an untyped and a mature section. */
export function planHome(plans: ContentPlan[], bank: ImageBank, now: Date): SectionPlan[] {
  const rng = new Rng('koma-seed/home')
  const hour = Math.floor(now.getTime() / 3_600_000) * 3_600_000
  const soon = (days: number): Date => new Date(hour + days * DAY)
  const indexed: Indexed[] = plans.map((plan, index) => ({ plan, index }))
  const visible = indexed.filter(({ plan }) => !plan.spec.mature && plan.status !== 'coming_soon')
  const byViews = visible.slice().sort((a, b) => b.plan.totalViews - a.plan.totalViews)
  const genreLine = (plan: ContentPlan): L10n => joinL10n(plan.genres.slice(0, 2).map((genre) => GENRE_NAMES[genre]))
  // Titles shown as banners get banner artwork, also listed among their content images.
  const bannerOf = (plan: ContentPlan): number => {
    if (plan.banner === null) plan.banner = bank.add(bannerArt(plan.subject, rng.fork(plan.spec.name.en)))
    return plan.banner
  }
  const tile = ({ plan, index }: Indexed, options: Partial<ElementPlan> = {}): ElementPlan => ({
    content: index,
    image: plan.cover,
    largeImage: null,
    badge: plan.badge,
    badgeExpireAt: null,
    title: l10n(plan.texts.ja.name, plan.texts.en.name, plan.texts.fr.name),
    additional: genreLine(plan),
    label: null,
    ...options,
  })
  const section = (title: L10n, additional: L10n, elementUiType: string | null, elements: ElementPlan[], extra: Partial<SectionPlan> = {}): SectionPlan => ({
    sectionUiType: 'default',
    elementUiType,
    shuffleGroup: null,
    mature: false,
    topBanner: false,
    urlHttp: '',
    title,
    additional,
    elements,
    ...extra,
  })

  const headliners = byViews.filter(({ plan }) => plan.featured !== null).slice(0, 5)
  const topBanner = section(
    l10n('注目作品', 'Featured', 'À la une'),
    l10n('', '', ''),
    'banner',
    headliners.map((entry, i) =>
      tile(entry, {
        image: entry.plan.featured ?? bannerOf(entry.plan),
        largeImage: bannerOf(entry.plan),
        additional: cycle(TAGLINES, i, 'tagline'),
        badge: i === 1 ? 'EVENT' : entry.plan.badge,
        badgeExpireAt: i === 1 ? soon(4) : null,
      }),
    ),
    { sectionUiType: 'top_banner', topBanner: true },
  )

  const withGenre = (genre: GenreCode) => visible.filter(({ plan }) => plan.genres.includes(genre))
  const picks = (['romance', 'fantasy', 'action'] as const).map((genre) =>
    section(
      PICKS(genre),
      l10n('今読むならこの6作', 'Six series to start tonight', 'Six séries à commencer ce soir'),
      'banner_list_content_big_group',
      rng.sample(withGenre(genre), 6).map((entry) => tile(entry, { largeImage: entry.plan.featured ?? entry.plan.keyVisual })),
      { shuffleGroup: 'A' },
    ),
  )

  const newest = visible
    .filter(({ plan }) => plan.status === 'ongoing' && plan.spec.kind !== 'magazine')
    .sort((a, b) => b.plan.publishedAt.getTime() - a.plan.publishedAt.getTime())
  const free = visible.filter(({ plan }) => plan.gaugeUsable).sort((a, b) => b.plan.totalViews - a.plan.totalViews)
  const completed = byViews.filter(({ plan }) => plan.status === 'completed')
  const ofKind = (kind: string) => byViews.filter(({ plan }) => plan.spec.kind === kind)
  const exclusives = byViews.filter(({ plan }) => plan.spec.exclusive)
  const bingeGroup = [
    section(
      l10n('週末に一気読み', 'Binge-worthy this weekend', 'À dévorer ce week-end'),
      l10n('完結・長編をまとめて', 'Long reads and finished stories', 'Longues séries et histoires complètes'),
      'banner_list_group',
      completed
        .concat(byViews.slice(8, 12))
        .slice(0, 4)
        .map((entry) => tile(entry, { image: bannerOf(entry.plan), largeImage: entry.plan.keyVisual })),
      { shuffleGroup: 'B' },
    ),
    section(
      l10n('今月の注目作', 'Spotlight of the month', 'Les immanquables du mois'),
      l10n('編集部が選ぶ話題作', 'Chosen by our editors', 'Choisis par la rédaction'),
      'banner_list_group',
      byViews.slice(5, 9).map((entry) => tile(entry, { image: bannerOf(entry.plan), largeImage: entry.plan.keyVisual })),
      { shuffleGroup: 'B' },
    ),
  ]
  const upcoming = indexed.filter(({ plan }) => plan.status === 'coming_soon' && !plan.spec.mature)
  const mature = indexed.filter(({ plan }) => plan.spec.mature)

  return [
    topBanner,
    section(
      l10n('今話題の作品', 'Trending now', 'Tendances du moment'),
      l10n('今週もっとも読まれた作品', 'Most read this week', 'Les plus lus cette semaine'),
      'content_rank',
      byViews.slice(0, 10).map((entry) => tile(entry)),
      { urlHttp: '/menu/all_comic/ranking' },
    ),
    ...picks,
    section(
      l10n('新着作品', 'New arrivals', 'Nouveautés'),
      l10n('最新話が更新されました', 'Fresh episodes, just out', 'Les épisodes tout juste sortis'),
      'content_list',
      newest.slice(0, 8).map((entry, i) => tile(entry, i < 4 ? { badge: 'NEW', badgeExpireAt: soon(3 + i) } : {})),
      { urlHttp: '/menu/all_comic/new' },
    ),
    section(
      l10n('今日の無料', 'Read free today', 'Gratuit aujourd’hui'),
      l10n('待てば毎日1話無料', 'Wait, then read an episode free', 'Patientez, puis lisez un épisode gratuit'),
      'content_list',
      free.slice(0, 10).map((entry, i) => tile(entry, { label: FREE_LABEL, ...(i < 2 ? { badge: 'EVENT', badgeExpireAt: soon(2 + i * 3) } : {}) })),
      { urlHttp: '/menu/all_comic/free' },
    ),
    ...bingeGroup,
    section(
      l10n('完結作品を一気読み', 'Completed binge', 'Séries terminées à dévorer'),
      l10n('最終話まで配信中', 'Every episode, start to finish', 'Du premier au dernier épisode'),
      'content_big',
      completed.slice(0, 8).map((entry) => tile(entry, { largeImage: entry.plan.keyVisual })),
      { urlHttp: '/menu/all_comic/completed' },
    ),
    section(
      l10n('単行本コミック', 'Manga volumes', 'Mangas en volumes'),
      l10n('試し読みできます', 'Try the first pages free', 'Feuilletez les premières pages'),
      'content_list',
      ofKind('volume').map((entry) => tile(entry)),
      { urlHttp: '/menu/all_comic/store' },
    ),
    section(
      l10n('マンガ雑誌', 'Magazines', 'Magazines'),
      l10n('毎週最新号を配信', 'New issues every week', 'De nouveaux numéros chaque semaine'),
      'content_list',
      ofKind('magazine').map((entry) => tile(entry)),
    ),
    section(
      l10n('Koma独占配信', 'Only on Koma', 'Exclusivités Koma'),
      l10n('ここでしか読めない', 'You won’t find these anywhere else', 'Introuvables ailleurs'),
      'content_big',
      exclusives.slice(0, 8).map((entry) => tile(entry, { largeImage: entry.plan.keyVisual, badge: 'EXCLUSIVE' })),
    ),
    section(
      l10n('近日公開・新連載', 'Coming soon and just started', 'Bientôt et tout juste lancées'),
      l10n('配信開始をお見逃しなく', 'Don’t miss the first episode', 'Ne manquez pas le premier épisode'),
      'content_list',
      [...upcoming, ...newest.slice(0, 4)].map((entry) => tile(entry)),
      { sectionUiType: null },
    ),
    section(
      l10n('大人のための夜読み', 'After dark (18+)', 'Après minuit (18+)'),
      l10n('18歳以上の方向け', 'For readers aged 18 and over', 'Réservé aux plus de 18 ans'),
      'content_list',
      mature.map((entry) => tile(entry)),
      { mature: true, urlHttp: '/menu/all_comic/adult' },
    ),
  ]
}
