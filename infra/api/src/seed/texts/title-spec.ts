import type { Badge, ContentStatus } from '@koma/contracts/server'
import { l10n, type L10n } from '../lang'
import type { GenreCode } from './genres'

/** webtoon: vertical colour comic; volume: paged comic sold by volume; magazine: a magazine comic. */
export type TitleKind = 'webtoon' | 'volume' | 'magazine'

export interface TitleTraits {
  status: ContentStatus
  badge?: Badge | null
  mature?: boolean
  original?: boolean
  exclusive?: boolean
  /** Paged titles only: read left to right (Western-style), instead of right to left. */
  ltr?: boolean
}

/** One title of the catalogue as written by hand: names and premise in every language. */
export interface TitleSpec extends TitleTraits {
  kind: TitleKind
  name: L10n
  premise: L10n
  /** The first is the title's main genre (its colour, its hashtag). */
  genres: [GenreCode, ...GenreCode[]]
}

/** `titleOf('webtoon')(names, premises, genres, traits)`: names and premises as [ja, en, fr]. */
export const titleOf =
  (kind: TitleKind) =>
  (name: [string, string, string], premise: [string, string, string], genres: TitleSpec['genres'], traits: TitleTraits): TitleSpec => ({
    kind,
    name: l10n(...name),
    premise: l10n(...premise),
    genres,
    ...traits,
  })
