import { LOCALES, type Locale } from '../../i18n/locales'
import { MAINTENANCE_LIMITS, type MaintenanceSetting, type MaintenanceTexts } from './maintenance'

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
