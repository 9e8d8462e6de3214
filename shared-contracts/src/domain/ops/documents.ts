import { LOCALES, type Locale } from '../../i18n/locales'
import { INQUIRY_CATEGORIES, type InquiryCategory } from '../account'
import { type FieldError, checkText, localizedField, parseDateField } from './forms'

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
