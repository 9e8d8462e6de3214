import type { Badge, ContentStatus } from '@koma/contracts/server'
import { coverArt, featuredArt, keyVisualArt } from './artwork/covers'
import type { ArtSubject } from './artwork/panels'
import { subjectFor } from './artwork/subject'
import { hsl } from './artwork/svg'
import { planChapters, type ChapterPlan, type SalesTerms } from './chapters'
import { CreditDesk, type Credit } from './credits'
import { contentTexts, type ContentText } from './descriptions'
import type { ImageBank } from './images'
import type { Lang } from './lang'
import { Rng } from './random'
import { GENRE_HUES, type GenreCode } from './texts/genres'
import type { TitleSpec } from './texts/title-spec'
import { MAGAZINE_TITLES, VOLUME_TITLES } from './texts/titles-paged'
import { WEBTOON_TITLES } from './texts/titles-webtoon'

const DAY = 86_400_000

/** One title as it will be written, with its chapters and artwork (as image-bank indexes). */
export interface ContentPlan {
  spec: TitleSpec
  type: 'comic' | 'magazine_comic'
  orientation: 'vertical' | 'paged'
  readingDirection: 'ltr' | 'rtl' | 'ttb'
  chapterUnit: 'chapter' | 'volume'
  status: ContentStatus
  badge: Badge | null
  themeColor: string
  totalViews: number
  publishDays: number[]
  publisherName: string
  gaugeUsable: boolean
  publishedAt: Date
  lastChapterPublishedAt: Date | null
  credits: Credit[]
  genres: GenreCode[]
  texts: Record<Lang, ContentText>
  cover: number
  keyVisual: number
  featured: number | null
  /** Set when the home page shows the title in a banner. */
  banner: number | null
  subject: ArtSubject
  chapters: ChapterPlan[]
}

export const ALL_TITLES: TitleSpec[] = [...WEBTOON_TITLES, ...VOLUME_TITLES, ...MAGAZINE_TITLES]

const PUBLISHERS = ['Hoshikaze Shobo', 'Aozora Comics', 'Yumemi Publishing', 'Lumière Éditions', 'Seoul Ink Media', 'Tsukiyo Press']

/** Sales quirks, on chosen titles: a discount campaign, a rental-only run, a suspended chapter. */
const DISCOUNTED = new Set(['The Strongest Healer Wants to Retire', 'The Villainess Enjoys Her Second Life', 'Final Whistle'])
const RENTAL_ONLY = 'A Cook Opens Shop in Another World'
const ABORTED = 'The Midnight Convenience Store'

/** Monday = 1 … Sunday = 7, in UTC. */
export const isoWeekday = (date: Date): number => ((date.getUTCDay() + 6) % 7) + 1

/** Titles that fill the home page's headline spots get a square featured image too. */
const FEATURED_BADGES: ReadonlyArray<Badge | undefined | null> = ['HOT', 'EXCLUSIVE', 'HIGHLIGHT', 'EVENT']

function themeColor(spec: TitleSpec, rng: Rng): string {
  const hue = GENRE_HUES[spec.genres[0]] + rng.range(-25, 25)
  if (spec.mature) return hsl(hue, rng.range(45, 60), rng.range(28, 36))
  return hsl(hue, rng.range(55, 75), rng.range(45, 58))
}

function chapterCount(spec: TitleSpec, rng: Rng, comingSoonIndex: number): number {
  if (spec.status === 'coming_soon') return comingSoonIndex === 0 ? 1 : 0
  if (spec.kind === 'volume') return rng.int(5, 8)
  if (spec.kind === 'magazine') return rng.int(4, 6)
  return spec.status === 'completed' ? rng.int(12, 20) : rng.int(8, 20)
}

/** Reads so far: hundreds for unreleased titles, millions for the hits. */
function views(spec: TitleSpec, rng: Rng): number {
  if (spec.status === 'coming_soon') return rng.int(120, 950)
  if (spec.badge === 'HOT') return Math.round(10 ** rng.range(6.4, 7.5))
  return Math.round(10 ** rng.range(3.2, 6.9))
}

export function planCatalogue(now: Date, bank: ImageBank): ContentPlan[] {
  const root = new Rng('koma-seed/catalogue')
  const desk = new CreditDesk(root.fork('credits'))
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000)
  let ongoing = 0
  let comingSoon = 0

  const plans = ALL_TITLES.map((spec): ContentPlan => {
    const rng = root.fork(spec.name.en)
    const theme = themeColor(spec, rng)
    const subject = subjectFor(theme, spec.genres, rng.fork('art'))
    const monoSubject = subjectFor(theme, spec.genres, rng.fork('art'), true)
    const credits = desk.creditsFor(spec)

    // Weekly schedule: every weekday gets titles, in turn; a few titles run twice a week.
    const publishDays: number[] = []
    if (spec.status === 'ongoing') {
      const first = (ongoing++ % 7) + 1
      publishDays.push(first)
      if (spec.kind === 'webtoon' && rng.chance(0.3)) publishDays.push(((first + rng.int(2, 4) - 1) % 7) + 1)
      publishDays.sort((a, b) => a - b)
    }

    const comingSoonIndex = spec.status === 'coming_soon' ? comingSoon++ : -1
    const count = chapterCount(spec, rng, comingSoonIndex)
    let latest: Date
    if (spec.status === 'ongoing') {
      const today = isoWeekday(hour)
      const back = Math.min(...publishDays.map((day) => (today - day + 7) % 7))
      latest = new Date(hour.getTime() - back * DAY)
    } else if (spec.status === 'hiatus') latest = new Date(hour.getTime() - rng.int(45, 120) * DAY)
    else if (spec.status === 'completed') latest = new Date(hour.getTime() - rng.int(20, 400) * DAY)
    else latest = new Date(hour.getTime() + (comingSoonIndex === 0 ? 5 : 19) * DAY)
    const spacingDays = spec.kind === 'volume' ? 30 : 7

    const gaugeUsable = spec.status !== 'coming_soon' && rng.chance(0.5)
    const terms: SalesTerms = {
      price: rng.int(3, 5),
      rentalPrice: gaugeUsable || rng.chance(0.4) ? rng.int(1, 2) : null,
      gaugeUsable,
      discount: DISCOUNTED.has(spec.name.en) ? [Math.max(4, count - 3), count] : null,
      rentalOnly: spec.name.en === RENTAL_ONLY ? [4, 6] : null,
      abortedSort: spec.name.en === ABORTED ? 5 : null,
    }
    const chapters = planChapters({ spec, count, latest, spacingDays, terms, subject, monoSubject, bank, rng: rng.fork('chapters') })
    const launch = chapters[0]?.publishedAt ?? latest

    const art = rng.fork('key-art')
    const cover = bank.add(coverArt(subject, spec.kind, art.fork('cover')))
    const keyVisual = bank.add(keyVisualArt(subject, art.fork('key-visual')))
    const featured = FEATURED_BADGES.includes(spec.badge) && !spec.mature ? bank.add(featuredArt(subject, art.fork('featured'))) : null

    return {
      spec,
      type: spec.kind === 'magazine' ? 'magazine_comic' : 'comic',
      orientation: spec.kind === 'webtoon' ? 'vertical' : 'paged',
      readingDirection: spec.kind === 'webtoon' ? 'ttb' : spec.ltr ? 'ltr' : 'rtl',
      chapterUnit: spec.kind === 'volume' ? 'volume' : 'chapter',
      status: spec.status,
      badge: spec.mature ? null : (spec.badge ?? null),
      themeColor: theme,
      totalViews: views(spec, rng),
      publishDays,
      publisherName: spec.original ? 'Koma Originals' : spec.kind === 'magazine' ? 'Koma Publishing' : rng.pick(PUBLISHERS),
      gaugeUsable,
      publishedAt: spec.status === 'coming_soon' ? latest : launch,
      lastChapterPublishedAt: spec.status === 'coming_soon' ? null : (chapters.at(-1)?.publishedAt ?? null),
      credits,
      genres: spec.genres,
      texts: contentTexts({ spec, days: publishDays, chapterCount: count, launch: latest, authorIndexes: credits.map((credit) => credit.author) }),
      cover,
      keyVisual,
      featured,
      banner: null,
      subject,
      chapters,
    }
  })
  // The biggest hit passes a hundred million views (億 in Japanese).
  const top = plans.filter((plan) => plan.badge === 'HOT').reduce((best, plan) => (plan.totalViews > best.totalViews ? plan : best))
  top.totalViews = 100_000_000 + Math.round(root.range(0.1, 0.6) * 100_000_000)
  return plans
}
