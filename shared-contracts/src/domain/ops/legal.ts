import { LOCALES, type Locale } from '../../i18n/locales'
import { type FieldError, checkText, localizedField, parseDateField } from './forms'

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
