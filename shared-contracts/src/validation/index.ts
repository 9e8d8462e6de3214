import type Joi from 'joi'
import type { Locale } from '../i18n/locales'
import { validationMessage, VALIDATION_MESSAGES, type ValidationMessageKey } from './messages'

export { VALIDATION_MESSAGES, validationMessage, type ValidationMessageKey }

export * from './core'
export * from './account'
export * from './card'
export * from './community'
export * from './analytics'

export interface FieldError {
  field: string
  message: string
}

/**
 * Validate and translate: the first failure per field, as the SPEC message in `locale`.
 * Unknown rules fall back to "{field} is not valid."
 */
export function validate<T>(schema: Joi.Schema<T>, value: unknown, locale: Locale, context?: Record<string, unknown>): { value: T; errors: FieldError[] } {
  const result = schema.validate(value, { abortEarly: false, stripUnknown: true, convert: true, context })
  const errors: FieldError[] = []
  for (const detail of result.error?.details ?? []) {
    const field = detail.path.join('.') || 'value'
    if (errors.some((error) => error.field === field)) continue
    const key = detail.message as ValidationMessageKey
    const message = key in VALIDATION_MESSAGES ? validationMessage(key, locale) : validationMessage('notValid', locale, { field })
    errors.push({ field, message })
  }
  return { value: result.value as T, errors }
}
