import type { Badge, Page, PageImage } from '../../domain/types'
import type {
  ChapterSalesForm,
  ImportKind,
  ChapterSalesSetting,
  CouponForm,
  CouponSetting,
  FaqSetting,
  NoticeSetting,
  MaintenanceSetting,
  MemberSanction,
  ReleaseAction,
  ReportAction,
  ReportKind,
  TitleLabelsForm,
  TitleVisibilityAction,
  UpdateSetting,
  UpdateState,
} from '../../domain/ops'
import type { VersionInfo } from '../../host/registry'
import type { Locale } from '../../i18n/locales'
import { endpoint, type None } from '../endpoint'
import { opsCampaignEndpoints } from './opsCampaigns'

export * from './opsCampaigns'

/**
 * The operator API (issue 17). Every call is refused (403) to anyone but an operator, and, except
 * `opsMe` and the second-factor calls themselves, to an operator whose session has not confirmed
 * the second factor (403 with body code OPERATOR_STEP_UP_CODE). Every change is written to the
 * audit log in the same transaction.
 */

export interface OperatorStatus {
  userId: number
  nickname: string
  /** The authenticator app is set up (a confirmed TOTP secret). */
  enrolled: boolean
  /** This session confirmed a code; operator calls are open until `verifiedUntil`. */
  verified: boolean
  verifiedUntil: string | null
  /**
   * Wrong codes were typed for this operator lately (issue 33): this session confirmed one right
   * code and must now type the next one the app shows (two consecutive codes, never a lock-out).
   */
  nextCodeNeeded: boolean
}

export interface TotpEnrolment {
  /** Base32 secret, for typing into an app by hand. */
  secret: string
  /** otpauth://totp/… (what the QR code holds). */
  otpauthUri: string
}

export interface AuditEntry {
  id: number
  at: string
  /** The operator (null for the command line). */
  actorId: number | null
  /** Who, as written at the time: an operator's nickname and id, or `cli:<system user>`. */
  actor: string
  action: string
  /** What was acted on, e.g. `comment:12`, `member:5`, `service:maintenance`. */
  target: string
  before: unknown
  after: unknown
}

export interface AuditPage {
  entries: AuditEntry[]
  /** Pass as `before` for the next (older) page; null at the end. */
  next: number | null
}

export interface LegalVersionSummary {
  type: string
  version: number
  effectiveAt: string
}

export interface ServiceState {
  maintenance: MaintenanceSetting & { active: boolean }
  update: UpdateSetting
  /** The newest version of each legal document (scheduled ones included). */
  legal: LegalVersionSummary[]
}

/** One report in the queue: a comment report (with the comment) or a content report (with the episode). */
export interface OpsReport {
  kind: ReportKind
  id: number
  category: string
  message: string
  status: 'queued' | 'hidden' | 'kept' | 'resolved'
  createdAt: string
  resolvedAt: string | null
  reporterId: number
  /** Comment reports: the comment as written and its author. */
  comment: { id: number; body: string; hidden: boolean; deleted: boolean; authorId: number; authorNickname: string; reports: number } | null
  /** Content reports: the episode. */
  chapter: { contentType: string; contentId: number; chapterId: number; contentName: string; chapterName: string } | null
}

export interface OpsMember {
  userId: number
  nickname: string
  guest: boolean
  operator: boolean
  suspendedAt: string | null
  commentMutedUntil: string | null
  comments: number
  hiddenComments: number
}

export type MaintenanceBody = {
  on?: string
  startsAt?: string
  endsAt?: string
  titleJa?: string
  titleEn?: string
  titleFr?: string
  descriptionJa?: string
  descriptionEn?: string
  descriptionFr?: string
}

export type LegalBody = {
  effectiveAt?: string
  titleJa?: string
  titleEn?: string
  titleFr?: string
  bodyJa?: string
  bodyEn?: string
  bodyFr?: string
}

/** A title as the console lists it: its names in every language. */
export interface OpsTitleSummary {
  id: number
  type: string
  status: string
  mature: boolean
  names: Record<Locale, string>
  chapters: number
  /** When an operator hid it from readers (null: readers see it). */
  hiddenAt: string | null
  /** Its own badge (SPEC §3), besides those its state gives it. */
  badge: Badge | null
}

/** One of the catalogue's genres, as the console offers them. */
export interface OpsGenre {
  code: string
  names: Record<Locale, string>
}

export interface OpsChapter extends ChapterSalesSetting {
  id: number
  sort: number
  names: Record<Locale, string>
}

/** A chapter's page as the console shows it, with its descriptions (issue 37; '' where none). */
export interface OpsPage {
  sort: number
  imageId: number
  image: PageImage
  descriptions: Record<Locale, string>
}

export interface OpsChapterPages {
  chapterId: number
  contentId: number
  pages: OpsPage[]
}

/** Form fields `descriptionJa|En|Fr` (checked by `checkPageDescriptionForm`). */
export type PageDescriptionBody = { descriptionJa?: string; descriptionEn?: string; descriptionFr?: string }

export interface OpsTitle extends OpsTitleSummary {
  descriptions: Record<Locale, string>
  /** Genre codes (`OpsGenre.code`). */
  genres: string[]
  chapterList: OpsChapter[]
}

export interface OpsCoupon extends CouponSetting {
  redeemed: number
  /** Redeemable now: started, not ended, not used up. */
  live: boolean
}

export interface OpsNotice extends NoticeSetting {
  id: number
  /** Readers see it now (its time has come). */
  live: boolean
}

export interface OpsFaq extends FaqSetting {
  id: number
}

/** Form fields: category, pinned, publishedAt, titleJa|En|Fr, bodyJa|En|Fr. */
export type NoticeBody = Partial<Record<string, string>>
/** Form fields: category, sort, questionJa|En|Fr, answerJa|En|Fr. */
export type FaqBody = Partial<Record<string, string>>

export type TitleTextsBody = { nameJa?: string; nameEn?: string; nameFr?: string; descriptionJa?: string; descriptionEn?: string; descriptionFr?: string }

/** The multipart fields of an import besides its files (`file`: one EPUB; `pages`: images, in name order). */
export type ImportBody = { kind?: ImportKind; title?: string; ltr?: 'true' | 'false' }

/** What an import made: a new title with its first chapter (a novel's volume, a comic's episode). */
export interface OpsImported {
  kind: ImportKind
  contentType: 'comic'
  contentId: number
  chapterId: number
  title: string
  /** The importer's own account: layout, pages or documents, files left out. */
  detail: string
}

/** A published version of a package as the console's release table shows it (the edge's own listing). */
export type ReleaseVersion = VersionInfo

/** Page loads and failures the readers reported for one version over the edge's window. */
export interface ReleaseHealth {
  loads: number
  failures: number
  /** Failures per page load. */
  rate: number
}

export interface ReleasePackage {
  package: string
  current: string | null
  /** Newest first, at most the last few. */
  versions: ReleaseVersion[]
  /** Remotes only (the host sends no beacons). */
  liveHealth: ReleaseHealth | null
  canary: { version: string; share: number; autoPromote: boolean; health: ReleaseHealth | null } | null
  /** The latest thing done to the package, with the edge's reason when it did it by itself. */
  lastEvent: { at: string; action: string; version: string; from?: string | null; reason?: string } | null
}

export interface ReleaseDone {
  package: string
  version: string
  previous: string
  /** The rollback ended a canary (every reader back on the live version). */
  endedCanary?: boolean
}

/**
 * One histogram's buckets as Prometheus keeps them: cumulative counts at each upper bound in
 * seconds, ascending, the last bound `null` (+Inf, every observation).
 */
export interface BucketCount {
  le: number | null
  count: number
}

/** A process's requests as its Prometheus registry holds them, cumulative since it started. */
export interface RequestCounts {
  total: number
  /** Answered with a 5xx status. */
  errors: number
  /** The request duration histogram, every route and status summed. */
  buckets: BucketCount[]
}

/**
 * What one API process's Prometheus registry holds now (its own, not another process's): the
 * same series its metrics port exposes, read for the console's Health page (issue 38).
 */
export interface ApiProcessReading {
  /** The process's instance name (KOMA_INSTANCE or its random one). */
  instance: string
  /** When its metrics started counting (ms since the epoch): a new one means its counters restarted. */
  startedAt: number
  requests: RequestCounts
  /** The PostgreSQL pool; null on PGlite (one connection, no pool). */
  pool: { inUse: number; idle: number; waiting: number } | null
  /** The background queues this process works (pg-boss notifications): waiting jobs, and failures since it started. */
  queues: { queue: string; queued: number | null; failed: number }[]
}

/** A process's requests over the last interval between two readings (null: no earlier reading yet). */
export interface ProcessFigures {
  /** Requests answered since the process started. */
  requests: number
  /** 5xx answers since it started. */
  errors: number
  /** Seconds between the two readings the next figures come from; null on the first reading. */
  intervalSeconds: number | null
  /** Requests per second over the interval. */
  rate: number | null
  /** The 99th percentile of request durations over the interval, in seconds (null: no request in it). */
  p99Seconds: number | null
  /** 5xx answers in the interval. */
  recentErrors: number | null
}

export interface ApiProcessHealth {
  /** The address the edge calls it at. */
  address: string
  /** Its instance name when it answered. */
  instance: string | null
  /** It answered (false: unreachable, or it refused the edge's call). */
  reachable: boolean
  /** Null when it answered but counts nothing (KOMA_METRICS=0), or did not answer. */
  figures: ProcessFigures | null
  pool: ApiProcessReading['pool']
}

/**
 * Readers' Web Vitals at the 75th percentile for one remote version (issue 38 item 2): LCP and INP
 * in milliseconds, CLS unitless; null where not enough readers reported yet.
 */
export interface VitalsP75 {
  lcpMs: number | null
  inpMs: number | null
  cls: number | null
}

/** One remote version as readers lived it over the edge's window. */
export interface VersionFigures {
  version: string
  loads: number
  failures: number
  /** Failures per page load. */
  rate: number
  /** Readers' Web Vitals; absent until the edge aggregates them. */
  vitals?: VitalsP75 | null
}

export interface RemoteHealth {
  remote: string
  live: VersionFigures | null
  canary: (VersionFigures & { share: number }) | null
}

export interface QueueHealth {
  queue: string
  /** Jobs waiting (the same database for every process: the largest of what they report). */
  queued: number | null
  /** Failures since the processes started, every process summed. */
  failed: number
}

/** The console's Health page (issue 38): what the edge's and each API process's Prometheus registries hold. */
export interface OpsHealth {
  /** When the edge assembled it (ISO). */
  at: string
  /** The sliding window of the remotes' page loads and failures, in seconds. */
  windowSeconds: number
  remotes: RemoteHealth[]
  /** The edge process that answered; null when it counts nothing (KOMA_METRICS=0). */
  edge: ProcessFigures | null
  apis: ApiProcessHealth[]
  queues: QueueHealth[]
}

/**
 * Served by the edge, which holds the registry, not by the API (so not in the API's table): it
 * asks the API (`opsMe`, with the caller's own cookie and headers) whether the caller is an
 * operator with a confirmed second factor, then acts, then has the API write the audit entry
 * (`opsReleaseRecord`).
 */
export const edgeOpsEndpoints = {
  opsReleases: endpoint<None, None, None, { packages: ReleasePackage[] }>('GET', '/ops/releases'),
  opsRelease: endpoint<{ package: string; action: ReleaseAction }, None, None, ReleaseDone>('POST', '/ops/releases/:package/:action'),
  /** The Health page: each remote's versions, the edge's and every API process's figures, the job queues. */
  opsHealth: endpoint<None, None, None, OpsHealth>('GET', '/ops/health'),
} as const

export const opsEndpoints = {
  /** Who the operator is and whether the second factor is set up and confirmed (no step-up needed). */
  opsMe: endpoint<None, None, None, OperatorStatus>('GET', '/ops/me'),
  /**
   * A new TOTP secret to set up, for the one-time set-up code `npm run operator -- grant` (or
   * `reset-totp`) printed for this operator; the code is used up. 409 once a factor is confirmed.
   */
  opsTotpEnrol: endpoint<None, None, { enrolmentCode: string }, TotpEnrolment>('POST', '/ops/totp/enrol'),
  /** Confirm a code: finishes the set-up and opens operator calls for this session. */
  opsTotpVerify: endpoint<None, None, { code: string }, OperatorStatus>('POST', '/ops/totp/verify'),
  /** The audit log, newest first (read only: there is no call that changes it). */
  /** The edge writes the releases it made for an operator into the audit log (`release.promote|rollback`). */
  opsReleaseRecord: endpoint<None, None, { package?: string; action?: string; from?: string; to?: string }, { recorded: boolean }>(
    'POST',
    '/ops/audit/releases',
  ),
  opsAudit: endpoint<None, { before?: string; pageSize?: string; action?: string }, None, AuditPage>('GET', '/ops/audit'),
  /**
   * This API process's own Prometheus figures (the edge asks each process for the Health page);
   * `reading` is null when it counts nothing (KOMA_METRICS=0).
   */
  opsProcessReading: endpoint<None, None, None, { reading: ApiProcessReading | null }>('GET', '/ops/process'),
  opsService: endpoint<None, None, None, ServiceState>('GET', '/ops/service'),
  opsMaintenance: endpoint<None, None, MaintenanceBody, ServiceState['maintenance']>('PUT', '/ops/service/maintenance'),
  opsUpdate: endpoint<None, None, { state?: UpdateState; version?: string }, UpdateSetting>('PUT', '/ops/service/update'),
  /** Publish a new version of a legal document; a new terms version makes signed-in readers agree again. */
  opsLegalPublish: endpoint<{ type: string }, None, LegalBody, LegalVersionSummary>('POST', '/ops/legal/:type'),
  opsReports: endpoint<None, { status?: 'queued' | 'done'; kind?: ReportKind; pageNo?: string }, None, { reports: OpsReport[]; page: Page }>(
    'GET',
    '/ops/reports',
  ),
  opsReportAction: endpoint<{ kind: ReportKind; id: string; action: ReportAction }, None, None, OpsReport>('POST', '/ops/reports/:kind/:id/:action'),
  opsMember: endpoint<{ userId: string }, None, None, OpsMember>('GET', '/ops/members/:userId'),
  opsMemberSanction: endpoint<{ userId: string; sanction: MemberSanction }, None, { days?: string }, OpsMember>('POST', '/ops/members/:userId/:sanction'),
  /** Titles whose name contains `query` in any language (all titles without one), 20 a page; `hidden=true`: hidden ones only. */
  opsTitles: endpoint<None, { query?: string; pageNo?: string; hidden?: 'true' | 'false' }, None, { titles: OpsTitleSummary[]; page: Page }>(
    'GET',
    '/ops/titles',
  ),
  opsTitle: endpoint<{ id: string }, None, None, OpsTitle>('GET', '/ops/titles/:id'),
  opsTitleTexts: endpoint<{ id: string }, None, TitleTextsBody, OpsTitle>('PUT', '/ops/titles/:id/texts'),
  /** Hide a title from readers everywhere (its pages answer 404), or show it again. */
  opsTitleVisibility: endpoint<{ id: string; action: TitleVisibilityAction }, None, None, OpsTitle>('POST', '/ops/titles/:id/:action'),
  /** A title's genres and own badge, checked by `checkTitleLabelsForm`. */
  opsTitleLabels: endpoint<{ id: string }, None, TitleLabelsForm, OpsTitle>('PUT', '/ops/titles/:id/labels'),
  /**
   * Import an EPUB (field `file`) or image pages (field `pages`, several) as a new title, with the
   * same importer as `npm run import`. multipart/form-data, streamed; 413 past IMPORT_LIMITS.
   */
  opsImport: endpoint<None, None, ImportBody, OpsImported>('POST', '/ops/import'),
  /** The catalogue's genres, named in every language. */
  opsGenres: endpoint<None, None, None, { genres: OpsGenre[] }>('GET', '/ops/genres'),
  /** A chapter's publication time and sales config, checked by `checkChapterSalesForm`. */
  opsChapterSales: endpoint<{ id: string }, None, ChapterSalesForm, OpsChapter>('PUT', '/ops/chapters/:id'),
  /** A chapter's pages (its full edition's, in order) with their descriptions in every language. */
  opsChapterPages: endpoint<{ id: string }, None, None, OpsChapterPages>('GET', '/ops/chapters/:id/pages'),
  /** Write one page's descriptions (issue 37), audited as `page.description`. */
  opsPageDescription: endpoint<{ id: string; sort: string }, None, PageDescriptionBody, OpsPage>('PUT', '/ops/chapters/:id/pages/:sort'),
  opsCoupons: endpoint<None, { pageNo?: string }, None, { coupons: OpsCoupon[]; page: Page }>('GET', '/ops/coupons'),
  /** A new coupon (409 when the code exists). */
  opsCouponCreate: endpoint<None, None, CouponForm, OpsCoupon>('POST', '/ops/coupons'),
  /** End a coupon now: it can no longer be redeemed; what was granted stays. */
  opsCouponEnd: endpoint<{ code: string }, None, None, OpsCoupon>('POST', '/ops/coupons/:code/end'),
  /** Every notice, scheduled ones too, newest first. */
  opsNotices: endpoint<None, { pageNo?: string }, None, { notices: OpsNotice[]; page: Page }>('GET', '/ops/notices'),
  opsNoticeCreate: endpoint<None, None, NoticeBody, OpsNotice>('POST', '/ops/notices'),
  opsNoticeUpdate: endpoint<{ id: string }, None, NoticeBody, OpsNotice>('PUT', '/ops/notices/:id'),
  /** End a notice: readers no longer see it (the audit log keeps what it said). */
  opsNoticeDelete: endpoint<{ id: string }, None, None, { deleted: boolean }>('DELETE', '/ops/notices/:id'),
  opsFaqs: endpoint<None, None, None, { faqs: OpsFaq[] }>('GET', '/ops/faqs'),
  opsFaqCreate: endpoint<None, None, FaqBody, OpsFaq>('POST', '/ops/faqs'),
  opsFaqUpdate: endpoint<{ id: string }, None, FaqBody, OpsFaq>('PUT', '/ops/faqs/:id'),
  opsFaqDelete: endpoint<{ id: string }, None, None, { deleted: boolean }>('DELETE', '/ops/faqs/:id'),
  ...opsCampaignEndpoints,
} as const
