import type { CollectionKind, PopupCategory, PopupUiType } from '@koma/contracts/server'
import type { Generated } from 'kysely'
import type { CreatedAt, Timestamp } from './columns'

export interface HomePopupsTable {
  id: Generated<number>
  sort: number
  area: string
  page: string
  ui_type: PopupUiType
  category: PopupCategory | null
  theme_color: string
  image_id: number | null
  html_url: string | null
  repeatable: boolean
  /** Seconds before a repeatable popup shows again. */
  repeat_interval: number
  app_link_url: string | null
  web_link_url: string | null
  mature: boolean
  start_at: Timestamp | null
  end_at: Timestamp | null
}

export interface HomePopupTextsTable {
  popup_id: number
  lang: string
  title: string
  description: string
}

export interface CollectionsTable {
  id: Generated<number>
  kind: CollectionKind
  sort: number
  theme_color: string
  image_id: number | null
  large_image_id: number | null
  mature: boolean
  /** A menu whose top banner shows this collection. */
  menu_code: string | null
  start_at: Timestamp | null
  end_at: Timestamp | null
}

export interface CollectionTextsTable {
  collection_id: number
  lang: string
  title: string
  description: string
}

export interface CollectionItemsTable {
  collection_id: number
  content_id: number
  sort: number
}

export interface MemberContentTable {
  member_id: number
  content_id: number
  created_at: CreatedAt
}

/** Discovery: popups, collections, library and release notifications. */
export interface DiscoveryTables {
  home_popups: HomePopupsTable
  home_popup_texts: HomePopupTextsTable
  collections: CollectionsTable
  collection_texts: CollectionTextsTable
  collection_items: CollectionItemsTable
  library_subscriptions: MemberContentTable
  library_hidden: MemberContentTable
  release_notifications: MemberContentTable
}
