import type { CodePurpose, IdpPurpose, LegalType, SocialProvider } from '../../domain/account'
import type {
  AccountSettings,
  Certification,
  DailyBonusStatus,
  Device,
  ForegroundState,
  FaqEntry,
  Gift,
  Grant,
  InboxMessage,
  InquiryReceipt,
  LegalDocument,
  LinkedAccount,
  MatureStatus,
  Notice,
  NoticeSummary,
} from '../../domain/account-types'
import type { Authentication, Page, Profile } from '../../domain/types'
import { endpoint, type None } from '../endpoint'

type Sealed = { sessionKey: string; rsaEncryptedString: string }
type Flag = 'true' | 'false'

export type { CodePurpose }

/** Social sign-in answers: signed in, or a new identity that must finish a short join form. */
export type SocialSigninResult =
  | { status: 'signedIn'; userId: number; redirect: string }
  | { status: 'joinRequired'; pendingToken: string; provider: SocialProvider; nickname: string; email: string | null; redirect: string }

/** The flat, form-encoded settings update: every field optional. */
export interface SettingsUpdate {
  marketing?: Flag
  subscriptionUpdates?: Flag
  freeEpisodeUpdates?: Flag
  newsEmails?: Flag
  releaseUpdates?: Flag
  nightRestriction?: Flag
  doNotShare?: Flag
  keyLayout?: 'auto' | 'fixed'
  imageQualityWifi?: 'high' | 'data_saving'
  imageQualityMobile?: 'high' | 'data_saving'
  /** Auto-scroll's speed step, '1' (slowest) to '5' (issue 37). */
  autoScrollSpeed?: string
  /** The viewer's "Paper (e-ink)" mode (issue 37). */
  paperMode?: Flag
  /** An IANA zone name; once in ACCOUNT_LIMITS.timeZoneChangeDays (429 before). */
  timeZone?: string
}

/** Members, sign-in and sign-up, profile, settings, devices, social accounts, inbox, rewards, support, documents. */
export const accountEndpoints = {
  rsaKey: endpoint<{ purpose: string }, None, None, { sessionKey: string; publicKey: string }>('GET', '/member/rsa/:purpose'),
  signin: endpoint<None, None, { email: string; sessionKey: string; rsaEncryptedString: string; stayLogged: string }, Authentication>('POST', '/member/signin'),
  profile: endpoint<None, None, None, Profile>('GET', '/member/profile'),
  /**
   * SPEC §7 POST /member/profile: the profile a (re)starting app asks for: GET's profile plus
   * SPEC §3's expireCoins (soonest first); records the reader's language and time zone like GET.
   */
  profileRefresh: endpoint<None, None, None, Profile & { expireCoins: { amount: number; expireAt: string }[] }>('POST', '/member/profile'),
  /** SPEC §7 POST /app/foregrounded: the page or app is in front again; what may have changed meanwhile. */
  appForegrounded: endpoint<None, None, None, ForegroundState>('POST', '/app/foregrounded'),
  signout: endpoint<None, None, None, { signedOut: true }>('POST', '/member/signout'),

  /** A guest session bound to this browser's web device id (x-koma-client-uid); no login-check cookie. */
  guestSession: endpoint<None, None, None, { userId: number; guest: boolean }>('POST', '/member/guest'),

  // Sign-up (SPEC §4 e-mail verification), password and e-mail.
  sendVerifyToken: endpoint<None, None, { email: string; purpose?: CodePurpose }, { sent: true; expiresAt: string; resendAfterSeconds: number }>(
    'PUT',
    '/member/send/verify/token',
  ),
  checkVerifyToken: endpoint<None, None, { email: string; token: string; purpose?: CodePurpose }, { verified: true }>('PUT', '/member/check/verify/token'),
  signup: endpoint<
    None,
    None,
    Sealed & { email: string; nickname: string; birthday: string; termsAgree: Flag; privacyAgree: Flag; marketingAgree?: Flag },
    Authentication
  >('PUT', '/member/signup'),
  passwordFind: endpoint<None, { email: string }, None, { sent: true }>('DELETE', '/member/profile/password'),
  passwordResetCheck: endpoint<None, { token: string }, None, { email: string }>('GET', '/member/profile/password/reset'),
  passwordReset: endpoint<None, None, Sealed & { token: string }, { reset: true }>('POST', '/member/profile/password/reset'),
  /** The sealed payload is { sessionKey, currentPassword, password }. */
  passwordChange: endpoint<None, None, Sealed, { changed: true }>('PUT', '/member/profile/password'),
  passwordExpiration: endpoint<None, None, None, { postponed: true }>('POST', '/member/profile/password-expiration'),
  /**
   * A verified code for the new address, and a sealed payload: `{ sessionKey, currentPassword }`
   * from a member with a password, `{ sessionKey, password }` (the one to register) from one without.
   */
  changeEmail: endpoint<None, None, { email: string; token: string } & Partial<Sealed>, { email: string }>('PUT', '/member/profile/email'),
  nickname: endpoint<None, None, { nickname: string }, { nickname: string }>('PUT', '/member/profile/nickname'),
  mobile: endpoint<None, None, { mobile: string }, { mobile: string }>('PUT', '/member/profile/mobile'),
  avatarUpload: endpoint<None, None, None, { avatarImageUrl: string }>('PUT', '/member/profile/avatar'),
  avatarDelete: endpoint<None, None, None, { avatarImageUrl: null }>('DELETE', '/member/profile/avatar'),
  notifyEmail: endpoint<{ value: 'on' | 'off' }, None, None, { emailNotify: boolean }>('PUT', '/member/profile/notify/email/:value'),
  marketInfoAgree: endpoint<None, None, { marketInfoAgree: 'Y' | 'N' }, { marketInfoAgree: boolean }>('PUT', '/member/profile/market-info-agree'),
  /** A member with a password also sends `{ sessionKey, currentPassword }` sealed. */
  deleteMember: endpoint<{ userId: string }, None, { reason: string } & Partial<Sealed>, { deleted: true }>('DELETE', '/member/:userId'),
  termsAgree: endpoint<None, None, { version: string }, { agreedVersion: number }>('PUT', '/member/terms/agree'),

  // Settings (read by the viewer) and devices.
  settings: endpoint<None, None, None, AccountSettings>('GET', '/member/settings'),
  settingsUpdate: endpoint<None, None, SettingsUpdate, AccountSettings>('PUT', '/member/settings'),
  devices: endpoint<None, None, None, { devices: Device[] }>('GET', '/member/devices'),
  deviceRemove: endpoint<{ deviceId: string }, None, None, { removed: true; signedOutHere: boolean }>('DELETE', '/member/devices/:deviceId'),

  // Adult verification and mature content (SPEC §4, §8 428/451).
  mature: endpoint<None, None, None, MatureStatus>('GET', '/member/profile/mature'),
  matureAccept: endpoint<{ value: 'on' | 'off' }, None, None, MatureStatus>('PUT', '/member/profile/mature/accept/:value'),
  certificationInit: endpoint<None, { redirect?: string }, None, Certification>('GET', '/certification/init'),
  certificationComplete: endpoint<None, { code: string }, None, MatureStatus>('GET', '/certification/complete'),

  // Social accounts through one OAuth 2 / OpenID Connect adapter.
  /** The social providers available on this site (the sign-in page offers these). */
  idpProviders: endpoint<None, None, None, { providers: SocialProvider[] }>('GET', '/member/external-idp/providers'),
  linkedAccounts: endpoint<None, None, None, { accounts: LinkedAccount[]; providers: SocialProvider[] }>('GET', '/member/external-idp'),
  /** Sets the httpOnly cookie the callback must bring back (the state is bound to this browser). */
  idpAuthorize: endpoint<{ provider: string }, { purpose: IdpPurpose; redirect?: string }, None, { url: string }>(
    'GET',
    '/member/external-idp/:provider/authorize',
  ),
  idpSignin: endpoint<{ provider: string }, None, { code: string; state: string }, SocialSigninResult>('POST', '/member/external-idp/:provider/signin'),
  idpLink: endpoint<{ provider: string }, None, { code: string; state: string }, { linked: LinkedAccount; redirect: string }>(
    'POST',
    '/member/external-idp/:provider/mapping',
  ),
  idpUnlink: endpoint<{ provider: string }, None, None, { unlinked: true }>('DELETE', '/member/external-idp/:provider/mapping'),
  /** Finish a social sign-up (SPEC §7 POST /member/mapping). */
  socialJoin: endpoint<
    None,
    None,
    { pendingToken: string; nickname: string; birthday: string; termsAgree: Flag; privacyAgree: Flag; marketingAgree?: Flag },
    Authentication
  >('POST', '/member/mapping'),

  // Inbox, rewards.
  gifts: endpoint<None, { tab?: 'available' | 'history' }, None, { gifts: Gift[] }>('GET', '/inbox/gift'),
  giftClaim: endpoint<{ giftId: string }, None, None, { grant: Grant }>('POST', '/inbox/gift/:giftId/claim'),
  giftClaimAll: endpoint<None, None, None, { grants: Grant[] }>('POST', '/inbox/gift/claim-all'),
  messages: endpoint<None, None, None, { messages: InboxMessage[] }>('GET', '/inbox/message'),
  messageRead: endpoint<{ messageId: string }, None, None, { read: true }>('POST', '/inbox/message/:messageId/read'),
  inboxCount: endpoint<None, None, None, { gifts: number; expiringSoon: number; messages: number }>('GET', '/inbox/count'),
  couponRedeem: endpoint<None, None, { code: string }, { grant: Grant; title: string }>('POST', '/coupon/redeem'),
  dailyBonus: endpoint<None, None, None, DailyBonusStatus>('GET', '/daily-bonus'),
  dailyBonusClaim: endpoint<None, None, None, { grant: Grant; status: DailyBonusStatus }>('POST', '/daily-bonus/claim'),
  grants: endpoint<None, None, None, { grants: Grant[] }>('GET', '/member/grants'),

  // Support and documents.
  inquiryImage: endpoint<None, None, None, { imageId: string }>('PUT', '/inquiry/image'),
  inquiry: endpoint<None, None, { category: string; email: string; text: string; imageIds?: string[] }, InquiryReceipt>('POST', '/inquiry'),
  notices: endpoint<None, { pageNo?: string }, None, { notices: NoticeSummary[]; page: Page }>('GET', '/document/notice'),
  notice: endpoint<{ id: string }, None, None, Notice>('GET', '/document/notice/:id'),
  faqs: endpoint<None, { category?: string }, None, { faqs: FaqEntry[] }>('GET', '/document/faq'),
  faq: endpoint<{ id: string }, None, None, FaqEntry>('GET', '/document/faq/:id'),
  legal: endpoint<{ type: LegalType | string }, None, None, LegalDocument>('GET', '/legal/:type'),
  legalVersion: endpoint<{ type: LegalType | string; version: string }, None, None, LegalDocument>('GET', '/legal/:type/:version'),
} as const
