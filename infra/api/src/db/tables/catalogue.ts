import type {
  ChapterFileFormat,
  ChapterFileSalesType,
  ChapterUnit,
  ContentStatus,
  ContentType,
  Orientation,
  ReadingDirection,
  ThumbnailType,
} from '@koma/contracts/server'
import type { ColumnType, Generated } from 'kysely'
import type { Timestamp, CreatedAt } from './columns'

export interface ContentsTable {
  id: Generated<number>
  type: ContentType
  orientation: Orientation
  reading_direction: ReadingDirection
  chapter_unit: ChapterUnit
  chapter_file_format: ChapterFileFormat
  status: ContentStatus
  badge: string | null
  mature: boolean
  original: boolean
  exclusive: boolean
  theme_color: string
  total_views: ColumnType<number, number | undefined, number>
  restricted_age: number
  publish_days: number[]
  publisher_name: string
  comment_enabled: boolean
  ads_enabled: boolean
  gauge_usable: boolean
  recover_interval: number
  rental_period: number
  chapter_thumbnail_aspect: number
  published_at: Timestamp
  last_chapter_published_at: Timestamp | null
  created_at: CreatedAt
}

export interface ContentTextsTable {
  content_id: number
  lang: string
  name: string
  description: string
  search_keyword: string
  sns_text: string
}

export interface AuthorsTable {
  id: Generated<number>
}

export interface AuthorTextsTable {
  author_id: number
  lang: string
  name: string
}

export interface ContentAuthorsTable {
  content_id: number
  author_id: number
  role: string
  sort: number
}

export interface GenresTable {
  id: Generated<number>
  code: string
}

export interface GenreTextsTable {
  genre_id: number
  lang: string
  name: string
}

export interface ContentGenresTable {
  content_id: number
  genre_id: number
}

export interface ImagesTable {
  id: Generated<number>
  width: number
  height: number
  mime: string
  /** The bytes, or null when `storage_key` names the object that holds them (storage/, migration 0610). */
  bytes: Buffer | null
  /** The SHA-256 (hex) of the bytes; null on rows written before migration 0610 and not moved since. */
  sha256: string | null
  /** Every insert says both (`...await objects.put(bytes)`): bytes or key, never both. */
  storage_key: string | null
  /** Who may fetch it by its bare id (see migration 0600): every insert says which. */
  access: ImageAccess
  created_at: CreatedAt
}

/** An image encoded ahead of time (issue 34, migration 0270): bytes in the row or in the object store, like the image's own. */
export interface ImageVariantsTable {
  id: Generated<number>
  image_id: number
  /** Format and rendered width: `avif:w768`, or a tall strip's band `avif:t0of2:w768`. */
  variant: string
  mime: string
  sha256: string
  bytes: Buffer | null
  storage_key: string | null
  size: number
  created_at: CreatedAt
}

/** The AVIF backfill's progress (issue 34): it resumes after `last_image_id`. */
export interface ImageBackfillTable {
  name: string
  state: 'running' | 'stopped' | 'done'
  last_image_id: Generated<number>
  images: Generated<number>
  variants: Generated<number>
  failures: Generated<number>
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}

/** 'public': anyone; 'page': a chapter page, only through signed URLs; 'private': its owner only. */
export type ImageAccess = 'public' | 'page' | 'private'

export interface ContentImagesTable {
  content_id: number
  type: ThumbnailType
  image_id: number
  sort: number
}

export interface ChaptersTable {
  id: Generated<number>
  content_id: number
  volume_id: number | null
  sort: number
  published_at: Timestamp
  has_trial: boolean
  aborted: boolean
  free: boolean
  price: number
  original_price: number
  coin_back_price: number
  rental_price: number
  original_rental_price: number
  rent_allowed_with: string[]
  purchase_allowed_with: string[]
  thumbnail_image_id: number | null
}

export interface ChapterTextsTable {
  chapter_id: number
  lang: string
  name: string
  author_comment: string | null
}

export interface ChapterPagesTable {
  chapter_id: number
  sales_type: ChapterFileSalesType
  sort: number
  image_id: number
}

/** A page image's description in one language (migration 0280, issue 37). */
export interface PageDescriptionsTable {
  image_id: number
  lang: string
  description: string
}

export interface HomeSectionsTable {
  id: Generated<number>
  sort: number
  section_ui_type: string | null
  element_ui_type: string | null
  shuffle_group: string | null
  mature: boolean
  url_http: string
  top_banner: boolean
}

export interface HomeSectionTextsTable {
  section_id: number
  lang: string
  title: string
  additional_text: string
}

export interface HomeElementsTable {
  id: Generated<number>
  section_id: number
  sort: number
  content_id: number | null
  image_id: number
  large_image_id: number | null
  badge: string | null
  badge_expire_at: Timestamp | null
  url_http: string
}

export interface HomeElementTextsTable {
  element_id: number
  lang: string
  title: string
  additional_text: string
  label: string | null
}

export interface MenuItemsTable {
  code: string
  sort: number
  api_path: string
  list_ui_type: string
}

export interface MenuItemTextsTable {
  code: string
  lang: string
  label: string
}

/** Titles, chapters, images, home and menu. */
export interface CatalogueTables {
  contents: ContentsTable
  content_texts: ContentTextsTable
  authors: AuthorsTable
  author_texts: AuthorTextsTable
  content_authors: ContentAuthorsTable
  genres: GenresTable
  genre_texts: GenreTextsTable
  content_genres: ContentGenresTable
  images: ImagesTable
  image_variants: ImageVariantsTable
  image_backfill: ImageBackfillTable
  content_images: ContentImagesTable
  chapters: ChaptersTable
  chapter_texts: ChapterTextsTable
  chapter_pages: ChapterPagesTable
  page_descriptions: PageDescriptionsTable
  home_sections: HomeSectionsTable
  home_section_texts: HomeSectionTextsTable
  home_elements: HomeElementsTable
  home_element_texts: HomeElementTextsTable
  menu_items: MenuItemsTable
  menu_item_texts: MenuItemTextsTable
}
