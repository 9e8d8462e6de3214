import { l10n, type L10n } from '../lang'

export const GENRE_CODES = [
  'romance',
  'fantasy',
  'action',
  'drama',
  'comedy',
  'thriller',
  'slice_of_life',
  'sci_fi',
  'horror',
  'sports',
  'mystery',
  'historical',
] as const
export type GenreCode = (typeof GENRE_CODES)[number]

export const GENRE_NAMES: Record<GenreCode, L10n> = {
  romance: l10n('恋愛', 'Romance', 'Romance'),
  fantasy: l10n('ファンタジー', 'Fantasy', 'Fantasy'),
  action: l10n('アクション', 'Action', 'Action'),
  drama: l10n('ドラマ', 'Drama', 'Drame'),
  comedy: l10n('コメディ', 'Comedy', 'Comédie'),
  thriller: l10n('サスペンス', 'Thriller', 'Thriller'),
  slice_of_life: l10n('日常', 'Slice of Life', 'Tranche de vie'),
  sci_fi: l10n('SF', 'Sci-Fi', 'Science-fiction'),
  horror: l10n('ホラー', 'Horror', 'Horreur'),
  sports: l10n('スポーツ', 'Sports', 'Sport'),
  mystery: l10n('ミステリー', 'Mystery', 'Mystère'),
  historical: l10n('歴史', 'Historical', 'Historique'),
}

/** The hue each genre's artwork leans to when a title's colour is picked (degrees). */
export const GENRE_HUES: Record<GenreCode, number> = {
  romance: 340,
  fantasy: 265,
  action: 12,
  drama: 210,
  comedy: 45,
  thriller: 225,
  slice_of_life: 150,
  sci_fi: 190,
  horror: 355,
  sports: 28,
  mystery: 240,
  historical: 30,
}
