import Joi from 'joi'

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
