import type { ChapterFileSalesType, ContentType } from '../routes/params'
import type { ReadingDirection, ReadProgress } from './reading'
import type { UserExtraInfo } from './account-types'

/** SPEC §3 entities, as the API sends them. Dates are ISO strings; money and coins are integers. */

export const CREATOR_ROLES = ['creator', 'writer', 'artist', 'assistant', 'original_creator', 'studio', 'line_artist', 'adapter', 'colorist', 'other'] as const
export type CreatorRole = (typeof CREATOR_ROLES)[number]

export interface Author {
  name: string
  role: CreatorRole
}

export type ThumbnailType = 'cover' | 'cover_featured' | 'key_visual' | 'banner'

export interface Thumbnail {
  type: ThumbnailType
  url: string
  width: number
  height: number
  parameter?: string
  sort: number
}

export const BADGES = ['FIN', 'EVENT', 'NEW', 'UP', 'HIATUS', 'HIGHLIGHT', 'HOT', 'EXCLUSIVE', 'MATURE', 'RENTAL_ONLY'] as const
export type Badge = (typeof BADGES)[number]

export type ContentStatus = 'ongoing' | 'completed' | 'hiatus' | 'coming_soon'
export type Orientation = 'vertical' | 'paged'
export type ChapterUnit = 'chapter' | 'volume'
export type ChapterFileFormat = 'image' | 'epub'
export type PaymentKind = 'gauge' | 'ticket' | 'coin' | 'subscribe'

export interface RentalConfig {
  gaugeUsable: boolean
  /** Seconds for the free-read gauge to refill. */
  recoverInterval: number
  /** Seconds a rental lasts. */
  rentalPeriod: number
}

export interface SalesEvent {
  type: 'free_increased' | 'discount'
  endAt: string | null
}

export interface SalesConfig {
  free: boolean
  rentableRemained: number | null
  rentAllowedWith: PaymentKind[]
  purchaseAllowedWith: PaymentKind[]
  event: SalesEvent | null
  originalPrice: number
  price: number
  coinBackPrice: number
  originalRentalPrice: number
  rentalPrice: number
}

export interface CoinInventory {
  freeAmount: number
  purchasedAmount: number
  total: number
}

export interface Inventory {
  coin: CoinInventory
  readForFree: { amount: number; recoverRemained: number }
  ticket: { amount: number }
  rentWithSubscribe: boolean
}

export interface ChapterActivity {
  unlocked: boolean
  rented: boolean
  /** Seconds left on a rental, or 0. */
  rentRemained: number
}

export interface ChapterSummary {
  id: number
  volumeId: number | null
  name: string
  publishedAt: string
  sort: number
  thumbnail: { url: string; width: number; height: number } | null
  hasTrial: boolean
  aborted: boolean
  totalComments: number
  salesConfig: SalesConfig
  activity: ChapterActivity
}

export interface ContentSummary {
  type: ContentType
  id: number
  name: string
  badge: Badge | null
  status: ContentStatus
  mature: boolean
  original: boolean
  exclusive: boolean
  themeColor: string
  totalViews: number
  genres: { name: string }[]
  authors: Author[]
  thumbnails: Thumbnail[]
  orientation: Orientation
  chapterFileFormat: ChapterFileFormat
}

export interface Content extends ContentSummary {
  chapterUnit: ChapterUnit
  description: string
  searchKeyword: string
  icon: string | null
  keyVisual: Thumbnail | null
  adsEnabled: boolean
  commentEnabled: boolean
  lastChapterPublishedAt: string | null
  rentExpireAt: string | null
  rentalConfig: RentalConfig
  restrictedAge: number
  publishDay: number[]
  publisherName: string
  readingDirection: ReadingDirection
  chapterThumbnailAspect: number
  sns: { link: string; tags: string[]; text: string }
  activity: { lastReadChapterId: number | null }
  inventory: Inventory | null
  chapters: ChapterSummary[]
  /**
   * Every page of every released chapter carries a description in the reader's language (issue
   * 37): the episode list shows a "Described" label. Absent or false otherwise.
   */
  described?: boolean
}

export interface PageImage {
  url: string
  width: number
  height: number
  /** A tall strip served in bands, top to bottom (each with its own size); absent when whole. */
  tiles?: PageImage[]
  /**
   * What the page shows (who, what happens, the dialogue) in the reader's language, for screen
   * readers (issue 37); absent when nobody described it (the viewer names the page instead).
   */
  description?: string
}

export interface ChapterNeighbour {
  id: number
  name: string
  /** Set for the next chapter, so the end of a chapter shows its access state (SPEC §4). */
  thumbnail?: { url: string; width: number; height: number } | null
  hasTrial?: boolean
  aborted?: boolean
  salesConfig?: SalesConfig
  activity?: ChapterActivity
}

/** An EPUB's rendition layout and page progression (its package document's). */
export type EpubLayout = 'reflowable' | 'fixed'
export type EpubProgression = 'ltr' | 'rtl'

/** An EPUB chapter: a Readium Web Publication the reader opens from the chapter's epub endpoint. */
export interface ChapterEpub {
  layout: EpubLayout
  readingProgression: EpubProgression
  language: string
  /** Positions (Readium) in the chapter file: the denominator of the reader's progress. */
  positions: number
}

/** A chapter opened in the viewer: only ever sent when the reader may read it. */
export interface Chapter {
  id: number
  contentId: number
  contentType: ContentType
  contentName: string
  /** The title is for adults: only a verified member with mature on was sent it (never drawn or cached by the edge). */
  mature: boolean
  name: string
  salesType: ChapterFileSalesType
  publishedAt: string
  orientation: Orientation
  readingDirection: ReadingDirection
  chapterFileFormat: ChapterFileFormat
  images: PageImage[]
  authorComment: string | null
  previousChapter: ChapterNeighbour | null
  nextChapter: ChapterNeighbour | null
  totalComments: number
  commentEnabled: boolean
  hasTrial?: boolean
  aborted?: boolean
  activity?: ChapterActivity
  /** Set when chapterFileFormat is epub. */
  epub?: ChapterEpub | null
  /** Where the signed-in reader left off in this chapter (SPEC §3 read progress). */
  progress?: (ReadProgress & { finished: boolean }) | null
}

/** Home (SPEC §3). */
export interface HomeElement {
  id: number
  title: string
  additionalText: string
  badge: { type: Badge; expireAt: string | null } | null
  status: ContentStatus | null
  original: boolean
  gaugeUsable: boolean
  ticketUsable: boolean
  coinUsable: boolean
  totalViews: number
  themeColor: string
  imageUrl: string
  width: number
  height: number
  largeScreenImageUrl: string | null
  largeScreenWidth: number | null
  largeScreenHeight: number | null
  label: string | null
  urlScheme: string
  urlHttp: string
  exclusive?: boolean
}

export interface HomeSection {
  id: number
  sectionUiType: string
  elementUiType: string
  shuffleGroup: string
  title: string
  additionalText: string
  urlScheme: string
  urlHttp: string
  elements: HomeElement[]
}

/** A home popup's body: an image, or a content's card. */
export type PopupUiType = 'image' | 'content'
/** A home popup's category (its badge). */
export type PopupCategory = 'free' | 'event' | 'notice'

export interface HomePopup {
  id: number
  area: string
  page: string
  uiType: PopupUiType
  category: PopupCategory | null
  title: string
  description: string
  themeColor: string
  htmlUrl: string | null
  imgUrl: string | null
  width: number | null
  height: number | null
  repeatInterval: number
  appLinkUrl: string | null
  webLinkUrl: string | null
  repeatable: boolean
}

export interface MenuItem {
  code: string
  label: string
  apiPath: string
  listUiType: string
}

export interface HomeLayout {
  popups: HomePopup[]
  sections: HomeSection[]
  topBanner: { id: number; sectionUiType: string; elementUiType: string; title: string; additionalText: string; elements: HomeElement[] } | null
  menu: { holder: string; items: MenuItem[] }
}

/** Account. */
export interface Profile {
  userId: number
  email: string | null
  nickname: string
  guest: boolean
  emailNotify: boolean
  avatarImageUrl: string | null
  externalIdps: string[]
  inventory: Inventory | null
  mature: { acceptMature: boolean; adultVerification: boolean }
  /** Account details for the account screens (issue 5); absent in older fixtures. */
  userExtraInfo?: UserExtraInfo
}

export interface Authentication {
  sessionToken: string
  userId: number
}

/** Coins. */
export interface CoinProduct {
  seq: number
  purchasedAmount: number
  freeAmount: number
  /** Minor units of `currency`: cents for USD, yen for JPY. */
  price: number
  currency: 'USD' | 'JPY'
}

/** Community. */
export interface Comment {
  id: number
  authorUserId: number
  nickname: string
  avatarImageUrl: string | null
  body: string
  likes: number
  liked: boolean
  mine: boolean
  createdAt: string
  /** Where the comment was written: set in a member's comment lists (user page, history). */
  target?: CommentTarget
}

export interface CommentTarget {
  contentType: ContentType
  contentId: number
  chapterId: number
  contentName: string
  chapterName: string
}

export interface Page {
  hasNext: boolean
  currentPageNo: number
  seqNo: number | null
}
