import type { ContentType } from '../routes/params'
import type { ChapterSummary, ChapterUnit, ContentSummary, HomeElement, Inventory, Page } from './types'

/**
 * Discovery shapes (mf-catalog and its API module): menu lists, events, collections, search,
 * coming soon and the library. SPEC §3 names the fields; where it is silent these are ours.
 */

/** SPEC §9: list page size, and the ranking's cap. */
export const PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 50
export const RANKING_CAP = 200

/** A title in a list, with its place when the list is a ranking. */
export interface ListContent extends ContentSummary {
  rank?: number
}

/** A sub-tab of a menu (weekdays, genres): the page keeps the chosen code in `currentItemCode`. */
export interface MenuSubItem {
  code: string
  label: string
}

/** SPEC §3 content list response: contents, topBanner.elements, page. */
export interface ContentList {
  code: string
  title: string
  listUiType: 'grid' | 'rank'
  contents: ListContent[]
  topBanner: { elements: HomeElement[] }
  page: Page
  items: MenuSubItem[]
  currentItemCode: string | null
}

/** What a curated list is. */
export type CollectionKind = 'promotion' | 'catalog' | 'event' | 'book_fair'

/** A curated list: a promotion, a content catalog, an event or a book fair. */
export interface Collection {
  id: number
  kind: CollectionKind
  title: string
  description: string
  themeColor: string
  mature: boolean
  image: { url: string; width: number; height: number } | null
  largeImage: { url: string; width: number; height: number } | null
  startAt: string | null
  endAt: string | null
}

export interface CollectionPage extends Collection {
  contents: ListContent[]
  page: Page
}

/** SPEC §3 Event: mature flag and contents; the event menu lists the running events. */
export interface CatalogEvent extends Collection {
  contents: ListContent[]
}

export interface EventList {
  /** Whether mature events are included (the reader accepted mature content). */
  mature: boolean
  events: CatalogEvent[]
}

export interface SearchResult {
  /** The query as searched (cut to 50 characters). */
  query: string
  contents: ListContent[]
  total: number
  page: Page
}

/** SPEC §3 coming-soon entry. */
export interface ComingSoonEntry {
  content: ContentSummary & { description: string; keyVisual: { url: string; width: number; height: number } | null; publishedAt: string }
  hasTrial: boolean
  trialChapterId: number | null
  /** Seconds until the first episode is published (0 once it is out). */
  publicationRemained: number
  /** The signed-in reader asked to be told on release. */
  notification: boolean
  commentEnabled: boolean
  totalComments: number
}

export const LIBRARY_TABS = ['subscribed', 'recent', 'unlocked'] as const
export type LibraryTab = (typeof LIBRARY_TABS)[number]
export const isLibraryTab = (value: unknown): value is LibraryTab => typeof value === 'string' && (LIBRARY_TABS as readonly string[]).includes(value)

export const LIBRARY_ORDERS = ['date', 'title'] as const
export type LibraryOrder = (typeof LIBRARY_ORDERS)[number]

export interface LibraryItem {
  content: ContentSummary
  /** When it was subscribed, last read or last unlocked (by tab). */
  at: string
  /** The chapter last read (recent) or last unlocked (unlocked). */
  chapter: { id: number; name: string } | null
  /** Unlocked tab: how many chapters are owned or rented. */
  unlockedCount: number
  hidden: boolean
}

export interface LibraryPage {
  tab: LibraryTab
  items: LibraryItem[]
  page: Page
}

/** SPEC §3 chapterUnit: how a title's episodes are counted and sold. */
export const CHAPTER_UNITS = ['chapter', 'volume'] as const satisfies readonly ChapterUnit[]
export const isChapterUnit = (value: unknown): value is ChapterUnit => typeof value === 'string' && (CHAPTER_UNITS as readonly string[]).includes(value)

/** One volume of a title listed by volume: its chapters in reading order. */
export interface EpisodeVolume {
  /** The chapters' volume id; null for a chapter that belongs to no volume (it stands alone). */
  volumeId: number | null
  chapterIds: number[]
}

/**
 * SPEC §7 GET /{type}/{id}/{unit}: a title's episodes in one unit, without the title's own
 * details (those are GET /{type}/{id}). `chapters` is the episode list's chapter list as
 * GET /{type}/{id} sends it (same order, same access state); `volumes` groups them when the unit
 * is volume (empty for chapter).
 */
export interface EpisodeUnitList {
  type: ContentType
  id: number
  unit: ChapterUnit
  /** The unit the title itself is sold in (its episode list's heading). */
  chapterUnit: ChapterUnit
  chapters: ChapterSummary[]
  volumes: EpisodeVolume[]
  inventory: Inventory | null
  activity: { lastReadChapterId: number | null }
}

/** Consecutive chapters of one volume form a volume; a chapter without a volume stands alone. */
export function volumesOf(chapters: readonly Pick<ChapterSummary, 'id' | 'volumeId'>[]): EpisodeVolume[] {
  const result: EpisodeVolume[] = []
  for (const chapter of chapters) {
    const last = result[result.length - 1]
    if (last && chapter.volumeId !== null && last.volumeId === chapter.volumeId) last.chapterIds.push(chapter.id)
    else result.push({ volumeId: chapter.volumeId, chapterIds: [chapter.id] })
  }
  return result
}
