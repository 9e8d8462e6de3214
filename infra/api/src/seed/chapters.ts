import type { ArtSubject } from './artwork/panels'
import { episodeThumbnail, mangaPage, webtoonStrip } from './artwork/pages'
import type { ImageBank } from './images'
import type { L10n } from './lang'
import { cycle } from './lists'
import type { Rng } from './random'
import { AUTHOR_COMMENTS, EPISODE_SUBTITLES, episodeName, issueName, volumeName } from './texts/episodes'
import type { TitleSpec } from './texts/title-spec'

const DAY = 86_400_000

export type PaymentKind = 'gauge' | 'ticket' | 'coin'

/** One chapter (episode, volume or issue) as it will be written. */
export interface ChapterPlan {
  sort: number
  volumeId: number | null
  publishedAt: Date
  hasTrial: boolean
  aborted: boolean
  free: boolean
  price: number
  originalPrice: number
  rentalPrice: number
  originalRentalPrice: number
  rentAllowedWith: PaymentKind[]
  purchaseAllowedWith: PaymentKind[]
  /** Image indexes in the bank. */
  thumbnail: number
  pages: number[]
  trialPages: number[]
  name: L10n
  authorComment: L10n | null
}

/** How a title sells its chapters. */
export interface SalesTerms {
  price: number
  /** Coin rental offered on older paid chapters (always with the free-read gauge). */
  rentalPrice: number | null
  gaugeUsable: boolean
  /** Chapters sold at a discount: [from sort, to sort]. */
  discount: readonly [number, number] | null
  /** Chapters offered for rent only. */
  rentalOnly: readonly [number, number] | null
  /** A chapter whose sales were suspended. */
  abortedSort: number | null
}

export interface ChapterInput {
  spec: TitleSpec
  count: number
  /** When the newest chapter came out; older ones step back from it. */
  latest: Date
  spacingDays: number
  terms: SalesTerms
  subject: ArtSubject
  monoSubject: ArtSubject
  bank: ImageBank
  rng: Rng
}

/** Pages of a title are drawn once as a pool; each chapter picks its own selection and order. */
function pagePool(input: ChapterInput): number[] {
  const { spec, bank, rng } = input
  const size = spec.kind === 'webtoon' ? (spec.status === 'coming_soon' ? 8 : 12) : spec.kind === 'volume' ? 16 : 14
  return Array.from({ length: size }, (_, i) => {
    const pageRng = rng.fork(`page-${i}`)
    if (spec.kind === 'webtoon') return bank.add(webtoonStrip(input.subject, pageRng), 'page')
    return bank.add(mangaPage(input.monoSubject, pageRng, !spec.ltr), 'page')
  })
}

function pagesFor(spec: TitleSpec, pool: number[], rng: Rng): number[] {
  const count = spec.kind === 'webtoon' ? rng.int(6, 10) : spec.kind === 'volume' ? rng.int(10, 16) : rng.int(10, 14)
  const order = rng.shuffle(pool)
  return Array.from({ length: count }, (_, i) => cycle(order, i, 'pool page'))
}

export function planChapters(input: ChapterInput): ChapterPlan[] {
  const { spec, count, latest, spacingDays, terms, bank, rng } = input
  if (count === 0) return []
  const pool = pagePool(input)
  const subtitles = rng.shuffle(EPISODE_SUBTITLES)
  const issueBase = rng.int(8, 40)
  const comingSoon = spec.status === 'coming_soon'
  const plans: ChapterPlan[] = []
  for (let sort = 1; sort <= count; sort++) {
    const crng = rng.fork(`chapter-${sort}`)
    const pages = pagesFor(spec, pool, crng)
    const free = !comingSoon && sort <= 3
    const paid = !comingSoon && !free
    const inRange = (range: readonly [number, number] | null): boolean => range !== null && sort >= range[0] && sort <= range[1]
    const rentalOnly = paid && inRange(terms.rentalOnly)
    // The newest two chapters of a running series are sold, not rented.
    const rentable = paid && (rentalOnly || (terms.rentalPrice !== null && sort <= count - 2))
    const price = paid && !rentalOnly ? terms.price : -1
    const discounted = paid && !rentalOnly && inRange(terms.discount)
    const rentalPrice = rentable ? (terms.rentalPrice ?? 2) : -1
    const hasTrial = spec.kind !== 'webtoon' ? paid : comingSoon
    const name =
      spec.kind === 'volume'
        ? volumeName(sort)
        : spec.kind === 'magazine'
          ? issueName(issueBase + sort)
          : episodeName(sort, crng.chance(0.5) ? cycle(subtitles, sort - 1, 'episode subtitle') : null)
    const newest = sort === count && spec.status === 'ongoing'
    plans.push({
      sort,
      volumeId: spec.kind === 'volume' ? sort : null,
      publishedAt: new Date(latest.getTime() - (count - sort) * spacingDays * DAY),
      hasTrial,
      aborted: terms.abortedSort === sort,
      free,
      price: discounted ? Math.max(1, price - crng.int(1, 2)) : price,
      originalPrice: price,
      rentalPrice,
      originalRentalPrice: rentalPrice,
      rentAllowedWith: rentable ? (terms.gaugeUsable ? ['gauge', 'ticket', 'coin'] : ['coin']) : [],
      purchaseAllowedWith: price >= 0 ? ['coin'] : [],
      thumbnail: bank.add(episodeThumbnail(input.subject, crng.fork('thumbnail'))),
      pages,
      trialPages: hasTrial ? pages.slice(0, 3) : [],
      name,
      authorComment: (newest && spec.exclusive) || crng.chance(0.15) ? crng.pick(AUTHOR_COMMENTS) : null,
    })
  }
  return plans
}
