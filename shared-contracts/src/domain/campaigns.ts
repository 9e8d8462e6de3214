/**
 * Home and inbox campaigns operators run (issue 17): home popups, banners and sections (SPEC §3,
 * §4: shuffle groups) and gifts to one member or to everyone (SPEC §1, §9). Each has a start and
 * an optional end; the API decides with these checks and the console checks its forms with them.
 */
import type { Locale } from '../i18n/locales'
import { HOME_ELEMENT_UI_TYPES, SHUFFLED_ELEMENT_TYPES, type HomeElementUiType } from './home'
import { checkLocalizedTexts, checkReward, checkWholeNumber, checkWindow, parseDateField, type FieldError, type RewardSetting } from './ops'
import { BADGES, type Badge } from './types'

export const CAMPAIGN_LIMITS = {
  title: 100,
  text: 500,
  link: 200,
  /** Titles one section lists. */
  sectionTitles: 30,
  position: 999,
  /** A popup shows again after at most 30 days. */
  repeatHours: 720,
  shuffleGroup: 20,
} as const

/** Where a campaign stands at `now`: not started, running, or over (its end has come). */
export type CampaignState = 'scheduled' | 'live' | 'ended'

export function campaignState(window: { startsAt: string | null; endsAt: string | null }, now: Date): CampaignState {
  if (window.endsAt && Date.parse(window.endsAt) <= now.getTime()) return 'ended'
  if (window.startsAt && Date.parse(window.startsAt) > now.getTime()) return 'scheduled'
  return 'live'
}

type Form = Partial<Record<string, string>>

/** A link on the site: a path from the root (`/menu/all_comic/event`), no scheme, host or spaces. */
function checkLink(errors: FieldError[], field: string, value: unknown): string | null {
  if (value === undefined || value === '') return null
  if (typeof value !== 'string') {
    errors.push({ field, problem: 'invalid' })
    return null
  }
  const link = value.trim()
  if (link.length > CAMPAIGN_LIMITS.link) errors.push({ field, problem: 'tooLong', max: CAMPAIGN_LIMITS.link })
  else if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(link) || link.includes('\\')) errors.push({ field, problem: 'invalid' })
  else return link
  return null
}

function checkFlag(errors: FieldError[], field: string, value: unknown): boolean {
  if (value !== undefined && value !== 'true' && value !== 'false') errors.push({ field, problem: 'invalid' })
  return value === 'true'
}

function checkChoice<T extends string>(errors: FieldError[], field: string, value: unknown, choices: readonly T[], fallback: T | null): T | null {
  if (value === undefined || value === '') {
    if (fallback === null) errors.push({ field, problem: 'required' })
    return fallback
  }
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T
  errors.push({ field, problem: 'invalid' })
  return fallback
}

// ---------------------------------------------------------------------------------------------
// Home popups (SPEC §3: content popups in their category's colour, image popups)

export const POPUP_KINDS = ['content', 'image'] as const
export const POPUP_CATEGORIES = ['free', 'event', 'notice'] as const

export interface PopupSetting {
  kind: (typeof POPUP_KINDS)[number]
  /** Content popups: free, event or notice (their colour); image popups: none. */
  category: (typeof POPUP_CATEGORIES)[number] | null
  /** `main` (home) or a menu page's code. */
  page: string
  link: string | null
  /** Image popups: the art of this title. */
  artContentId: number | null
  /** Shown again after this many hours; 0: once. */
  repeatHours: number
  /** On the mature home only. */
  mature: boolean
  startsAt: string
  endsAt: string | null
  texts: Record<Locale, { title: string; description: string }>
}

export function checkPopupForm(form: Form, now: Date): { setting: PopupSetting; errors: FieldError[] } {
  const errors: FieldError[] = []
  const kind = checkChoice(errors, 'kind', form.kind, POPUP_KINDS, null) ?? 'content'
  const category = kind === 'content' ? checkChoice(errors, 'category', form.category, POPUP_CATEGORIES, null) : null
  const page = form.page === undefined || form.page === '' ? 'main' : form.page
  if (typeof page !== 'string' || !/^[a-z][a-z0-9_]{0,39}$/.test(page)) errors.push({ field: 'page', problem: 'invalid' })
  const link = checkLink(errors, 'link', form.link)
  const artContentId = kind === 'image' ? checkWholeNumber(errors, 'artContentId', form.artContentId, 999_999_999, true) : null
  let repeatHours = 0
  if (form.repeatHours !== undefined && form.repeatHours !== '' && form.repeatHours !== '0')
    repeatHours = checkWholeNumber(errors, 'repeatHours', form.repeatHours, CAMPAIGN_LIMITS.repeatHours, false) ?? 0
  const mature = checkFlag(errors, 'mature', form.mature)
  const window = checkWindow(errors, form, now)
  const texts = checkLocalizedTexts(errors, form, { title: [CAMPAIGN_LIMITS.title, true], description: [CAMPAIGN_LIMITS.text, false] })
  return { setting: { kind, category, page: String(page), link, artContentId, repeatHours, mature, ...window, texts }, errors }
}

// ---------------------------------------------------------------------------------------------
// Home banners: one tile in a banner section (the top banner or a row of banners)

export interface BannerSetting {
  sectionId: number
  /** The title whose art the banner shows (and where it leads when no link is given). */
  contentId: number
  link: string | null
  badge: Badge | null
  badgeEndsAt: string | null
  /** 1 = first in its section; null: last. */
  position: number | null
  startsAt: string
  endsAt: string | null
  texts: Record<Locale, { title: string; text: string }>
}

export function checkBannerForm(form: Form, now: Date): { setting: BannerSetting; errors: FieldError[] } {
  const errors: FieldError[] = []
  const sectionId = checkWholeNumber(errors, 'sectionId', form.sectionId, 999_999_999, true) ?? 0
  const contentId = checkWholeNumber(errors, 'contentId', form.contentId, 999_999_999, true) ?? 0
  const link = checkLink(errors, 'link', form.link)
  const badge = checkChoice<Badge | ''>(errors, 'badge', form.badge, BADGES, '') || null
  const badgeEnd = parseDateField(form.badgeEndsAt)
  if (badgeEnd === undefined) errors.push({ field: 'badgeEndsAt', problem: 'invalid' })
  const position = checkWholeNumber(errors, 'position', form.position, CAMPAIGN_LIMITS.position, false)
  const window = checkWindow(errors, form, now)
  const texts = checkLocalizedTexts(errors, form, { title: [CAMPAIGN_LIMITS.title, true], text: [CAMPAIGN_LIMITS.text, false] })
  return {
    setting: { sectionId, contentId, link, badge, badgeEndsAt: badge && badgeEnd ? badgeEnd.toISOString() : null, position, ...window, texts },
    errors,
  }
}

// ---------------------------------------------------------------------------------------------
// Home sections (SPEC §4: banner_list_content_big_group and banner_list_group sections are
// grouped by type and shuffle group; readers see one section of each group)

export interface SectionSetting {
  elementType: HomeElementUiType
  /** Shuffled element types only: the group one section of which each reader sees ('' is a group too). */
  shuffleGroup: string | null
  /** The titles it lists, in order. */
  contentIds: number[]
  link: string | null
  position: number | null
  mature: boolean
  startsAt: string
  endsAt: string | null
  texts: Record<Locale, { title: string; text: string }>
}

export const isShuffledType = (type: string): boolean => (SHUFFLED_ELEMENT_TYPES as readonly string[]).includes(type)

/** Title numbers as typed: "12, 15 18" (commas, spaces or 、 between). */
export function parseTitleList(value: unknown): number[] | null {
  if (typeof value !== 'string') return null
  const parts = value.split(/[\s,、]+/).filter(Boolean)
  if (parts.some((part) => !/^[1-9]\d{0,8}$/.test(part))) return null
  return [...new Set(parts.map(Number))]
}

export function checkSectionForm(form: Form, now: Date): { setting: SectionSetting; errors: FieldError[] } {
  const errors: FieldError[] = []
  const elementType = checkChoice(errors, 'elementType', form.elementType, HOME_ELEMENT_UI_TYPES, null) ?? 'content_list'
  let shuffleGroup: string | null = null
  if (form.shuffleGroup !== undefined && form.shuffleGroup !== '') {
    if (typeof form.shuffleGroup !== 'string' || !/^[A-Za-z0-9_-]+$/.test(form.shuffleGroup) || !isShuffledType(elementType))
      errors.push({ field: 'shuffleGroup', problem: 'invalid' })
    else if (form.shuffleGroup.length > CAMPAIGN_LIMITS.shuffleGroup)
      errors.push({ field: 'shuffleGroup', problem: 'tooLong', max: CAMPAIGN_LIMITS.shuffleGroup })
    else shuffleGroup = form.shuffleGroup
  }
  const contentIds = form.contentIds === undefined || form.contentIds === '' ? [] : parseTitleList(form.contentIds)
  if (contentIds === null) errors.push({ field: 'contentIds', problem: 'invalid' })
  else if (contentIds.length === 0) errors.push({ field: 'contentIds', problem: 'required' })
  else if (contentIds.length > CAMPAIGN_LIMITS.sectionTitles) errors.push({ field: 'contentIds', problem: 'invalid' })
  const link = checkLink(errors, 'link', form.link)
  const position = checkWholeNumber(errors, 'position', form.position, CAMPAIGN_LIMITS.position, false)
  const mature = checkFlag(errors, 'mature', form.mature)
  const window = checkWindow(errors, form, now)
  const texts = checkLocalizedTexts(errors, form, { title: [CAMPAIGN_LIMITS.title, true], text: [CAMPAIGN_LIMITS.text, false] })
  return { setting: { elementType, shuffleGroup, contentIds: contentIds ?? [], link, position, mature, ...window, texts }, errors }
}

// ---------------------------------------------------------------------------------------------
// Gifts (SPEC §1 gifts and inbox, §9 gifts expiring within 24 hours flagged)

export const GIFT_AUDIENCES = ['member', 'everyone'] as const

export interface GiftSetting extends RewardSetting {
  /**
   * One member, or everyone: every member (guests aside) who joined before the gift is sent,
   * each finding it in the inbox once from its start.
   */
  audience: (typeof GIFT_AUDIENCES)[number]
  memberId: number | null
  /** When it reaches the inbox. */
  startsAt: string
  /** Claim by (null: no deadline). */
  endsAt: string | null
  texts: Record<Locale, { title: string; description: string }>
}

/**
 * The key a form sends with a gift: the same key again is the same gift (a retried request never
 * sends a second one), so the console makes one per form and keeps it until the gift is sent.
 */
export const GIFT_REQUEST_KEY = /^[A-Za-z0-9_-]{16,64}$/

export type GiftForm = Partial<Record<string, string>>

export function checkGiftForm(form: GiftForm, now: Date): { setting: GiftSetting; requestKey: string; errors: FieldError[] } {
  const errors: FieldError[] = []
  const requestKey = typeof form.requestKey === 'string' && GIFT_REQUEST_KEY.test(form.requestKey) ? form.requestKey : ''
  if (!requestKey) errors.push({ field: 'requestKey', problem: form.requestKey ? 'invalid' : 'required' })
  const audience = checkChoice(errors, 'audience', form.audience, GIFT_AUDIENCES, null) ?? 'member'
  const memberId = audience === 'member' ? checkWholeNumber(errors, 'memberId', form.memberId, 999_999_999, true) : null
  const reward = checkReward(errors, form)
  const window = checkWindow(errors, form, now)
  // Sent now or later: a gift dated in the past would look older than it is in every inbox.
  if (Date.parse(window.startsAt) < now.getTime() - 60_000) errors.push({ field: 'startsAt', problem: 'inPast' })
  const texts = checkLocalizedTexts(errors, form, { title: [CAMPAIGN_LIMITS.title, true], description: [CAMPAIGN_LIMITS.text, false] })
  return { setting: { audience, memberId, ...reward, ...window, texts }, requestKey, errors }
}
