/**
 * Account rules of SPEC §4, §5 and §9 as pure functions: the API decides with them and the
 * browser draws with them, so a rule exists once. No I/O, no clock: callers pass "now".
 */

export const ACCOUNT_LIMITS = {
  nicknameMax: 20,
  passwordMin: 8,
  passwordMax: 32,
  emailMax: 254,
  codeDigits: 6,
  /** SPEC §9: a verification code is valid 10 minutes. */
  codeValidMs: 10 * 60 * 1000,
  /** A verified code may be used to finish sign-up or an e-mail change within this time. */
  verifiedCodeUsableMs: 30 * 60 * 1000,
  /** Rate limits for codes (per e-mail address): one a minute, five an hour, five guesses each. */
  codeResendMs: 60 * 1000,
  codesPerHour: 5,
  codeMaxAttempts: 5,
  /** SPEC §9: a password reset mail is valid 10 minutes. */
  resetValidMs: 10 * 60 * 1000,
  /** SPEC §9: sign-up needs age 16 or older. */
  minimumAge: 16,
  /** Adult content: 18 or older, verified once a year. */
  adultAge: 18,
  adultVerificationValidMonths: 12,
  /** SPEC §4: a password change is advised after 6 months. */
  passwordAdviceMonths: 6,
  /** SPEC §9: gifts expiring within 24 hours are flagged. */
  giftExpiringSoonMs: 24 * 60 * 60 * 1000,
  inquiryMax: 5000,
  inquiryImages: 3,
  inquiryImageBytes: 5 * 1024 * 1024,
  avatarBytes: 5 * 1024 * 1024,
  couponMax: 32,
  /**
   * The account's time zone (the day of the daily bonus, the night window) changes once in this
   * many days (issue 33): a zone told on each request once gave two bonus "days" in a minute.
   */
  timeZoneChangeDays: 30,
} as const

/** Where an e-mail code is for: a new account, or a signed-in member's new address. */
export type CodePurpose = 'signup' | 'changeEmail'

/** SPEC §1: sign-in and linking by these providers. */
export const SOCIAL_PROVIDERS = ['payco', 'apple', 'google', 'facebook', 'twitter', 'kakao', 'naver'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

/** Why a reader goes to a social provider: to sign in (or up), or to link it to their account. */
export type IdpPurpose = 'signin' | 'link'
export const isSocialProvider = (value: unknown): value is SocialProvider =>
  typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value)

/** SPEC §3 category codes. */
export const DELETE_REASONS = ['contents', 'usability', 'design', 'bug', 'latency', 'advertisement', 'privacy', 'other'] as const
export type DeleteReason = (typeof DELETE_REASONS)[number]
export const INQUIRY_CATEGORIES = ['manual', 'account', 'bug', 'event', 'suggestions', 'coin', 'other'] as const
export type InquiryCategory = (typeof INQUIRY_CATEGORIES)[number]

/** SPEC §1: available only in the app; the web says "feature not available on the web". */
export const APP_ONLY_FEATURES = ['missions', 'ads', 'releaseNotification'] as const
export type AppOnlyFeature = (typeof APP_ONLY_FEATURES)[number]

/** Legal documents by type (SPEC §2 /legal/{type}). */
export const LEGAL_TYPES = ['terms', 'privacy', 'special_commercial_transaction', 'abj', 'payment_services', 'community'] as const
export type LegalType = (typeof LEGAL_TYPES)[number]

// ── dates ───────────────────────────────────────────────────────────────────────────────

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** A calendar day 'YYYY-MM-DD' that exists (no 2025-02-30). */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900
}

/** Full years between a birthday and a day, both 'YYYY-MM-DD' (a 29 February birthday counts on 1 March). */
export function ageOn(birthday: string, today: string): number {
  const [by = 0, bm = 0, bd = 0] = birthday.split('-').map(Number)
  const [ty = 0, tm = 0, td = 0] = today.split('-').map(Number)
  let age = ty - by
  if (tm < bm || (tm === bm && td < bd)) age -= 1
  return age
}

export const isOldEnough = (birthday: string, today: string, minimum: number = ACCOUNT_LIMITS.minimumAge): boolean =>
  isCalendarDay(birthday) && isCalendarDay(today) && ageOn(birthday, today) >= minimum

/** The reader's calendar day at `now` in their time zone ('YYYY-MM-DD'); an unknown zone falls back to Asia/Seoul. */
export function readerDay(now: Date, timeZone: string): string {
  try {
    return dayFormat(timeZone).format(now)
  } catch {
    return dayFormat('Asia/Seoul').format(now)
  }
}
/** One formatter per zone (making one costs far more than using it); throws for an unknown zone. */
const dayFormats = new Map<string, Intl.DateTimeFormat>()
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    if (dayFormats.size >= 500) dayFormats.clear()
    dayFormats.set(timeZone, format)
  }
  return format
}

/**
 * The IANA name of a time zone this runtime knows, as it was written, else null. What a browser
 * says (a header, a cookie, a form) is checked here before it is stored or used.
 */
export function validTimeZone(name: unknown): string | null {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64 || !/^[\w+-]+(?:\/[\w+-]+)*$/.test(name)) return null
  try {
    dayFormat(name)
    return name
  } catch {
    return null
  }
}

/** When an account's time zone may change again: `changedAt` plus timeZoneChangeDays (null: now). */
export function timeZoneChangeableFrom(changedAt: Date | null, now: Date): Date | null {
  if (!changedAt) return null
  const from = new Date(changedAt.getTime() + ACCOUNT_LIMITS.timeZoneChangeDays * 24 * 60 * 60 * 1000)
  return from.getTime() > now.getTime() ? from : null
}

/** The hour (0-23) at `now` in a time zone. */
export function hourIn(now: Date, timeZone: string): number {
  const read = (zone: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(now))
  try {
    return read(timeZone)
  } catch {
    return read('Asia/Seoul')
  }
}

/** SPEC §2 night restriction: no marketing notifications from 21:00 to 8:00 local time. */
export const NIGHT_WINDOW = { startHour: 21, endHour: 8 } as const
export function isNightTime(now: Date, timeZone: string): boolean {
  const hour = hourIn(now, timeZone)
  return hour >= NIGHT_WINDOW.startHour || hour < NIGHT_WINDOW.endHour
}

/** Calendar months later (UTC), clamped to the month's last day (31 Aug + 6 months = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime())
  const day = result.getUTCDate()
  result.setUTCDate(1)
  result.setUTCMonth(result.getUTCMonth() + months)
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate()
  result.setUTCDate(Math.min(day, last))
  return result
}

// ── codes and links ─────────────────────────────────────────────────────────────────────

export const codeExpiresAt = (issuedAt: Date): Date => new Date(issuedAt.getTime() + ACCOUNT_LIMITS.codeValidMs)
/** SPEC §4: a code is valid 10 minutes (the tenth minute included). */
export const codeIsValid = (issuedAt: Date, now: Date): boolean => now.getTime() <= codeExpiresAt(issuedAt).getTime()
export const resetLinkExpiresAt = (issuedAt: Date): Date => new Date(issuedAt.getTime() + ACCOUNT_LIMITS.resetValidMs)
export const resetLinkIsValid = (issuedAt: Date, now: Date): boolean => now.getTime() <= resetLinkExpiresAt(issuedAt).getTime()

/** Whether another code may be sent now, given when the last ones for the address were sent. */
export function codeRequestAllowed(sentAt: readonly Date[], now: Date): boolean {
  const times = sentAt.map((date) => date.getTime())
  if (times.some((time) => now.getTime() - time < ACCOUNT_LIMITS.codeResendMs)) return false
  return times.filter((time) => now.getTime() - time < 60 * 60 * 1000).length < ACCOUNT_LIMITS.codesPerHour
}

// ── account state ───────────────────────────────────────────────────────────────────────

export const adultVerificationExpiresAt = (verifiedAt: Date): Date => addMonths(verifiedAt, ACCOUNT_LIMITS.adultVerificationValidMonths)
/** SPEC §4: adult verification expires after 1 year. */
export const adultVerificationValid = (verifiedAt: Date | null, now: Date): boolean =>
  verifiedAt !== null && now.getTime() < adultVerificationExpiresAt(verifiedAt).getTime()

/** SPEC §4: a password change is advised 6 months after the last change (or the last "later"). */
export function passwordChangeAdvised(lastChangedAt: Date | null, postponedAt: Date | null, now: Date): boolean {
  const since = [lastChangedAt, postponedAt].filter((date): date is Date => date !== null).sort((a, b) => b.getTime() - a.getTime())[0]
  if (!since) return false
  return now.getTime() >= addMonths(since, ACCOUNT_LIMITS.passwordAdviceMonths).getTime()
}

/** SPEC §9: a gift expiring within 24 hours is flagged. */
export function giftExpiringSoon(expiresAt: Date | null, now: Date): boolean {
  if (!expiresAt) return false
  const left = expiresAt.getTime() - now.getTime()
  return left > 0 && left <= ACCOUNT_LIMITS.giftExpiringSoonMs
}

export type GiftState = 'claimable' | 'claimed' | 'expired'
export function giftState(gift: { claimedAt: Date | null; expiresAt: Date | null }, now: Date): GiftState {
  if (gift.claimedAt) return 'claimed'
  if (gift.expiresAt && gift.expiresAt.getTime() <= now.getTime()) return 'expired'
  return 'claimable'
}

/** The last daily bonus claim: its day ('YYYY-MM-DD') in the zone it was claimed in, and when. */
export interface DailyBonusClaim {
  day: string
  timeZone: string
  claimedAt: Date
}

/**
 * SPEC: one daily bonus per day, in the day of the account's stored time zone (issue 33: never a
 * zone the claiming request names). Zones change (rarely, ACCOUNT_LIMITS.timeZoneChangeDays), so
 * a claim at `now` in `timeZone` must pass three tests against the last one:
 *  - its day is after the last claimed day (the (member, day) key, and the streak, stay sound);
 *  - the last claim was not made during today as this zone counts it (a zone further east does
 *    not open a second claim on the day just claimed);
 *  - the last claimed day is over in the zone it was claimed in (a zone further west does not
 *    either).
 * So no day window, counted in either zone, ever holds two claims.
 */
export function dailyBonusClaimable(last: DailyBonusClaim | null, now: Date, timeZone: string): boolean {
  if (!last) return true
  const today = readerDay(now, timeZone)
  return last.day < today && readerDay(last.claimedAt, timeZone) < today && readerDay(now, last.timeZone) > last.day
}

/** SPEC §5: the sign-up nickname defaults to the part of the e-mail before the at sign. */
export function nicknameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? ''
  return Array.from(local.replace(NICKNAME_FORBIDDEN_GLOBAL, '')).slice(0, ACCOUNT_LIMITS.nicknameMax).join('')
}

/** Characters a nickname may not hold: markup, quotes, slashes, control and invisible characters. */
export const NICKNAME_FORBIDDEN = /[<>"'`&\\/{}[\]|;=%$#^*~\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u
const NICKNAME_FORBIDDEN_GLOBAL = new RegExp(NICKNAME_FORBIDDEN.source, 'gu')

/** A mobile number as SPEC §5 wants it: 01, one of 0 1 6 7 8 9, then 4 and 4 digits. */
export const MOBILE_PATTERN = /^01[016789][0-9]{4}[0-9]{4}$/

/** A device's label from its user agent ("Chrome on Windows"). */
export function deviceLabel(userAgent: string): { browser: string; os: string } {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser'
  const os = /iPhone|iPad|iPod/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : 'Other'
  return { browser, os }
}
