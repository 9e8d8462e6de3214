import type { ChapterFileSalesType, EpubLayout, EpubProgression } from '@koma/contracts/server'
import type { Generated } from 'kysely'
import type { CreatedAt } from './columns'

export interface EpubFilesTable {
  id: Generated<number>
  sha256: string
  /** The EPUB, or null when `storage_key` names the object that holds it (storage/, migration 0610). */
  bytes: Buffer | null
  /** Every insert says both (`...await objects.put(bytes)`): bytes or key, never both. */
  storage_key: string | null
  layout: EpubLayout
  reading_progression: EpubProgression
  language: string
  /** RWPM JSON with zip-path hrefs (no self link: the API adds it per chapter). */
  manifest: string
  /** Readium positions list JSON. */
  positions: string
  created_at: CreatedAt
}

export interface ChapterEpubsTable {
  chapter_id: number
  sales_type: ChapterFileSalesType
  epub_id: number
  /** Trial files read only this many reading-order items; null reads them all. */
  reading_order_limit: number | null
}

/** EPUB chapters (the viewer's novels). */
export interface ViewerTables {
  epub_files: EpubFilesTable
  chapter_epubs: ChapterEpubsTable
}
