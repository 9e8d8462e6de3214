import type { Locale } from '../../i18n/locales'
import type { Content, HomeLayout } from '../../domain/types'
import type { CollectionPage, ComingSoonEntry, ContentList, EpisodeUnitList, EventList, LibraryPage, SearchResult } from '../../domain/catalog'
import type { ReadingExport, ReadingStats } from '../../domain/readingStats'
import { endpoint, type ContentParams, type None } from '../endpoint'

/** How an image is asked for: preset width, density, format, and a page's signature. */
export interface ImageQuery {
  w?: string
  dpr?: string
  format?: string
  /** Signed page URLs: expiry (epoch seconds) and signature. */
  e?: string
  s?: string
}

/** Platform and discovery endpoints. */
export const platformEndpoints = {
  clientIp: endpoint<None, None, None, { ip: string; now: number }>('GET', '/ip', true),
  /** A stored image at a SPEC §9 preset; chapter pages only with the signature (e, s) the chapter call handed out. */
  image: endpoint<{ imageId: string }, ImageQuery, None, Blob>('GET', '/image/:imageId', true),
  /** One band of a tall strip (PageImage.tiles), signed like its page. */
  imageTile: endpoint<{ imageId: string; index: string; count: string }, ImageQuery, None, Blob>('GET', '/image/:imageId/tile/:index/:count', true),
  /** SPEC §7: a reader arrived from a marketing e-mail link carrying `mmid` (message) and `mmc` (campaign code). */
  pushEmailReport: endpoint<{ mmid: string; mmc: string }, None, None, { reported: boolean }>('POST', '/push/email/report/:mmid/:mmc'),
  /** First-party analytics (SPEC §7): a batch of events as JSON text; stored: 0 when the reader chose not to share. */
  analyticsEvents: endpoint<None, None, { events: string }, { stored: number }>('POST', '/analytics/events'),
} as const

/** Paging of lists (SPEC §7): pageSize 20, and pageNo or seqNo. */
export interface PagingQuery {
  pageNo?: string
  seqNo?: string
  pageSize?: string
}

/** The episode list: the title, plus the reader's own state of it. */
export interface ContentDetail extends Content {
  /** In the reader's library (subscribed). */
  subscribed: boolean
}

/** A public title as the sitemap lists it (mature titles are never listed). */
export interface SitemapTitle {
  type: Content['type']
  id: number
  /** Its page: the episode list, or the coming-soon page before release. */
  page: 'episodes' | 'comingSoon'
  /** ISO time of its last change readers can see (its newest episode, else its publication). */
  updatedAt: string
}

export const catalogEndpoints = {
  /** Every public title, for the edge's sitemap.xml (no SPEC §7 headers: crawlers' view). */
  sitemapTitles: endpoint<None, None, None, { titles: SitemapTitle[] }>('GET', '/sitemap/titles', true),
  home: endpoint<{ lang: Locale }, None, None, HomeLayout>('GET', '/:lang/home'),
  /** SPEC §7: the home with mature sections, for readers who accepted mature content. */
  homeMature: endpoint<{ lang: Locale }, None, None, HomeLayout>('GET', '/:lang/home/mature'),
  /**
   * The home as readers will see it at `at` (default now), scheduled popups, banners and sections
   * included: an operator's preview (issue 17). Operators with a confirmed second factor only
   * (401 signed out, 403 anyone else); never cached.
   */
  homePreview: endpoint<{ lang: Locale }, { at?: string; mature?: 'true' | 'false' }, None, HomeLayout>('GET', '/:lang/home/preview'),
  content: endpoint<ContentParams, None, None, ContentDetail>('GET', '/:type/:id'),
  /**
   * SPEC §7 GET /{type}/{id}/{unit}: the title's episodes alone, in a unit (`chapter` or `volume`,
   * SPEC §3 chapterUnit), with the reader's access state; any other unit is a 404.
   */
  contentUnit: endpoint<ContentParams & { unit: string }, None, None, EpisodeUnitList>('GET', '/:type/:id/:unit'),
  /** GET /menu/{a}/{b}: new, ranking, free, daily, completed, adult, store, genre. */
  menuList: endpoint<{ holder: string; code: string }, PagingQuery & { currentItemCode?: string }, None, ContentList>('GET', '/menu/:holder/:code'),
  /** GET /menu/{a}/genre/{b}. */
  menuGenre: endpoint<{ holder: string; genre: string }, PagingQuery, None, ContentList>('GET', '/menu/:holder/genre/:genre'),
  /** GET /{prefix}/event: the running events, with the mature flag. */
  events: endpoint<{ prefix: string }, None, None, EventList>('GET', '/:prefix/event'),
  promotion: endpoint<{ id: string }, PagingQuery, None, CollectionPage>('GET', '/menu/promotion/:id'),
  /** GET /{prefix}/{catalogId} with the content_catalog prefix. */
  contentCatalog: endpoint<{ id: string }, PagingQuery, None, CollectionPage>('GET', '/content_catalog/:id'),
  search: endpoint<None, None, { query: string; pageNo?: string; pageSize?: string }, SearchResult>('POST', '/search'),
  comingSoon: endpoint<ContentParams, None, None, ComingSoonEntry>('GET', '/:type/coming_soon/:id/product'),
  releaseNotificationOn: endpoint<ContentParams, None, None, { notification: boolean }>('PUT', '/:type/coming_soon/:id/notification'),
  releaseNotificationOff: endpoint<ContentParams, None, None, { notification: boolean }>('DELETE', '/:type/coming_soon/:id/notification'),
  library: endpoint<{ tab: string }, PagingQuery & { order?: string; hidden?: string }, None, LibraryPage>('GET', '/library/:tab'),
  subscribe: endpoint<ContentParams, None, None, { subscribed: boolean }>('PUT', '/library/subscriptions/:type/:id'),
  unsubscribe: endpoint<ContentParams, None, None, { subscribed: boolean }>('DELETE', '/library/subscriptions/:type/:id'),
  hide: endpoint<ContentParams, None, None, { hidden: boolean }>('PUT', '/library/hidden/:type/:id'),
  unhide: endpoint<ContentParams, None, None, { hidden: boolean }>('DELETE', '/library/hidden/:type/:id'),
  /** Your reading (issue 37 item 6): the member's own figures in their account's time zone; members only, never cached. */
  readingStats: endpoint<None, None, None, ReadingStats>('GET', '/library/reading/stats'),
  /** The member's copy of their reading data, sent as a JSON attachment (Content-Disposition). */
  readingExport: endpoint<None, None, None, ReadingExport>('GET', '/library/reading/export'),
} as const
