/**
 * Operator rules (issue 17): the service states operators set (maintenance, the update flag),
 * what a legal document version needs, the moderation actions and the operator's second factor.
 * The API decides with these and the operator console validates its forms with the same ones.
 */
import { LOCALES, type Locale } from '../i18n/locales'
import { INQUIRY_CATEGORIES, type InquiryCategory } from './account'
import type { Badge } from './types'

/** Body code of the 403 an operator gets before confirming the second factor in this session. */
export const OPERATOR_STEP_UP_CODE = 4035

/** How long a confirmed second factor holds for an operator's session (real time, not faketime). */
export const OPERATOR_STEP_UP_MS = 8 * 60 * 60 * 1000

/** TOTP as authenticator apps expect it (RFC 6238 defaults): 6 digits, 30 s steps, SHA-1. */
export const TOTP = { digits: 6, periodSeconds: 30, issuer: 'Koma', toleranceSteps: 1 } as const

/** A code as typed: six digits, spaces allowed between groups ("123 456"). */
export function normaliseTotpCode(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const digits = value.replace(/[\s-]/g, '')
  return /^\d{6}$/.test(digits) ? digits : null
}

/**
 * The one-time set-up code `npm run operator -- grant` prints for an operator's first
 * authenticator (issue 33): 20 characters of an alphabet without look-alikes (no I, O, 0, 1),
 * 100 random bits, shown in groups of four.
 */
export const ENROLMENT_CODE = { length: 20, group: 4, alphabet: 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789' } as const

/** A set-up code as typed: case, spaces and dashes do not matter; null when it cannot be one. */
export function normaliseEnrolmentCode(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 64) return null
  const plain = value.replace(/[\s-]/g, '').toUpperCase()
  return plain.length === ENROLMENT_CODE.length && [...plain].every((char) => ENROLMENT_CODE.alphabet.includes(char)) ? plain : null
}

/** A set-up code as the command prints it: groups of four joined by dashes. */
export const formatEnrolmentCode = (code: string): string => code.match(new RegExp(`.{1,${ENROLMENT_CODE.group}}`, 'g'))?.join('-') ?? code

// ---------------------------------------------------------------------------------------------
// Maintenance (SPEC §8 503 screen: title, description, end time)

export interface MaintenanceTexts {
  title: string
  description: string
}

export interface MaintenanceSetting {
  /** The operator's switch. Off: never in maintenance, whatever the schedule says. */
  on: boolean
  /** When it starts (ISO); null: as soon as it is on. */
  startsAt: string | null
  /** When it ends by itself (ISO), shown to readers as the expected end; null: until turned off. */
  endsAt: string | null
  texts: Record<Locale, MaintenanceTexts>
}

export const MAINTENANCE_OFF: MaintenanceSetting = {
  on: false,
  startsAt: null,
  endsAt: null,
  texts: { ja: { title: '', description: '' }, en: { title: '', description: '' }, fr: { title: '', description: '' } },
}

export const MAINTENANCE_LIMITS = { title: 100, description: 2000 } as const

/** Whether readers are in maintenance at `now`: switched on, started, not yet ended. */
export function maintenanceActive(setting: MaintenanceSetting, now: Date): boolean {
  if (!setting.on) return false
  if (setting.startsAt && now.getTime() < Date.parse(setting.startsAt)) return false
  if (setting.endsAt && now.getTime() >= Date.parse(setting.endsAt)) return false
  return true
}

/** What the maintenance screen shows a reader in `locale` (English when that language is empty). */
export function maintenanceInfoFor(setting: MaintenanceSetting, locale: Locale): { title: string; description: string; endAt: string | null } {
  const own = setting.texts[locale]
  const texts = own?.title ? own : setting.texts.en
  return { title: texts?.title ?? '', description: texts?.description ?? '', endAt: setting.endsAt }
}

// ---------------------------------------------------------------------------------------------
// Form checks shared by the API and the console. A problem names the field and says what is wrong.

export type FieldProblem = 'required' | 'tooLong' | 'invalid' | 'endBeforeStart' | 'inPast'
export interface FieldError {
  field: string
  problem: FieldProblem
  max?: number
}

/** A date-time as sent by a form: ISO 8601 with a time zone. Empty: null. Anything else: undefined (invalid). */
export function parseDateField(value: unknown): Date | null | undefined {
  if (value === undefined || value === null || value === '') return null
  if (typeof value !== 'string' || value.length > 40) return undefined
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return undefined
  const time = Date.parse(value)
  return Number.isNaN(time) ? undefined : new Date(time)
}

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/u
/**
 * Half of a surrogate pair on its own (only JSON can carry one): no text, and the database refuses
 * it. With the `u` flag a pair reads as one code point, so a surrogate the class matches is alone
 * (no lookbehind: Safari before 16.4 cannot parse one, issue 34).
 */
const LONE_SURROGATE = /[\ud800-\udfff]/u

export function checkText(errors: FieldError[], field: string, value: unknown, max: number, required: boolean): string {
  if (value !== undefined && typeof value !== 'string') {
    errors.push({ field, problem: 'invalid' })
    return ''
  }
  const text = (value ?? '').trim()
  if (!text) {
    if (required) errors.push({ field, problem: 'required' })
    return ''
  }
  if (Array.from(text).length > max) errors.push({ field, problem: 'tooLong', max })
  else if (CONTROL.test(text) || LONE_SURROGATE.test(text)) errors.push({ field, problem: 'invalid' })
  return text
}

/** Form field of a text in one language: `titleJa`, `bodyFr`. */
export const localizedField = (name: string, locale: Locale): string => `${name}${locale.charAt(0).toUpperCase()}${locale.slice(1)}`

export type MaintenanceForm = Partial<Record<string, string>>

const isTrue = (value: unknown): boolean => value === 'true' || value === '1' || value === 'on'

/**
 * The maintenance form: the switch, an optional start and end, and a title in each language
 * (required when switching on) with an optional description.
 */
export function checkMaintenanceForm(form: MaintenanceForm): { setting: MaintenanceSetting; errors: FieldError[] } {
  const errors: FieldError[] = []
  const on = isTrue(form.on)
  if (form.on !== undefined && !['true', 'false', '1', '0', 'on', 'off'].includes(String(form.on))) errors.push({ field: 'on', problem: 'invalid' })
  const startsAt = parseDateField(form.startsAt)
  const endsAt = parseDateField(form.endsAt)
  if (startsAt === undefined) errors.push({ field: 'startsAt', problem: 'invalid' })
  if (endsAt === undefined) errors.push({ field: 'endsAt', problem: 'invalid' })
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) errors.push({ field: 'endsAt', problem: 'endBeforeStart' })
  const texts = {} as Record<Locale, MaintenanceTexts>
  for (const locale of LOCALES) {
    texts[locale] = {
      title: checkText(errors, localizedField('title', locale), form[localizedField('title', locale)], MAINTENANCE_LIMITS.title, on),
      description: checkText(errors, localizedField('description', locale), form[localizedField('description', locale)], MAINTENANCE_LIMITS.description, false),
    }
  }
  return { setting: { on, startsAt: startsAt ? startsAt.toISOString() : null, endsAt: endsAt ? endsAt.toISOString() : null, texts }, errors }
}

// ---------------------------------------------------------------------------------------------
// The update flag (SPEC §4: required or available app update; SPEC §7 new-build check)

export const UPDATE_STATES = ['none', 'available', 'required'] as const
export type UpdateState = (typeof UPDATE_STATES)[number]

export interface UpdateSetting {
  state: UpdateState
  /** The version readers should move to (free text such as 2026.11.3); empty with `none`. */
  version: string
}

export const UPDATE_NONE: UpdateSetting = { state: 'none', version: '' }

export function checkUpdateForm(form: { state?: string; version?: string }): { setting: UpdateSetting; errors: FieldError[] } {
  const errors: FieldError[] = []
  const state = (UPDATE_STATES as readonly string[]).includes(String(form.state)) ? (form.state as UpdateState) : null
  if (!state) errors.push({ field: 'state', problem: form.state ? 'invalid' : 'required' })
  const version = typeof form.version === 'string' ? form.version.trim() : ''
  if (form.version !== undefined && typeof form.version !== 'string') errors.push({ field: 'version', problem: 'invalid' })
  else if (state && state !== 'none' && !version) errors.push({ field: 'version', problem: 'required' })
  else if (version && !/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,39}$/.test(version)) errors.push({ field: 'version', problem: 'invalid' })
  return { setting: { state: state ?? 'none', version: state === 'none' ? '' : version }, errors }
}

// ---------------------------------------------------------------------------------------------
// Legal documents (SPEC §2 /legal/{type}/{version}; §4 terms update: agree or be signed out)

export const LEGAL_LIMITS = { title: 200, body: 100_000 } as const

export interface LegalForm {
  effectiveAt?: string
  [field: string]: string | undefined
}

/** A new version: a title and a body in every language; effective now or later (never backdated). */
export function checkLegalForm(
  form: LegalForm,
  now: Date,
): { effectiveAt: Date; texts: Record<Locale, { title: string; body: string }>; errors: FieldError[] } {
  const errors: FieldError[] = []
  const effective = parseDateField(form.effectiveAt)
  if (effective === undefined) errors.push({ field: 'effectiveAt', problem: 'invalid' })
  // A minute of slack for the form's own clock; earlier than that would rewrite what readers agreed to.
  else if (effective && effective.getTime() < now.getTime() - 60_000) errors.push({ field: 'effectiveAt', problem: 'inPast' })
  const texts = {} as Record<Locale, { title: string; body: string }>
  for (const locale of LOCALES) {
    texts[locale] = {
      title: checkText(errors, localizedField('title', locale), form[localizedField('title', locale)], LEGAL_LIMITS.title, true),
      body: checkText(errors, localizedField('body', locale), form[localizedField('body', locale)], LEGAL_LIMITS.body, true),
    }
  }
  return { effectiveAt: effective ?? now, texts, errors }
}

// ---------------------------------------------------------------------------------------------
// Moderation

export const REPORT_KINDS = ['comment', 'content'] as const
export type ReportKind = (typeof REPORT_KINDS)[number]

/** hide: the comment disappears for every reader; restore: it comes back; dismiss: nothing to do. */
export const REPORT_ACTIONS = ['hide', 'restore', 'dismiss'] as const
export type ReportAction = (typeof REPORT_ACTIONS)[number]

/** Which actions a report of this kind takes (a content report is only acknowledged). */
export function reportActionAllowed(kind: ReportKind, action: ReportAction): boolean {
  return kind === 'comment' || action === 'dismiss'
}

/** mute: no commenting for `days`; suspend: signed out and no sign-in until reinstated. */
export const MEMBER_SANCTIONS = ['mute', 'unmute', 'suspend', 'reinstate'] as const
export type MemberSanction = (typeof MEMBER_SANCTIONS)[number]
export const MUTE_DAYS = { min: 1, max: 365, default: 7 } as const

export function parseMuteDays(value: unknown): number | null {
  if (value === undefined || value === '') return MUTE_DAYS.default
  if (typeof value !== 'string' || !/^\d{1,3}$/.test(value)) return null
  const days = Number(value)
  return days >= MUTE_DAYS.min && days <= MUTE_DAYS.max ? days : null
}

export const AUDIT_PAGE_SIZE = { default: 50, max: 200 } as const

// ---------------------------------------------------------------------------------------------
// Content: title texts and chapters' schedule and sales config (SPEC §3 sales config)

export const TITLE_TEXT_LIMITS = { name: 100, description: 2000 } as const

/** A title's name (required) and description in each language. */
export function checkTitleTextsForm(form: Partial<Record<string, string>>): {
  texts: Record<Locale, { name: string; description: string }>
  errors: FieldError[]
} {
  const errors: FieldError[] = []
  const texts = {} as Record<Locale, { name: string; description: string }>
  for (const locale of LOCALES) {
    texts[locale] = {
      name: checkText(errors, localizedField('name', locale), form[localizedField('name', locale)], TITLE_TEXT_LIMITS.name, true),
      description: checkText(errors, localizedField('description', locale), form[localizedField('description', locale)], TITLE_TEXT_LIMITS.description, false),
    }
  }
  return { texts, errors }
}

/** Hide a title from readers everywhere, or show it again (the console still shows it). */
export const TITLE_VISIBILITY_ACTIONS = ['hide', 'unhide'] as const
export type TitleVisibilityAction = (typeof TITLE_VISIBILITY_ACTIONS)[number]

/**
 * The badge an operator may give a title: SPEC §3's badges but the two the catalogue derives on
 * its own (Mature from the title's rating, Rental Only per chapter from its sales config).
 */
export const TITLE_BADGES = ['NEW', 'UP', 'HOT', 'HIGHLIGHT', 'EVENT', 'EXCLUSIVE', 'FIN', 'HIATUS'] as const satisfies readonly Badge[]
export type TitleBadge = (typeof TITLE_BADGES)[number]

export interface TitleLabelsSetting {
  /** Genre codes of the catalogue (`genres.code`), in the order given. */
  genres: string[]
  badge: TitleBadge | null
}

export type TitleLabelsForm = { genres?: string | string[]; badge?: string }

/**
 * A title's genres (at least one, each one of the catalogue's genres: a title with none would be
 * in no genre menu) and its own badge (empty: none).
 */
export function checkTitleLabelsForm(form: TitleLabelsForm, genreCodes: readonly string[]): { setting: TitleLabelsSetting; errors: FieldError[] } {
  const errors: FieldError[] = []
  const raw = form.genres === undefined || form.genres === '' ? [] : Array.isArray(form.genres) ? form.genres : [form.genres]
  let genres: string[] = []
  if (raw.some((code) => typeof code !== 'string' || !genreCodes.includes(code))) errors.push({ field: 'genres', problem: 'invalid' })
  else if (raw.length === 0) errors.push({ field: 'genres', problem: 'required' })
  else genres = [...new Set(raw)]
  let badge: TitleBadge | null = null
  if (form.badge !== undefined && form.badge !== '') {
    if (typeof form.badge === 'string' && (TITLE_BADGES as readonly string[]).includes(form.badge)) badge = form.badge as TitleBadge
    else errors.push({ field: 'badge', problem: 'invalid' })
  }
  return { setting: { genres, badge }, errors }
}

// ---------------------------------------------------------------------------------------------
// Import from the browser: one EPUB (a novel) or image files (a comic's pages), the same
// importer as `npm run import`.

export const IMPORT_KINDS = ['epub', 'images'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]

const MB = 1024 * 1024
/** What one upload may hold: the API answers 413 past any of these (and stops reading). */
export const IMPORT_LIMITS = { epubBytes: 64 * MB, imageBytes: 20 * MB, pages: 500, totalBytes: 200 * MB } as const

/** Page files the comic importer reads (by name, as `npm run import` does for a folder). */
export const IMPORT_IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.gif'] as const

const extensionOf = (name: string): string => /\.[^./\\]+$/.exec(name)?.[0]?.toLowerCase() ?? ''
export const isImportImageName = (name: string): boolean => (IMPORT_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name))
export const isEpubName = (name: string): boolean => extensionOf(name) === '.epub'

export interface ImportFile {
  name: string
  size: number
}

/**
 * An import as sent: its kind, the comic's title (images: required, a folder's name by default),
 * and its files — one `.epub`, or pages with an image extension. Sizes are `importTooLarge`'s.
 */
export function checkImportForm(
  form: { kind?: unknown; title?: unknown },
  files: readonly ImportFile[],
): { kind: ImportKind | null; title: string; errors: FieldError[] } {
  const errors: FieldError[] = []
  const kind = (IMPORT_KINDS as readonly unknown[]).includes(form.kind) ? (form.kind as ImportKind) : null
  if (!kind) errors.push({ field: 'kind', problem: form.kind ? 'invalid' : 'required' })
  let title = ''
  if (kind === 'images') title = checkText(errors, 'title', form.title, TITLE_TEXT_LIMITS.name, true)
  if (files.length === 0) errors.push({ field: 'files', problem: 'required' })
  else if (kind === 'epub' && (files.length !== 1 || !isEpubName(files[0]!.name))) errors.push({ field: 'files', problem: 'invalid' })
  else if (kind === 'images' && !files.every((file) => isImportImageName(file.name))) errors.push({ field: 'files', problem: 'invalid' })
  return { kind, title, errors }
}

/** Whether an upload is over IMPORT_LIMITS (the API's 413), checked before sending too. */
export function importTooLarge(kind: ImportKind, files: readonly ImportFile[]): boolean {
  const each = kind === 'epub' ? IMPORT_LIMITS.epubBytes : IMPORT_LIMITS.imageBytes
  return (
    files.length > IMPORT_LIMITS.pages || files.some((file) => file.size > each) || files.reduce((sum, file) => sum + file.size, 0) > IMPORT_LIMITS.totalBytes
  )
}

/** Coins are whole numbers; a price above this is a typing mistake. */
export const COIN_PRICE_MAX = 10_000
export const RENT_WAYS = ['gauge', 'ticket', 'coin'] as const
export const PURCHASE_WAYS = ['coin'] as const

export interface ChapterSalesSetting {
  publishedAt: string
  free: boolean
  price: number
  originalPrice: number
  rentalPrice: number
  originalRentalPrice: number
  rentAllowedWith: (typeof RENT_WAYS)[number][]
  purchaseAllowedWith: (typeof PURCHASE_WAYS)[number][]
}

export type ChapterSalesForm = Partial<Record<'publishedAt' | 'free' | 'price' | 'originalPrice' | 'rentalPrice' | 'originalRentalPrice', string>> & {
  rentAllowedWith?: string | string[]
  purchaseAllowedWith?: string | string[]
}

/**
 * A chapter's schedule and sales config, as the episode list and the unlock calls read them: a
 * paid chapter can be bought or rented some way; buying with coins needs a price and renting with
 * coins a rental price; a shown discount never sells above the original price.
 */
/** A price of a way the chapter is not sold (the catalogue's -1). */
export const NOT_SOLD = -1

export function checkChapterSalesForm(form: ChapterSalesForm): { setting: ChapterSalesSetting; errors: FieldError[] } {
  const errors: FieldError[] = []
  const publishedAt = parseDateField(form.publishedAt)
  if (!publishedAt) errors.push({ field: 'publishedAt', problem: publishedAt === null ? 'required' : 'invalid' })
  if (form.free !== undefined && form.free !== 'true' && form.free !== 'false') errors.push({ field: 'free', problem: 'invalid' })
  const free = form.free === 'true'
  // An empty price: the chapter is not sold that way (-1, as the catalogue stores it; 0 would
  // read as "sold for 0 coins" and lose the rental-only label).
  const coins = (field: 'price' | 'originalPrice' | 'rentalPrice' | 'originalRentalPrice'): number => {
    const value = form[field]
    if (value === undefined || value === '') return NOT_SOLD
    if (typeof value !== 'string' || !/^\d{1,6}$/.test(value) || Number(value) > COIN_PRICE_MAX) {
      errors.push({ field, problem: 'invalid' })
      return 0
    }
    return Number(value)
  }
  const price = coins('price')
  const original = (field: 'originalPrice' | 'originalRentalPrice', current: number): number => {
    const value = coins(field)
    return value === NOT_SOLD ? current : value
  }
  const originalPrice = original('originalPrice', price)
  const rentalPrice = coins('rentalPrice')
  const originalRentalPrice = original('originalRentalPrice', rentalPrice)
  const ways = <W extends string>(field: 'rentAllowedWith' | 'purchaseAllowedWith', allowed: readonly W[]): W[] => {
    const raw = form[field]
    const list = raw === undefined || raw === '' ? [] : Array.isArray(raw) ? raw : [raw]
    if (list.some((way) => typeof way !== 'string' || !(allowed as readonly string[]).includes(way))) {
      errors.push({ field, problem: 'invalid' })
      return []
    }
    return [...new Set(list as W[])]
  }
  const rentAllowedWith = ways('rentAllowedWith', RENT_WAYS)
  const purchaseAllowedWith = ways('purchaseAllowedWith', PURCHASE_WAYS)
  if (price > originalPrice) errors.push({ field: 'price', problem: 'invalid' })
  if (rentalPrice > originalRentalPrice) errors.push({ field: 'rentalPrice', problem: 'invalid' })
  if (!free) {
    if (!rentAllowedWith.length && !purchaseAllowedWith.length) errors.push({ field: 'purchaseAllowedWith', problem: 'required' })
    if (purchaseAllowedWith.includes('coin') && price <= 0) errors.push({ field: 'price', problem: 'required' })
    if (rentAllowedWith.includes('coin') && rentalPrice <= 0) errors.push({ field: 'rentalPrice', problem: 'required' })
  }
  // The catalogue's meaning (seed, labels, access rules): a way the chapter is not sold has price
  // -1; a rental by ticket or gauge alone has rental price 0; a free chapter is sold no way.
  const sold = (allowed: boolean, value: number, whenAllowed: number): number => (free || !allowed ? NOT_SOLD : value === NOT_SOLD ? whenAllowed : value)
  return {
    setting: {
      publishedAt: publishedAt ? publishedAt.toISOString() : '',
      free,
      price: sold(purchaseAllowedWith.length > 0, price, NOT_SOLD),
      originalPrice: sold(purchaseAllowedWith.length > 0, originalPrice, NOT_SOLD),
      rentalPrice: sold(rentAllowedWith.length > 0, rentalPrice, 0),
      originalRentalPrice: sold(rentAllowedWith.length > 0, originalRentalPrice, 0),
      rentAllowedWith,
      purchaseAllowedWith,
    },
    errors,
  }
}

/**
 * A scheduled chapter (issue 17): until its `publishedAt` it is coming soon — not in the episode
 * list, not readable, not for sale. Coming-soon titles keep their own flow (their trial chapters
 * are dated at the launch and readable before it).
 */
export function chapterReleased(contentStatus: string, publishedAt: Date | string, now: Date): boolean {
  return contentStatus === 'coming_soon' || new Date(publishedAt).getTime() <= now.getTime()
}

// ---------------------------------------------------------------------------------------------
// Coupons (SPEC §4 coupon codes): code, reward, limits, expiry

/** How a code is typed and stored: the redemption call normalises the same way (upper case, no spaces or dashes). */
export const normaliseCouponCode = (raw: string): string =>
  raw
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '')

export const COUPON_LIMITS = { codeMin: 4, codeMax: 32, title: 100, amountMax: 10_000, validDaysMax: 365, redemptionsMax: 10_000_000 } as const

export interface CouponSetting extends RewardSetting {
  code: string
  titles: Record<Locale, string>
  startsAt: string
  endsAt: string | null
  maxRedemptions: number | null
}

export type CouponForm = Partial<
  Record<
    'code' | 'kind' | 'coinType' | 'amount' | 'contentId' | 'validDays' | 'startsAt' | 'endsAt' | 'maxRedemptions' | 'titleJa' | 'titleEn' | 'titleFr',
    string
  >
>

/** A whole number field (1 to `max`, no leading zero); empty: null, or `required`. */
export function checkWholeNumber(errors: FieldError[], field: string, value: unknown, max: number, required: boolean): number | null {
  if (value === undefined || value === '') {
    if (required) errors.push({ field, problem: 'required' })
    return null
  }
  if (typeof value !== 'string' || !/^[1-9]\d{0,8}$/.test(value) || Number(value) > max) {
    errors.push({ field, problem: 'invalid' })
    return null
  }
  return Number(value)
}

/** What a coupon or a gift grants: coins (free or bonus) or tickets (for one title or any), valid some days or for good. */
export interface RewardSetting {
  kind: 'coin' | 'ticket'
  /** Coins: free (they may expire) or bonus; tickets: none. */
  coinType: 'free' | 'bonus' | null
  amount: number
  /** Tickets for one title (null: any title). */
  contentId: number | null
  /** Days the granted coins or tickets stay valid (null: no expiry). */
  validDays: number | null
}

export type RewardForm = Partial<Record<'kind' | 'coinType' | 'amount' | 'contentId' | 'validDays', string>>

/** The reward fields of a coupon or gift form (`kind`, `coinType`, `amount`, `contentId`, `validDays`). */
export function checkReward(errors: FieldError[], form: RewardForm): RewardSetting {
  const kind = form.kind === 'coin' || form.kind === 'ticket' ? form.kind : null
  if (!kind) errors.push({ field: 'kind', problem: form.kind ? 'invalid' : 'required' })
  let coinType: RewardSetting['coinType'] = null
  if (kind === 'coin') {
    if (form.coinType === 'free' || form.coinType === 'bonus') coinType = form.coinType
    else errors.push({ field: 'coinType', problem: form.coinType ? 'invalid' : 'required' })
  }
  const amount = checkWholeNumber(errors, 'amount', form.amount, COUPON_LIMITS.amountMax, true) ?? 0
  const contentId = kind === 'ticket' ? checkWholeNumber(errors, 'contentId', form.contentId, 999_999_999, false) : null
  const validDays = checkWholeNumber(errors, 'validDays', form.validDays, COUPON_LIMITS.validDaysMax, false)
  return { kind: kind ?? 'coin', coinType, amount, contentId, validDays }
}

/** An optional start (empty: `now`) and an optional end after it. */
export function checkWindow(errors: FieldError[], form: { startsAt?: unknown; endsAt?: unknown }, now: Date): { startsAt: string; endsAt: string | null } {
  const startsAt = parseDateField(form.startsAt)
  const endsAt = parseDateField(form.endsAt)
  if (startsAt === undefined) errors.push({ field: 'startsAt', problem: 'invalid' })
  if (endsAt === undefined) errors.push({ field: 'endsAt', problem: 'invalid' })
  const start = startsAt ?? now
  if (endsAt && endsAt.getTime() <= start.getTime()) errors.push({ field: 'endsAt', problem: 'endBeforeStart' })
  return { startsAt: start.toISOString(), endsAt: endsAt ? endsAt.toISOString() : null }
}

/**
 * Texts in every language (`titleJa`, `bodyFr`, …): each named text with its limit, required or
 * not. `{ title: [100, true], description: [500, false] }` gives `Record<Locale, { title, description }>`.
 */
export function checkLocalizedTexts<K extends string>(
  errors: FieldError[],
  form: Partial<Record<string, unknown>>,
  spec: Record<K, readonly [max: number, required: boolean]>,
): Record<Locale, Record<K, string>> {
  const texts = {} as Record<Locale, Record<K, string>>
  for (const locale of LOCALES) {
    texts[locale] = {} as Record<K, string>
    for (const name of Object.keys(spec) as K[]) {
      const [max, required] = spec[name]
      texts[locale][name] = checkText(errors, localizedField(name, locale), form[localizedField(name, locale)], max, required)
    }
  }
  return texts
}

export function checkCouponForm(form: CouponForm, now: Date): { setting: CouponSetting; errors: FieldError[] } {
  const errors: FieldError[] = []
  const code = typeof form.code === 'string' ? normaliseCouponCode(form.code) : ''
  if (!code) errors.push({ field: 'code', problem: 'required' })
  else if (!/^[A-Z0-9]+$/.test(code) || code.length < COUPON_LIMITS.codeMin) errors.push({ field: 'code', problem: 'invalid' })
  else if (code.length > COUPON_LIMITS.codeMax) errors.push({ field: 'code', problem: 'tooLong', max: COUPON_LIMITS.codeMax })
  const reward = checkReward(errors, form)
  const maxRedemptions = checkWholeNumber(errors, 'maxRedemptions', form.maxRedemptions, COUPON_LIMITS.redemptionsMax, false)
  const window = checkWindow(errors, form, now)
  const texts = checkLocalizedTexts(errors, form, { title: [COUPON_LIMITS.title, true] })
  const titles = Object.fromEntries(LOCALES.map((locale) => [locale, texts[locale].title])) as Record<Locale, string>
  return { setting: { code, titles, ...reward, ...window, maxRedemptions }, errors }
}

// ---------------------------------------------------------------------------------------------
// Notices and FAQ (SPEC §2 /document/notice, /document/faq)

export const NOTICE_CATEGORIES = ['notice', 'event', 'maintenance', 'update'] as const
export const DOCUMENT_LIMITS = { title: 200, body: 20_000 } as const

export interface NoticeSetting {
  category: (typeof NOTICE_CATEGORIES)[number]
  pinned: boolean
  /** Readers see it from then on (a later time schedules it). */
  publishedAt: string
  texts: Record<Locale, { title: string; body: string }>
}

export function checkNoticeForm(form: Partial<Record<string, string>>, now: Date): { setting: NoticeSetting; errors: FieldError[] } {
  const errors: FieldError[] = []
  const category = (NOTICE_CATEGORIES as readonly string[]).includes(String(form.category)) ? (form.category as NoticeSetting['category']) : null
  if (!category) errors.push({ field: 'category', problem: form.category ? 'invalid' : 'required' })
  if (form.pinned !== undefined && form.pinned !== 'true' && form.pinned !== 'false') errors.push({ field: 'pinned', problem: 'invalid' })
  const publishedAt = parseDateField(form.publishedAt)
  if (publishedAt === undefined) errors.push({ field: 'publishedAt', problem: 'invalid' })
  const texts = {} as NoticeSetting['texts']
  for (const locale of LOCALES) {
    texts[locale] = {
      title: checkText(errors, localizedField('title', locale), form[localizedField('title', locale)], DOCUMENT_LIMITS.title, true),
      body: checkText(errors, localizedField('body', locale), form[localizedField('body', locale)], DOCUMENT_LIMITS.body, true),
    }
  }
  return { setting: { category: category ?? 'notice', pinned: form.pinned === 'true', publishedAt: (publishedAt ?? now).toISOString(), texts }, errors }
}

export interface FaqSetting {
  category: InquiryCategory
  sort: number
  texts: Record<Locale, { question: string; answer: string }>
}

export function checkFaqForm(form: Partial<Record<string, string>>): { setting: FaqSetting; errors: FieldError[] } {
  const errors: FieldError[] = []
  const category = (INQUIRY_CATEGORIES as readonly string[]).includes(String(form.category)) ? (form.category as InquiryCategory) : null
  if (!category) errors.push({ field: 'category', problem: form.category ? 'invalid' : 'required' })
  let sort = 0
  if (form.sort !== undefined && form.sort !== '') {
    if (typeof form.sort !== 'string' || !/^\d{1,4}$/.test(form.sort)) errors.push({ field: 'sort', problem: 'invalid' })
    else sort = Number(form.sort)
  }
  const texts = {} as FaqSetting['texts']
  for (const locale of LOCALES) {
    texts[locale] = {
      question: checkText(errors, localizedField('question', locale), form[localizedField('question', locale)], DOCUMENT_LIMITS.title, true),
      answer: checkText(errors, localizedField('answer', locale), form[localizedField('answer', locale)], DOCUMENT_LIMITS.body, true),
    }
  }
  return { setting: { category: category ?? 'other', sort, texts }, errors }
}

// ---------------------------------------------------------------------------------------------
// Releases (issue 16): the console's promote and rollback of a package's version at the edge

export const RELEASE_ACTIONS = ['promote', 'rollback'] as const
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number]

/** A front-end package name (`host`, `mf-catalog`, …) and a published version id, as the edge names them. */
const RELEASE_PACKAGE = /^(host|mf-[a-z]{2,20})$/
const RELEASE_VERSION = /^\d{14}-[0-9a-f]{8}$/

/** The release the edge made, as it asks the API to write it into the audit log. */
export function checkReleaseRecord(form: Partial<Record<string, unknown>>): {
  record: { package: string; action: ReleaseAction; from: string; to: string } | null
  errors: FieldError[]
} {
  const errors: FieldError[] = []
  const text = (field: string, pattern: RegExp): string => {
    const value = form[field]
    if (typeof value !== 'string' || !value) errors.push({ field, problem: 'required' })
    else if (!pattern.test(value)) errors.push({ field, problem: 'invalid' })
    return typeof value === 'string' ? value : ''
  }
  const pkg = text('package', RELEASE_PACKAGE)
  const action = form.action
  if (typeof action !== 'string' || !(RELEASE_ACTIONS as readonly string[]).includes(action))
    errors.push({ field: 'action', problem: action ? 'invalid' : 'required' })
  const from = text('from', RELEASE_VERSION)
  const to = text('to', RELEASE_VERSION)
  return { record: errors.length ? null : { package: pkg, action: action as ReleaseAction, from, to }, errors }
}
