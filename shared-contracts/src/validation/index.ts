import Joi from 'joi'
import type { Locale } from '../i18n/locales'
import { validationMessage, VALIDATION_MESSAGES, type ValidationMessageKey } from './messages'

export { VALIDATION_MESSAGES, validationMessage, type ValidationMessageKey }

/**
 * SPEC §5 rules as joi schemas. Each rule's joi message is the key of its SPEC message, so the
 * browser and the API turn a failure into the same text in the reader's language.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/

export const emailSchema = Joi.string()
  .required()
  .max(254)
  .min(6) // "longer than 5 characters"
  .pattern(EMAIL_PATTERN)
  .custom((value: string, helpers) => (HANGUL.test(value) ? helpers.error('string.pattern.base') : value))
  .messages({
    'any.required': 'emailRequired',
    'string.empty': 'emailRequired',
    'string.min': 'emailFormat',
    'string.max': 'emailFormat',
    'string.pattern.base': 'emailFormat',
  })

/** Sign-in only needs a password to be there; its rules apply when one is chosen. */
export const signinPasswordSchema = Joi.string().required().messages({
  'any.required': 'passwordRequired',
  'string.empty': 'passwordRequired',
})

const PASSWORD_ALLOWED = /^[A-Za-z0-9!-/:-@[-`{-~]*$/

export const passwordSchema = Joi.string()
  .required()
  .custom((value: string, helpers) => {
    if (/\s/.test(value)) return helpers.error('password.spaces')
    if (!PASSWORD_ALLOWED.test(value)) return helpers.error('password.characters')
    if (value.length < 8 || value.length > 32) return helpers.error('password.length')
    if (!/[0-9!-/:-@[-`{-~]/.test(value)) return helpers.error('password.numberOrSymbol')
    return value
  })
  .messages({
    'any.required': 'passwordRequired',
    'string.empty': 'passwordRequired',
    'password.spaces': 'passwordSpaces',
    'password.characters': 'passwordCharacters',
    'password.length': 'passwordLength',
    'password.numberOrSymbol': 'passwordNumberOrSymbol',
  })

export const signinSchema = Joi.object({
  email: emailSchema,
  password: signinPasswordSchema,
})

export interface FieldError {
  field: string
  message: string
}

/**
 * Validate and translate: the first failure per field, as the SPEC message in `locale`.
 * Unknown rules fall back to "{field} is not valid."
 */
export function validate<T>(schema: Joi.Schema<T>, value: unknown, locale: Locale): { value: T; errors: FieldError[] } {
  const result = schema.validate(value, { abortEarly: false, stripUnknown: true, convert: true })
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
