import { LOCALES, type Locale } from '../../i18n/locales'
import type { Badge } from '../types'
import { type FieldError, checkText, localizedField } from './forms'

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

/** A page's description, per language (issue 37): who is there, what happens, what they say. */
export const PAGE_DESCRIPTION_MAX = 2000

/**
 * The console's page description form: `descriptionJa|En|Fr`, each optional (an empty one removes
 * that language's description, the viewer then names the page instead).
 */
export function checkPageDescriptionForm(form: Partial<Record<string, string>>): { descriptions: Record<Locale, string>; errors: FieldError[] } {
  const errors: FieldError[] = []
  const descriptions = {} as Record<Locale, string>
  for (const locale of LOCALES) {
    const field = localizedField('description', locale)
    descriptions[locale] = checkText(errors, field, form[field], PAGE_DESCRIPTION_MAX, false)
  }
  return { descriptions, errors }
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
