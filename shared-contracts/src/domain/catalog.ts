import type { ContentSummary, HomeElement, Page } from './types'

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

/** A curated list: a promotion, a content catalog, an event or a book fair. */
export interface Collection {
  id: number
  kind: 'promotion' | 'catalog' | 'event' | 'book_fair'
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
