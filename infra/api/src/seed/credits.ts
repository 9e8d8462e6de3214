import type { CreatorRole } from '@koma/contracts/server'
import { lastOf } from './lists'
import type { Rng } from './random'
import { AUTHORS, type AuthorText } from './texts/authors'
import type { TitleSpec } from './texts/title-spec'

/** One credit line of a title: an author (index into AUTHORS) in a role. */
export interface Credit {
  author: number
  role: CreatorRole
}

/** The teams behind a title; studios take the 'studio' slot, the editorial desk 'other'. */
const WEBTOON_TEAMS: { roles: CreatorRole[]; weight: number }[] = [
  { roles: ['creator'], weight: 30 },
  { roles: ['writer', 'artist'], weight: 20 },
  { roles: ['writer', 'artist', 'colorist'], weight: 15 },
  { roles: ['original_creator', 'adapter', 'artist'], weight: 10 },
  { roles: ['creator', 'assistant'], weight: 5 },
  { roles: ['writer', 'line_artist', 'colorist', 'assistant'], weight: 8 },
  { roles: ['creator', 'studio'], weight: 7 },
  { roles: ['original_creator', 'writer', 'artist', 'studio'], weight: 5 },
]
const VOLUME_TEAMS: { roles: CreatorRole[]; weight: number }[] = [
  { roles: ['creator'], weight: 50 },
  { roles: ['writer', 'artist'], weight: 30 },
  { roles: ['original_creator', 'artist', 'assistant'], weight: 20 },
]

function weighted<T extends { weight: number }>(rng: Rng, items: readonly T[]): T {
  let roll = rng.range(
    0,
    items.reduce((sum, item) => sum + item.weight, 0),
  )
  for (const item of items) {
    roll -= item.weight
    if (roll < 0) return item
  }
  // Rounding can leave a sliver of the roll: it falls to the last item.
  return lastOf(items, 'weighted item')
}

const indexes = (test: (author: AuthorText) => boolean): number[] => AUTHORS.map((author, i) => (test(author) ? i : -1)).filter((i) => i >= 0)

const isKorean = (en: string): boolean => /^(Kim|Park|Lee|Choi|Yoon|Kang|Han|Seo|Jung|Oh) /.test(en)
const isChinese = (en: string): boolean => /^(Lin|Chen) /.test(en)
const WESTERN = new Set([
  'Claire Dubois',
  'Luca Moretti',
  'Emma Harwood',
  'Thomas Lefèvre',
  'Maya Rodriguez',
  'Jonas Berg',
  'Nora Finch',
  'Samuel Okonkwo',
  'Adèle Martin',
  'Daniel Brooks',
])

type Pool = 'japanese' | 'webtoon' | 'western' | 'studio'

/**
 * Hands out authors so that every one of them works on something: each pool is a shuffled
 * queue that refills when empty.
 */
export class CreditDesk {
  private readonly queues = new Map<string, number[]>()
  private readonly pools: Record<Pool, number[]>
  private readonly editorial: number

  constructor(private readonly rng: Rng) {
    this.pools = {
      japanese: indexes(({ kind, name: { en } }) => kind === 'person' && !isKorean(en) && !isChinese(en) && !WESTERN.has(en)),
      webtoon: indexes(({ kind }) => kind === 'person'),
      western: indexes(({ name: { en } }) => WESTERN.has(en)),
      studio: indexes(({ kind }) => kind === 'studio'),
    }
    this.editorial = AUTHORS.findIndex((author) => author.kind === 'editorial')
  }

  private next(pool: Pool, taken: Set<number>): number {
    let queue = this.queues.get(pool)
    for (let attempt = 0; attempt < 3; attempt++) {
      if (!queue || queue.length === 0) {
        queue = this.rng.shuffle(this.pools[pool])
        this.queues.set(pool, queue)
      }
      const index = queue.findIndex((author) => !taken.has(author))
      const [author] = index >= 0 ? queue.splice(index, 1) : []
      if (author !== undefined) return author
      queue = []
    }
    throw new Error(`no free author in pool ${pool}`)
  }

  creditsFor(spec: TitleSpec): Credit[] {
    const taken = new Set<number>()
    const take = (pool: Pool): number => {
      const author = this.next(pool, taken)
      taken.add(author)
      return author
    }
    if (spec.kind === 'magazine') {
      // A magazine: its editorial desk, and the creators of two of its lead series.
      return [{ author: this.editorial, role: 'other' }, ...[0, 1].map((): Credit => ({ author: take('japanese'), role: 'creator' }))]
    }
    const team = weighted(this.rng, spec.kind === 'volume' ? VOLUME_TEAMS : WEBTOON_TEAMS)
    const people = spec.kind === 'webtoon' ? 'webtoon' : spec.ltr ? 'western' : 'japanese'
    return team.roles.map((role): Credit => ({ author: take(role === 'studio' ? 'studio' : people), role }))
  }
}
