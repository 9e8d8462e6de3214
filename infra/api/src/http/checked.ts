import type { Locale } from '@koma/contracts/server'
import { validate } from '@koma/contracts/validation'
import type Joi from 'joi'
import { invalidInput } from './errorCatalogue'

/** Validate with a shared schema; the first failure is a 400 with its SPEC message in the reader's language. */
export function checked<T>(schema: Joi.Schema<T>, value: unknown, locale: Locale, context?: Record<string, unknown>): T {
  const result = validate(schema, value, locale, context)
  const [first] = result.errors
  if (first) throw invalidInput(first.message)
  return result.value
}
