import type { CodePurpose, IdpPurpose, ImageQuality, KeyLayout, NoticeCategory, RewardCoinType, RewardKind, RewardSource } from '@koma/contracts/server'
import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt, Timestamp } from './columns'

/** Columns migration 0300 adds to `members` (declared here so tables/members.ts stays as it is). */
declare module './members' {
  interface MembersTable {
    mobile: ColumnType<string | null, string | null | undefined, string | null>
    /** 'YYYY-MM-DD'. */
    birthday: ColumnType<string | null, string | null | undefined, string | null>
    marketing_agree: ColumnType<boolean, boolean | undefined, boolean>
    password_changed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
    password_postponed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
    /** The terms version the member agreed to (0: none). */
    terms_version: ColumnType<number, number | undefined, number>
    /**
     * Guests only: SHA-256 of the secret in the guest's own httpOnly cookie, the one thing that brings
     * the guest back (migration 0395; it replaced the device id, which any client can send).
     */
    guest_token_hash: ColumnType<string | null, string | null | undefined, string | null>
    last_signin_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
    deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  }
}

type Texts<T> = ColumnType<Record<string, T>, string, string>

export interface MemberSettingsTable {
  member_id: number
  notify_marketing: ColumnType<boolean, boolean | undefined, boolean>
  notify_subscription: ColumnType<boolean, boolean | undefined, boolean>
  notify_free_episode: ColumnType<boolean, boolean | undefined, boolean>
  notify_news_email: ColumnType<boolean, boolean | undefined, boolean>
  /** Release notifications of the titles the member asked about (migration 0820). */
  notify_release: ColumnType<boolean, boolean | undefined, boolean>
  night_restriction: ColumnType<boolean, boolean | undefined, boolean>
  key_layout: ColumnType<KeyLayout, KeyLayout | undefined, KeyLayout>
  image_quality_wifi: ColumnType<ImageQuality, ImageQuality | undefined, ImageQuality>
  image_quality_mobile: ColumnType<ImageQuality, ImageQuality | undefined, ImageQuality>
  /** SPEC §1: "do not share my personal information" (migration 0900): no analytics event is kept for them. */
  do_not_share: ColumnType<boolean, boolean | undefined, boolean>
  /** Auto-scroll's speed step, 1 to 5, and the viewer's paper mode (migration 0320, issue 37). */
  auto_scroll_speed: ColumnType<number, number | undefined, number>
  paper_mode: ColumnType<boolean, boolean | undefined, boolean>
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}

export interface EmailCodesTable {
  id: Generated<number>
  email: string
  purpose: CodePurpose
  code_hash: string
  member_id: number | null
  attempts: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  expires_at: Timestamp
  verified_at: Timestamp | null
  used_at: Timestamp | null
}

export interface PasswordResetsTable {
  token_hash: string
  member_id: number
  created_at: Timestamp
  expires_at: Timestamp
  used_at: Timestamp | null
}

/** Sign-in attempts in the current window per (e-mail, address); address '' counts every address. */
export interface SigninAttemptsTable {
  email: string
  address: string
  attempts: number
  window_started_at: Timestamp
}

export interface ExternalAccountsTable {
  member_id: number
  provider: string
  subject: string
  email: string | null
  linked_at: Timestamp
}

export interface OauthStatesTable {
  state: string
  provider: string
  purpose: IdpPurpose
  member_id: number | null
  code_verifier: string
  nonce: string
  redirect_uri: string
  redirect: string
  /** sha256 of the httpOnly cookie set in the browser that asked for this state (idp/state.ts). */
  browser_hash: string
  expires_at: Timestamp
}

export interface PendingSocialSignupsTable {
  token_hash: string
  provider: string
  subject: string
  email: string | null
  nickname: string
  redirect: string
  expires_at: Timestamp
}

/** The sandbox identity provider's own authorization codes and access tokens. */
export interface SandboxIdpGrantsTable {
  code: string
  provider: string
  client_id: string
  redirect_uri: string
  code_challenge: string | null
  subject: string
  email: string | null
  name: string
  access_token: string | null
  expires_at: Timestamp
}

export interface CertificationsTable {
  trade_id: string
  member_id: number
  session_id: string
  redirect: string
  code: string | null
  result: 'verified' | 'failed' | null
  created_at: Timestamp
  expires_at: Timestamp
  completed_at: Timestamp | null
}

/**
 * What gifts, coupons, the daily bonus and sign-up granted a member: one row per grant. Payments
 * (issue 6) books each unbooked row (booked_at null) into its coin ledger / ticket stock and
 * sets ledger_ref and booked_at, in the same transaction.
 */
export interface RewardGrantsTable {
  id: Generated<number>
  member_id: number
  source: RewardSource
  /** The gift id, coupon code, reader day or member id it came from: unique per source (no double grant). */
  source_ref: string
  kind: RewardKind
  /** Coins only: free (expires at expires_at) or bonus (non-expiring free coins). */
  coin_type: RewardCoinType | null
  amount: number
  /** Tickets for one title; null: usable anywhere. */
  content_id: number | null
  /** When the granted coins or tickets expire (null: never). */
  expires_at: Timestamp | null
  created_at: Timestamp
  ledger_ref: string | null
  booked_at: Timestamp | null
}

export interface GiftTexts {
  title: string
  description: string
}

export interface InboxGiftsTable {
  id: Generated<number>
  member_id: number
  texts: Texts<GiftTexts>
  kind: RewardKind
  coin_type: RewardCoinType | null
  amount: number
  content_id: number | null
  /** Days the granted coins or tickets stay valid after the claim (null: never expire). */
  grant_valid_days: number | null
  created_at: Timestamp
  /** Claim deadline. */
  expires_at: Timestamp | null
  claimed_at: Timestamp | null
}

export interface InboxMessagesTable {
  id: Generated<number>
  member_id: number
  texts: Texts<{ title: string; body: string }>
  link_url: string | null
  created_at: Timestamp
  read_at: Timestamp | null
}

export interface CouponsTable {
  code: string
  texts: Texts<{ title: string }>
  kind: RewardKind
  coin_type: RewardCoinType | null
  amount: number
  content_id: number | null
  grant_valid_days: number | null
  starts_at: Timestamp
  ends_at: Timestamp | null
  max_redemptions: number | null
  redeemed_count: ColumnType<number, number | undefined, number>
}

export interface CouponRedemptionsTable {
  code: string
  member_id: number
  grant_id: number
  redeemed_at: Timestamp
}

export interface DailyBonusClaimsTable {
  member_id: number
  /** The claimed day ('YYYY-MM-DD') in time_zone. */
  day: string
  grant_id: number
  claimed_at: Timestamp
  /** The account's time zone the day was counted in (0810; issue 33). */
  time_zone: string
}

export interface InquiriesTable {
  id: Generated<number>
  member_id: number | null
  email: string
  category: string
  body: string
  locale: string
  created_at: Timestamp
}

export interface InquiryUploadsTable {
  token: string
  image_id: number
  device_id: string
  /** The member (or guest) signed in when it was uploaded; null for a signed-out visitor. */
  member_id: number | null
  inquiry_id: number | null
  created_at: Timestamp
}

export interface AccountDeletionsTable {
  id: Generated<number>
  reason: string
  deleted_at: Timestamp
}

export interface NoticesTable {
  id: Generated<number>
  category: NoticeCategory
  pinned: boolean
  published_at: Timestamp
}
export interface NoticeTextsTable {
  notice_id: number
  lang: string
  title: string
  body: string
}
export interface FaqsTable {
  id: Generated<number>
  category: string
  sort: number
}
export interface FaqTextsTable {
  faq_id: number
  lang: string
  question: string
  answer: string
}
export interface LegalDocumentsTable {
  type: string
  version: number
  effective_at: Timestamp
}
export interface LegalTextsTable {
  type: string
  version: number
  lang: string
  title: string
  body: string
}

/** Accounts: settings, codes, social accounts, verification, inbox, rewards, support, documents. */
export interface AccountTables {
  member_settings: MemberSettingsTable
  email_codes: EmailCodesTable
  password_resets: PasswordResetsTable
  signin_attempts: SigninAttemptsTable
  external_accounts: ExternalAccountsTable
  oauth_states: OauthStatesTable
  pending_social_signups: PendingSocialSignupsTable
  sandbox_idp_grants: SandboxIdpGrantsTable
  certifications: CertificationsTable
  reward_grants: RewardGrantsTable
  inbox_gifts: InboxGiftsTable
  inbox_messages: InboxMessagesTable
  coupons: CouponsTable
  coupon_redemptions: CouponRedemptionsTable
  daily_bonus_claims: DailyBonusClaimsTable
  inquiries: InquiriesTable
  inquiry_uploads: InquiryUploadsTable
  account_deletions: AccountDeletionsTable
  notices: NoticesTable
  notice_texts: NoticeTextsTable
  faqs: FaqsTable
  faq_texts: FaqTextsTable
  legal_documents: LegalDocumentsTable
  legal_texts: LegalTextsTable
}

export type { CreatedAt }
