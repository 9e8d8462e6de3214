import type { Rng } from '../random'
import type { GenreCode } from '../texts/genres'
import { castFor, type OutfitStyle } from './figures'
import type { ArtSubject } from './panels'
import { scenesForGenres } from './scenes'
import { paletteFor } from './svg'

const GENRE_OUTFITS: Partial<Record<GenreCode, OutfitStyle[]>> = {
  fantasy: ['armor', 'collar', 'vneck'],
  historical: ['armor', 'collar'],
  action: ['armor', 'hood', 'vneck'],
  thriller: ['tie', 'collar'],
  mystery: ['tie', 'hood'],
  drama: ['tie', 'vneck', 'collar'],
  sci_fi: ['hood', 'collar'],
  horror: ['hood', 'tie'],
  sports: ['vneck', 'hood'],
  romance: ['collar', 'tie', 'vneck'],
}

const outfitsFor = (genres: readonly GenreCode[]): OutfitStyle[] => {
  const styles = genres.flatMap((genre) => GENRE_OUTFITS[genre] ?? [])
  return styles.length ? styles : ['vneck', 'collar', 'hood']
}

/** A title's artwork subject: its palette, recurring cast and the backdrops its genres call for. */
export function subjectFor(theme: string, genres: readonly GenreCode[], rng: Rng, mono = false): ArtSubject {
  const colour = paletteFor(theme)
  return {
    pal: mono ? paletteFor(theme, true) : colour,
    // The cast is picked from the colour palette, so a manga's pages and its cover agree.
    cast: castFor(rng.fork('cast'), colour, outfitsFor(genres)),
    scenes: scenesForGenres(genres),
    horror: genres.includes('horror'),
    romance: genres.includes('romance'),
    action: genres.includes('action') || genres.includes('sports'),
  }
}
