import type { DeleteReason, GiftState, InquiryCategory, LegalType, SocialProvider } from './account'
import type { RewardCoinType, RewardKind, RewardSource } from './coinWords'

/**
 * Account entities as the API sends them (SPEC §3 user profile and the implied entities:
 * gifts, messages, devices, linked providers, settings). Dates are ISO strings.
 */

export type KeyLayout = 'auto' | 'fixed'
export type ImageQuality = 'high' | 'data_saving'

/** What the viewer reads: previous/next key layout and image quality per connection. */
export interface ViewerSettings {
  keyLayout: KeyLayout
  imageQuality: { wifi: ImageQuality; mobile: ImageQuality }
  /** Auto-scroll's speed (issue 37): a step of AUTO_SCROLL_STEPS, 1 the slowest. */
  autoScrollSpeed: AutoScrollSpeed
  /** "Paper (e-ink)" (issue 37): whole screens, no animation, no image fades, more contrast. */
  paper: boolean
}

/** Auto-scroll's speed steps: 1 (slowest) to 5 (fastest). */
export type AutoScrollSpeed = 1 | 2 | 3 | 4 | 5

export interface NotificationSettings {
  marketing: boolean
  subscriptionUpdates: boolean
  freeEpisodeUpdates: boolean
  newsEmails: boolean
  /** An e-mail and an inbox message when a title the reader asked about (SPEC §4 coming soon) is released. */
  releaseUpdates: boolean
  /** SPEC §2: no notifications from 21:00 to 8:00. */
  nightRestriction: boolean
}

/** SPEC §1: the California "do not share my personal information" choice (no analytics kept). */
export interface PrivacySettings {
  doNotShare: boolean
}

export interface AccountSettings {
  notifications: NotificationSettings
  viewer: ViewerSettings
  privacy: PrivacySettings
  timeZone: TimeZoneSetting
}

/**
 * The account's time zone (issue 33): the day of the daily bonus and the night window of
 * notifications. Set once from the browser's zone when the account (or guest) is made, then
 * changed only here, once in ACCOUNT_LIMITS.timeZoneChangeDays.
 */
export interface TimeZoneSetting {
  zone: string
  /** When it may change again (ISO), null when it may now. */
  changeableFrom: string | null
}

export const DEFAULT_VIEWER_SETTINGS: ViewerSettings = {
  keyLayout: 'auto',
  imageQuality: { wifi: 'high', mobile: 'data_saving' },
  autoScrollSpeed: 3,
  paper: false,
}
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  marketing: false,
  subscriptionUpdates: true,
  freeEpisodeUpdates: true,
  newsEmails: false,
  releaseUpdates: true,
  nightRestriction: true,
}

/** SPEC §3 userExtraInfo: what the account screens show beyond the profile basics. */
export interface UserExtraInfo {
  mobile: string | null
  birthday: string | null
  marketingAgree: boolean
  hasPassword: boolean
  passwordChangeAdvised: boolean
  /** Set when the current terms were updated after the member agreed: agree or be signed out. */
  termsUpdate: { version: number; effectiveAt: string } | null
  adultVerificationExpiresAt: string | null
  createdAt: string
}

export interface Device {
  deviceId: string
  browser: string
  os: string
  lastSeenAt: string
  createdAt: string
  current: boolean
}

export interface LinkedAccount {
  provider: SocialProvider
  email: string | null
  linkedAt: string
}

/** What a gift or coupon grants (issue 6 turns each grant into coin-ledger rows). */
export interface RewardContent {
  kind: RewardKind
  /** Coins only: free (may expire) or bonus (non-expiring free coins, SPEC §4). */
  coinType: RewardCoinType | null
  amount: number
  contentId: number | null
  contentName: string | null
}

export interface Gift extends RewardContent {
  id: number
  title: string
  description: string
  createdAt: string
  /** When the gift can no longer be claimed. */
  expiresAt: string | null
  claimedAt: string | null
  state: GiftState
  expiringSoon: boolean
}

export interface InboxMessage {
  id: number
  title: string
  body: string
  createdAt: string
  read: boolean
  linkUrl: string | null
}

export interface Grant extends RewardContent {
  id: number
  source: RewardSource
  /** When the granted coins or tickets expire (null: never). */
  expiresAt: string | null
  createdAt: string
}

export interface DailyBonusStatus {
  /** The day in the account's time zone. */
  today: string
  /** Today's bonus is claimed: a claim made today, or one whose day (in the zone it was made in) is not over. */
  claimedToday: boolean
  reward: RewardContent
  streak: number
}

/**
 * POST /app/foregrounded (SPEC §7): what a page or app coming back to the front refreshes: the
 * server's time, the daily bonus of the reader's day, the inbox badges and the coin balance.
 */
export interface ForegroundState {
  /** The server's time (ISO): a device back from a long pause corrects its clock by it. */
  now: string
  guest: boolean
  /** The reader's day (their time zone) and whether its daily bonus is still to claim. */
  dailyBonus: { today: string; claimable: boolean }
  inbox: { gifts: number; expiringSoon: number; messages: number }
  coin: { freeAmount: number; purchasedAmount: number; total: number }
}

export interface Certification {
  iaSystemUrl: string
  neTradeId: string
  sessionId: string
}

export interface MatureStatus {
  acceptMature: boolean
  adultVerification: boolean
  adultVerificationExpiresAt: string | null
}

/** SPEC §3 notice categories. */
export type NoticeCategory = 'notice' | 'event' | 'maintenance' | 'update'

export interface NoticeSummary {
  id: number
  category: NoticeCategory
  title: string
  publishedAt: string
  pinned: boolean
}
export interface Notice extends NoticeSummary {
  body: string
}

export interface FaqEntry {
  id: number
  category: InquiryCategory
  question: string
  answer: string
}

export interface LegalDocument {
  type: LegalType
  version: number
  title: string
  body: string
  effectiveAt: string
  versions: { version: number; effectiveAt: string }[]
}

export interface InquiryReceipt {
  inquiryId: number
  createdAt: string
  /** A confirmation went to the member's account address (never to an address typed into the form). */
  confirmationSent: boolean
}

export type { DeleteReason, InquiryCategory, SocialProvider }
