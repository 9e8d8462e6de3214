import os from 'node:os'
import { ACCOUNT_LIMITS, type Endpoints } from '@koma/contracts/server'
import type { ObjectStoreTimeouts } from './storage/s3'

/**
 * Every abuse limit of the API in one table: request rates, the sign-in lock, body sizes, upload
 * pixels and the HTTP timeouts. docs/architecture.md ("Abuse limits") explains the numbers; the
 * per-code rules of SPEC §4 (one code a minute, five an hour, five guesses each) stay in
 * ACCOUNT_LIMITS, next to the other account rules, and are listed here where they apply.
 */

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

export interface RateRule {
  max: number
  windowMs: number
}

export interface LimitRule {
  /** Per reader address (`req.ip`, IPv6 by /64): every call of the route counts. */
  address: RateRule
  /** Per account (member id, or the e-mail address the call is about) where there is one, counted by the handler. */
  account?: RateRule
  /**
   * Per signed-in member (a guest counts as one), counted for every route of the limit before its
   * handler runs (http/endpointLimits.ts); a caller without a session counts per address only.
   */
  member?: RateRule
  /**
   * When the shared store (Redis) cannot answer: 'closed' refuses the call (429, retry in a
   * moment), 'open' lets it through. Closed where a guess, a mail or an account is at stake.
   */
  storeDown: 'open' | 'closed'
}

export const RATE_LIMITS = {
  /** Sign-in attempts, any e-mail. The lock per (e-mail, address) is SIGNIN_LOCK below. */
  signin: { address: { max: 30, windowMs: 15 * MINUTE }, storeDown: 'closed' },
  /** Code mails (sign-up and e-mail change); per e-mail address too (ACCOUNT_LIMITS: one a minute). */
  codeRequest: { address: { max: 20, windowMs: HOUR }, account: { max: ACCOUNT_LIMITS.codesPerHour, windowMs: HOUR }, storeDown: 'closed' },
  /** Code checks, any code; each code also takes ACCOUNT_LIMITS.codeMaxAttempts guesses at most. */
  codeCheck: { address: { max: 30, windowMs: 15 * MINUTE }, storeDown: 'closed' },
  signup: { address: { max: 20, windowMs: HOUR }, storeDown: 'closed' },
  /** Reset mails: per address, and per e-mail address asked about (registered or not: same answer). */
  passwordFind: { address: { max: 10, windowMs: HOUR }, account: { max: 5, windowMs: HOUR }, storeDown: 'closed' },
  /** Opening and using reset links (random single-use tokens: nothing to guess per account). */
  passwordReset: { address: { max: 30, windowMs: HOUR }, storeDown: 'closed' },
  /** New guest members (a browser that already has its guest gets it back without counting). */
  guestCreate: { address: { max: 5, windowMs: HOUR }, storeDown: 'closed' },
  couponRedeem: { address: { max: 30, windowMs: HOUR }, account: { max: 10, windowMs: HOUR }, storeDown: 'closed' },
  inquiry: { address: { max: 10, windowMs: HOUR }, account: { max: 5, windowMs: HOUR }, storeDown: 'closed' },
  inquiryImage: { address: { max: 30, windowMs: HOUR }, account: { max: 15, windowMs: HOUR }, storeDown: 'closed' },
  avatarUpload: { address: { max: 20, windowMs: HOUR }, account: { max: 10, windowMs: HOUR }, storeDown: 'closed' },
  /** Per address; the per-member rule (one per 10 s, ten per 10 minutes) is the community module's. */
  commentPost: { address: { max: 30, windowMs: 10 * MINUTE }, storeDown: 'open' },
  /**
   * Reading: 40 a second sustained per address. A reader racing through a 200-page chapter (and
   * the next chapter's prefetch) asks a few hundred a minute; a household or office behind one
   * address still fits.
   */
  image: { address: { max: 2400, windowMs: MINUTE }, storeDown: 'open' },
  imageTile: { address: { max: 2400, windowMs: MINUTE }, storeDown: 'open' },
  /** Analytics batches: a tab sends one every 5 s at most; several tabs behind one address fit. */
  analytics: { address: { max: 120, windowMs: MINUTE }, storeDown: 'open' },
  /**
   * Image renders (issue 33): only a request that misses every cache (memory, disk, a render in
   * progress) and would render counts, in the image routes, before it waits for the RENDER_POOL.
   * A burst of 600 (a cold catalogue browsed at two widths, a new 200-page chapter) and one a
   * second on average over ten minutes: 40 times below `image`. A script asking for every image at
   * every preset does not get the renderers to itself; many addresses together meet RENDER_POOL.
   */
  imageRender: { address: { max: 600, windowMs: 10 * MINUTE }, storeDown: 'open' },

  // Issue 33: every endpoint that creates server-side state or calls a provider has a limit
  // (ENDPOINT_LIMITS below says which one; a test walks the table). The per-member numbers are
  // what one reader can use; the per-address ones fit a household or an office behind one NAT.
  /** The RSA session key of a sign-in or account form: a stored one-time nonce per call. A form asks once; four per sign-in allowed. */
  signinKey: { address: { max: 120, windowMs: 15 * MINUTE }, storeDown: 'closed' },
  /** Social sign-in: an OAuth state row per authorize; a call to the provider per sign-in, link or join. */
  socialSignin: { address: { max: 60, windowMs: 15 * MINUTE }, storeDown: 'closed' },
  /** Adult verification: a verification row per start, a check per completion (a reader verifies once a year). */
  certification: { address: { max: 60, windowMs: HOUR }, member: { max: 20, windowMs: HOUR }, storeDown: 'closed' },
  /** Password changes and account deletion (argon2 each; the current password also counts in SIGNIN_LOCK). */
  accountSecurity: { address: { max: 30, windowMs: 15 * MINUTE }, member: { max: 10, windowMs: 15 * MINUTE }, storeDown: 'closed' },
  /**
   * Coins spent: a transaction token per purchase, unlocks and rentals (ledger rows). A reader
   * unlocking chapter after chapter makes a few a minute (and unlock-all takes a whole title at once).
   */
  coinSpend: { address: { max: 600, windowMs: HOUR }, member: { max: 300, windowMs: HOUR }, storeDown: 'closed' },
  /**
   * Starting a coin purchase: an order row, and for PayPal an order created at PayPal, per call. A
   * reader buys a few packs; trying several methods and a declined card again a few times still fits.
   */
  paymentStart: { address: { max: 60, windowMs: HOUR }, member: { max: 30, windowMs: HOUR }, storeDown: 'closed' },
  /** Finishing, cancelling or checking a purchase: a provider call each (capture, status, charge); a reloaded result page asks again. */
  paymentFinish: { address: { max: 300, windowMs: HOUR }, member: { max: 100, windowMs: HOUR }, storeDown: 'closed' },
  /** Saving or deleting a card: a call to the card service each. */
  savedCard: { address: { max: 30, windowMs: HOUR }, member: { max: 10, windowMs: HOUR }, storeDown: 'closed' },
  /** Reports for the operators' queue (comments and episodes). */
  report: { address: { max: 60, windowMs: HOUR }, member: { max: 30, windowMs: HOUR }, storeDown: 'open' },
  /** Search: read only, but the costliest query anyone can send; typing fast sends a few a second. */
  search: { address: { max: 120, windowMs: MINUTE }, storeDown: 'open' },
  /**
   * Everything else a reader writes: reading progress, library, likes, mutes, settings, profile,
   * inbox, daily bonus, sign-out, mail reports: bounded rows of their own. 2 a second per address
   * and 1 a second per member, sustained over 10 minutes.
   */
  readerWrite: { address: { max: 1200, windowMs: 10 * MINUTE }, member: { max: 600, windowMs: 10 * MINUTE }, storeDown: 'open' },
  /** Operator changes (each audited): far above a working day, a stolen operator session still cannot flood. */
  operatorWrite: { address: { max: 600, windowMs: HOUR }, member: { max: 600, windowMs: HOUR }, storeDown: 'open' },
  /** Operator imports: up to 64 MB each, unpacked and stored. */
  operatorImport: { address: { max: 30, windowMs: HOUR }, member: { max: 30, windowMs: HOUR }, storeDown: 'open' },
  /** The second-factor calls; the guesses themselves are counted per session, address and operator (OPERATOR_FACTOR_LOCK). */
  operatorFactor: { address: { max: 60, windowMs: 15 * MINUTE }, storeDown: 'open' },
  /** The stand-ins for outside services (test deployments only): their writes (consents, tokens, payments). */
  sandbox: { address: { max: 300, windowMs: 10 * MINUTE }, storeDown: 'open' },
} as const satisfies Record<string, LimitRule>

export type LimitName = keyof typeof RATE_LIMITS
export type RateLimitTable = Record<LimitName, LimitRule>

/**
 * How each endpoint of the contracts table is limited (issue 33), checked by the type checker
 * (every endpoint named) and by limits.test.ts (no endpoint but a GET goes without, each limit
 * answers 429 past its number): a limit name is counted per address before the body is read and,
 * where the rule has `member`, per member before the handler (http/endpointLimits.ts);
 * `{ handler }` is counted by the handler itself (only what it creates); `READ` is a GET that
 * stores nothing and calls no provider. A route's `limit` option, where one is given, must match.
 */
export type EndpointLimit = LimitName | { handler: LimitName } | typeof READ
export const READ = { none: 'reads only: stores nothing, calls no provider' } as const

export const ENDPOINT_LIMITS: Record<keyof Endpoints, EndpointLimit> = {
  // Platform
  clientIp: READ,
  // A render (a miss in every cache) also counts imageRender, in the image routes.
  image: 'image',
  imageTile: 'imageTile',
  pushEmailReport: 'readerWrite',
  analyticsEvents: 'analytics',
  sitemapTitles: READ,
  appVersion: READ,
  // Catalogue and library
  home: READ,
  homeMature: READ,
  homePreview: READ,
  content: READ,
  contentUnit: READ,
  menuList: READ,
  menuGenre: READ,
  events: READ,
  promotion: READ,
  contentCatalog: READ,
  search: 'search',
  comingSoon: READ,
  releaseNotificationOn: 'readerWrite',
  releaseNotificationOff: 'readerWrite',
  library: READ,
  subscribe: 'readerWrite',
  unsubscribe: 'readerWrite',
  hide: 'readerWrite',
  unhide: 'readerWrite',
  readingStats: READ,
  readingExport: READ,
  // Reading
  chapter: READ,
  chapterEpub: READ,
  epubResource: READ,
  readProgress: 'readerWrite',
  readFinished: 'readerWrite',
  // Members and accounts
  rsaKey: 'signinKey',
  signin: 'signin',
  // The profile remembers the reader's language and time zone on their own row when they change.
  profile: READ,
  profileRefresh: 'readerWrite',
  appForegrounded: 'readerWrite',
  signout: 'readerWrite',
  // Only a new guest counts (a browser that has its guest gets it back): member/guest.ts.
  guestSession: { handler: 'guestCreate' },
  sendVerifyToken: 'codeRequest',
  checkVerifyToken: 'codeCheck',
  signup: 'signup',
  passwordFind: 'passwordFind',
  passwordResetCheck: 'passwordReset',
  passwordReset: 'passwordReset',
  passwordChange: 'accountSecurity',
  passwordExpiration: 'accountSecurity',
  changeEmail: 'codeCheck',
  nickname: 'readerWrite',
  mobile: 'readerWrite',
  avatarUpload: 'avatarUpload',
  avatarDelete: 'readerWrite',
  notifyEmail: 'readerWrite',
  marketInfoAgree: 'readerWrite',
  deleteMember: 'accountSecurity',
  termsAgree: 'readerWrite',
  settings: READ,
  settingsUpdate: 'readerWrite',
  devices: READ,
  deviceRemove: 'readerWrite',
  mature: READ,
  matureAccept: 'readerWrite',
  certificationInit: 'certification',
  certificationComplete: 'certification',
  idpProviders: READ,
  linkedAccounts: READ,
  idpAuthorize: 'socialSignin',
  idpSignin: 'socialSignin',
  idpLink: 'socialSignin',
  idpUnlink: 'socialSignin',
  socialJoin: 'socialSignin',
  // Inbox, coupons, daily bonus, support
  gifts: READ,
  giftClaim: 'readerWrite',
  giftClaimAll: 'readerWrite',
  messages: READ,
  messageRead: 'readerWrite',
  inboxCount: READ,
  couponRedeem: 'couponRedeem',
  dailyBonus: READ,
  dailyBonusClaim: 'readerWrite',
  grants: READ,
  inquiryImage: 'inquiryImage',
  inquiry: 'inquiry',
  notices: READ,
  notice: READ,
  faqs: READ,
  faq: READ,
  legal: READ,
  legalVersion: READ,
  // Coins
  coinSalesConfig: READ,
  coinTransactionToken: 'coinSpend',
  chapterUnlock: 'coinSpend',
  chapterUnlockAll: 'coinSpend',
  chapterRentWithCoin: 'coinSpend',
  chapterRentWithTicket: 'coinSpend',
  chapterRentWithGauge: 'coinSpend',
  chapterRentWithSubscribe: 'coinSpend',
  coinHistory: READ,
  coinExpire: READ,
  coinExpireWithin: READ,
  // The debug clock (never in production; callers on this machine only).
  debugFaketimeSet: 'readerWrite',
  debugFaketimeClear: 'readerWrite',
  // The coin shop: orders and payment providers
  paypalClientConfig: READ,
  paymentReserve: 'paymentStart',
  paymentExecute: 'paymentFinish',
  paymentResultFinish: 'paymentFinish',
  paymentResultCancel: 'paymentFinish',
  cardInfo: READ,
  cardRegister: 'savedCard',
  cardDelete: 'savedCard',
  cardTokenApiKey: READ,
  creditReserve: 'paymentStart',
  creditExecute: 'paymentFinish',
  carrierReserve: 'paymentStart',
  carrierResult: 'paymentFinish',
  paypayReserve: 'paymentStart',
  // Community
  chapterComments: READ,
  postComment: 'commentPost',
  deleteComment: 'readerWrite',
  likeComment: 'readerWrite',
  unlikeComment: 'readerWrite',
  reportComment: 'report',
  reportContent: 'report',
  reportConfig: READ,
  muteUser: 'readerWrite',
  unmuteUser: 'readerWrite',
  mutedUsers: READ,
  authorComments: READ,
  commentHistory: READ,
  // Operators
  opsMe: READ,
  opsTotpEnrol: 'operatorFactor',
  opsTotpVerify: 'operatorFactor',
  opsReleaseRecord: 'operatorWrite',
  opsAudit: READ,
  opsProcessReading: READ,
  opsService: READ,
  opsMaintenance: 'operatorWrite',
  opsUpdate: 'operatorWrite',
  opsLegalPublish: 'operatorWrite',
  opsReports: READ,
  opsReportAction: 'operatorWrite',
  opsMember: READ,
  opsMemberSanction: 'operatorWrite',
  opsTitles: READ,
  opsTitle: READ,
  opsTitleTexts: 'operatorWrite',
  opsTitleVisibility: 'operatorWrite',
  opsTitleLabels: 'operatorWrite',
  opsImport: 'operatorImport',
  opsGenres: READ,
  opsChapterSales: 'operatorWrite',
  opsChapterPages: READ,
  opsPageDescription: 'operatorWrite',
  opsCoupons: READ,
  opsCouponCreate: 'operatorWrite',
  opsCouponEnd: 'operatorWrite',
  opsNotices: READ,
  opsNoticeCreate: 'operatorWrite',
  opsNoticeUpdate: 'operatorWrite',
  opsNoticeDelete: 'operatorWrite',
  opsFaqs: READ,
  opsFaqCreate: 'operatorWrite',
  opsFaqUpdate: 'operatorWrite',
  opsFaqDelete: 'operatorWrite',
  opsHome: READ,
  opsPopupCreate: 'operatorWrite',
  opsPopupEnd: 'operatorWrite',
  opsBannerCreate: 'operatorWrite',
  opsBannerEnd: 'operatorWrite',
  opsSectionCreate: 'operatorWrite',
  opsSectionEnd: 'operatorWrite',
  opsGifts: READ,
  opsGiftSend: 'operatorWrite',
  opsGiftEnd: 'operatorWrite',
}

/**
 * Routes outside the table that write (any method but GET): by path prefix. The sandboxes stand
 * in for outside services (test deployments only); the one-click unsubscribe changes one setting.
 */
export const OUTSIDE_TABLE_LIMITS: { prefix: string; limit: LimitName }[] = [
  { prefix: '/api/sandbox/', limit: 'sandbox' },
  { prefix: '/api/notify/unsubscribe/', limit: 'readerWrite' },
]

/**
 * The sign-in lock, counted in the database before the password is compared: five attempts per
 * (e-mail, address) in 15 minutes, then that address waits (the owner elsewhere is not locked
 * out). The per-e-mail ceiling across every address stops a guesser spread over many addresses;
 * it is ten times the per-address lock so locking a victim out takes ten addresses.
 */
export const SIGNIN_LOCK = {
  perEmailAndAddress: 5,
  perEmail: 50,
  windowMs: 15 * MINUTE,
} as const

/**
 * The operators' second factor (issue 33), counted in the database before a code is compared (one
 * atomic upsert per count, so parallel guesses cannot slip past) and so shared by every API
 * process. A TOTP code is 6 digits and three time steps are accepted (one of clock drift either
 * way): one guess is right with odds of about 3 in a million.
 *
 * - `perSession`: a session that typed 5 wrong codes waits `windowMs` (15 minutes). Whoever holds
 *   the password has sessions of their own: the real operator's session is never one of them.
 * - `perAddress`: 10 wrong codes per operator from one address in `windowMs`, whatever the
 *   sessions (signing in again is cheap: 30 sign-ins per 15 minutes per address, RATE_LIMITS.signin).
 *   Only that address waits; the operator elsewhere does not.
 * - `perOperator`: there is no lock per operator (that is how an attacker with the password locked
 *   the operator out). Instead, once 5 wrong codes were typed for the operator within
 *   `operatorWindowMs` (24 hours) from anywhere, every session must confirm two consecutive codes:
 *   the one the app shows, then the next one, within `secondCodeWithinMs`. A guesser spread over
 *   many addresses then needs two right guesses in a row (about 1 in 10^11 per try), while the
 *   operator waits up to 30 seconds for the next code. A confirmed code resets the count, so single
 *   guesses stay at 5 per day (or per operator sign-in), as many as the old per-operator lock gave.
 *
 * Wrong set-up codes (`npm run operator -- grant`) count per session and per address too; the
 * code is 100 random bits, so the count only keeps the endpoint quiet.
 */
export const OPERATOR_FACTOR_LOCK = {
  perSession: 5,
  perAddress: 10,
  windowMs: 15 * MINUTE,
  perOperator: 5,
  operatorWindowMs: 24 * HOUR,
  secondCodeWithinMs: 3 * MINUTE,
} as const

/** Request bodies. Form bodies are small (an inquiry of 5000 characters is under 46 kB encoded). */
export const BODY_LIMITS = {
  default: 64 * 1024,
  /** The raw upload routes: the SPEC size limit plus room for nothing else. */
  avatar: ACCOUNT_LIMITS.avatarBytes,
  inquiryImage: ACCOUNT_LIMITS.inquiryImageBytes,
} as const

/** Decoded size of an uploaded image (a 48-megapixel phone photo fits; a decompression bomb does not). */
export const UPLOAD_MAX_PIXELS = 50_000_000

export interface HttpTimeouts {
  /** Whole request headers must arrive within this (slowloris). */
  headersMs: number
  /** Whole request, body included (a 5 MB upload on a slow phone link). */
  requestMs: number
  /** A socket with no traffic at all is closed. */
  idleMs: number
  /** An idle keep-alive connection is closed (above common load balancers' 60 s). */
  keepAliveMs: number
  /** How often Node checks the header and request timeouts (its default is 30 s). */
  checkIntervalMs: number
}

export const API_TIMEOUTS: HttpTimeouts = {
  headersMs: 10 * SECOND,
  requestMs: 120 * SECOND,
  idleMs: 60 * SECOND,
  keepAliveMs: 72 * SECOND,
  checkIntervalMs: 2 * SECOND,
}

/**
 * Calls to the object store (KOMA_OBJECT_STORE=s3, storage/s3.ts): a store that is down answers a
 * reader in a few seconds with SPEC §8's "data could not be obtained", never a hung request. A
 * second try covers a dropped keep-alive connection; the worst case (a silent store) is about
 * attempts × (connectMs or requestMs). An upload's requestMs grows by a second per megabyte sent
 * (storage/s3.ts uploadTimeoutMs).
 */
export const OBJECT_STORE_TIMEOUTS: ObjectStoreTimeouts = {
  connectMs: 2 * SECOND,
  requestMs: 5 * SECOND,
  idleMs: 5 * SECOND,
  attempts: 2,
}

/**
 * Addresses that keep being refused (429 past a limit, 413 too large) are slowed down: after
 * `refusals` refusals within `windowMs`, every request from the address waits `delayMs` before it
 * is refused unread, for `penaltyMs`. A client sending megabytes it knows will be refused, as fast
 * as it can, then sends one request per `delayMs` and costs the API nearly nothing; a reader who
 * meets a limit now and then never gets here. Per API process (a cluster slows an abuser on each).
 */
export interface AbusePenalty {
  refusals: number
  windowMs: number
  penaltyMs: number
  delayMs: number
}

export const ABUSE_PENALTY: AbusePenalty = {
  refusals: 30,
  windowMs: MINUTE,
  penaltyMs: MINUTE,
  delayMs: 3 * SECOND,
}

/**
 * EPUB archives (issue 33), checked on the zip's own directory before anything is inflated, and
 * held to while inflating (modules/viewer/epub/zip.ts): by the operator console's import, `npm run
 * import`, the seed and every reader's open. A real book is far inside them (the EPUB samples: at
 * most 159 files, 3.3 MB in all, 0.7 MB for the largest file, packed at most 3 to 1); a zip bomb
 * (307 KB inflating to 300 MB) is refused from its directory with a message naming the limit.
 */
export interface ArchiveLimits {
  /** Entries in the zip's directory. */
  entries: number
  /** One entry, inflated. */
  entryBytes: number
  /** Every entry inflated, added up. */
  bookBytes: number
  /** An entry larger than ratioFloorBytes inflated may be at most this many times its packed size. */
  ratio: number
  ratioFloorBytes: number
}

const MB = 1024 * 1024

export const ARCHIVE_LIMITS: ArchiveLimits = {
  entries: 10_000,
  entryBytes: 64 * MB,
  bookBytes: 512 * MB,
  ratio: 100,
  ratioFloorBytes: MB,
}

/**
 * Image renders (modules/image/renderPool.ts, issue 33): at most `concurrency` renders at once per
 * API process, `queue` more waiting, and past that a 429 with Retry-After at once. One render
 * (libvips on one thread: sharp.concurrency(1)) at a time per spare core leaves a core to the
 * event loop that answers every other call, whatever the flood.
 */
export interface RenderPoolLimits {
  concurrency: number
  queue: number
  retryAfterSeconds: number
}

export const RENDER_POOL: RenderPoolLimits = {
  concurrency: Math.max(1, os.availableParallelism() - 1),
  // A cold page's covers (a home, a list: 20 to 40 at once) wait their turn rather than break;
  // the wait is bounded (the queue drains in seconds), the CPU by `concurrency`, not by this.
  queue: 64,
  retryAfterSeconds: 2,
}
