import Joi from 'joi'
import { ACCOUNT_LIMITS } from '../domain/account'
import type { ValidationMessageKey } from './messages'

/**
 * SPEC §5 rules as joi schemas. Each rule's joi message is the key of its SPEC message, so the
 * browser and the API turn a failure into the same text in the reader's language.
 */

/** How a field's length is counted: UTF-16 units (joi's `.max`) or characters as a reader counts them (code points). */
export type LengthUnit = 'units' | 'characters'

interface Bound {
  limit: number
  unit: LengthUnit
}

function tooLong(value: string | unknown[], { limit, unit }: Bound): boolean {
  if (value.length <= limit) return false
  // A code point is one or two UTF-16 units: past twice the limit no counting is needed.
  if (unit === 'units' || typeof value !== 'string' || value.length > limit * 2) return true
  let count = 0
  for (const _ of value) if (++count > limit) return true
  return false
}

/**
 * joi runs every rule of a field when validating with `abortEarly: false` (as `validate()` does),
 * even after `.max()` has failed, so a megabyte-long value would still meet every pattern and
 * custom check (and every item of a huge array its item schema). A bounded string or array
 * checks its length in the type's own step instead: after coercion (trim) and before any rule,
 * and a failure there ends the field's validation.
 */
const lengthFirst =
  (type: 'string' | 'array') =>
  (joi: Joi.Root): Joi.Extension => ({
    type,
    base: joi[type](),
    flags: { bound: { default: null } },
    validate(value: string | unknown[], { schema, error }: Joi.CustomHelpers) {
      const bound = schema.$_getFlag('bound') as Bound | null
      return bound && tooLong(value, bound) ? { value, errors: error(`${type}.max`, { limit: bound.limit }) } : undefined
    },
    rules: {
      bounded: {
        method(limit: number, unit: LengthUnit) {
          return this.$_setFlag('bound', { limit, unit })
        },
      },
    },
  })

type WithBound<S> = S & { bounded(limit: number, unit: LengthUnit): S }
const Bounded = Joi.extend(lengthFirst('string'), lengthFirst('array')) as { string(): WithBound<Joi.StringSchema>; array(): WithBound<Joi.ArraySchema> }

/**
 * A string of at most `limit` (UTF-16 units, or characters when `unit` is 'characters'): a longer
 * value fails with `tooLongMessage` (joi's 'string.max') before any pattern or custom check runs.
 * Every shared schema with a maximum starts from this, so its length is checked first.
 */
export function boundedString(limit: number, tooLongMessage?: ValidationMessageKey, unit: LengthUnit = 'units'): Joi.StringSchema {
  const schema = Bounded.string().bounded(limit, unit)
  return tooLongMessage ? schema.messages({ 'string.max': tooLongMessage }) : schema
}

/** An array of at most `limit` items, refused by its length before any item is validated. */
export function boundedArray(limit: number, tooLongMessage?: ValidationMessageKey): Joi.ArraySchema {
  const schema = Bounded.array().bounded(limit, 'units')
  return tooLongMessage ? schema.messages({ 'array.max': tooLongMessage }) : schema
}

/**
 * The address pattern: local part, at sign, and a domain with a dot that is neither its first nor
 * its last character. The domain's first part stops at its first dot so the pattern cannot
 * backtrack over a long run of dots (`a@.....@` took seconds with `[^\s@]+\.[^\s@]+`).
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/

export const emailSchema = boundedString(ACCOUNT_LIMITS.emailMax, 'emailFormat')
  .required()
  .min(6) // "longer than 5 characters"
  .pattern(EMAIL_PATTERN)
  .custom((value: string, helpers) => (HANGUL.test(value) ? helpers.error('string.pattern.base') : value))
  .messages({
    'any.required': 'emailRequired',
    'string.empty': 'emailRequired',
    'string.min': 'emailFormat',
    'string.pattern.base': 'emailFormat',
  })

/** Sign-in only needs a password to be there; its rules apply when one is chosen. */
export const signinPasswordSchema = Joi.string().required().messages({
  'any.required': 'passwordRequired',
  'string.empty': 'passwordRequired',
})

const PASSWORD_ALLOWED = /^[A-Za-z0-9!-/:-@[-`{-~]*$/

/** SPEC §5 password rules, in the SPEC's order once the length is known to be at most 32. */
export const passwordSchema = boundedString(ACCOUNT_LIMITS.passwordMax, 'passwordLength')
  .required()
  .custom((value: string, helpers) => {
    if (/\s/.test(value)) return helpers.error('password.spaces')
    if (!PASSWORD_ALLOWED.test(value)) return helpers.error('password.characters')
    if (value.length < ACCOUNT_LIMITS.passwordMin) return helpers.error('password.length')
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
