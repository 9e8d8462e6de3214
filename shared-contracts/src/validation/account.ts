import Joi from 'joi'
import { ACCOUNT_LIMITS, DELETE_REASONS, INQUIRY_CATEGORIES, isCalendarDay, isOldEnough, MOBILE_PATTERN, NICKNAME_FORBIDDEN } from '../domain/account'
import { boundedArray, boundedString, emailSchema, passwordSchema } from './core'

/**
 * SPEC §5 account rules. The forms validate with these before sending; the API validates the
 * same fields again with the same schemas (a browser can be bypassed).
 */

/** Verification code: "at least 6 characters", 6 digits. */
export const codeSchema = boundedString(ACCOUNT_LIMITS.codeDigits, 'codeRequired')
  .required()
  .trim()
  .pattern(/^[0-9]{6}$/)
  .messages({ 'any.required': 'codeRequired', 'string.empty': 'codeRequired', 'string.pattern.base': 'codeRequired' })

/** Nickname: at most 20 characters as a reader counts them (an emoji is one). */
export const nicknameSchema = boundedString(ACCOUNT_LIMITS.nicknameMax, 'nicknameLength', 'characters')
  .required()
  .trim()
  .custom((value: string, helpers) => (NICKNAME_FORBIDDEN.test(value) ? helpers.error('nickname.characters') : value))
  .messages({
    'any.required': 'nicknameRequired',
    'string.empty': 'nicknameRequired',
    'nickname.characters': 'nicknameCharacters',
  })

/** SPEC §5 mobile numbers have 11 digits; unchecked ones at most E.164's 15. */
const MOBILE_DIGITS = 11
const PHONE_DIGITS_MAX = 15

/**
 * SPEC §5 mobile number: required, digits only, 01 + one of 0 1 6 7 8 9 + 4 + 4 digits. The
 * pattern check is skipped when the rule's first parameter is the text 'false'.
 */
export function mobileSchema(check: string = 'true') {
  return boundedString(check === 'false' ? PHONE_DIGITS_MAX : MOBILE_DIGITS, 'mobileFormat')
    .required()
    .trim()
    .custom((value: string, helpers) => {
      if (check === 'false') return value
      return MOBILE_PATTERN.test(value) ? value : helpers.error('mobile.format')
    })
    .messages({ 'any.required': 'mobileRequired', 'string.empty': 'mobileRequired', 'mobile.format': 'mobileFormat' })
}

/**
 * SPEC §5 strict password form: a digit, a letter and a symbol all required; with a non-empty
 * parameter any two of the three kinds suffice. (The ordinary rule is `passwordSchema`.)
 */
export function strictPasswordSchema(param: string = '') {
  return passwordSchema.custom((value: string, helpers) => {
    const kinds = [/[0-9]/, /[A-Za-z]/, /[!-/:-@[-`{-~]/].filter((pattern) => pattern.test(value)).length
    return kinds >= (param ? 2 : 3) ? value : helpers.error('password.numberOrSymbol')
  })
}

/** The birthday: a real day ('YYYY-MM-DD'); age 16 or older on `context.today` (the server's day). */
export const birthdaySchema = boundedString('YYYY-MM-DD'.length, 'birthdayInvalid')
  .required()
  .custom((value: string, helpers) => {
    if (!isCalendarDay(value)) return helpers.error('birthday.invalid')
    const today = (helpers.prefs.context?.today as string | undefined) ?? new Date().toISOString().slice(0, 10)
    if (value > today) return helpers.error('birthday.invalid')
    if (!isOldEnough(value, today)) return helpers.error('birthday.young')
    return value
  })
  .messages({ 'any.required': 'birthdayInvalid', 'string.empty': 'birthdayInvalid', 'birthday.invalid': 'birthdayInvalid', 'birthday.young': 'ageTooYoung' })

const agreed = (message: string) => Joi.string().required().valid('true').messages({ 'any.required': message, 'any.only': message, 'string.empty': message })
const optionalFlag = Joi.string().valid('true', 'false').default('false')

/** Passwords chosen by the reader: the SPEC §5 rules, and the retyped one must match. */
export const newPasswordSchema = Joi.object({
  password: passwordSchema,
  passwordConfirm: Joi.any()
    .required()
    .valid(Joi.ref('password'))
    .messages({ 'any.only': 'passwordRetype', 'any.required': 'passwordRetype', 'string.empty': 'passwordRetype' }),
})

export const requestCodeSchema = Joi.object({ email: emailSchema })
export const checkCodeSchema = Joi.object({ email: emailSchema, token: codeSchema })

/** The join form's fields besides the password (which travels sealed and is checked on its own). */
export const joinSchema = Joi.object({
  email: emailSchema,
  nickname: nicknameSchema,
  birthday: birthdaySchema,
  termsAgree: agreed('termsRequired'),
  privacyAgree: agreed('privacyRequired'),
  marketingAgree: optionalFlag,
})

/** Completing a social sign-up: as the join form, without e-mail and password. */
export const socialJoinSchema = joinSchema.fork(['email'], (schema) => schema.optional().allow(''))

/** SPEC §5 "current password required to change": also asked before an e-mail change or a deletion. */
export const currentPasswordSchema = Joi.object({
  currentPassword: Joi.string()
    .required()
    .messages({ 'any.required': 'currentPasswordRequired', 'string.empty': 'currentPasswordRequired', 'string.base': 'currentPasswordRequired' }),
})

export const changePasswordSchema = currentPasswordSchema.concat(newPasswordSchema)

export const mobileFormSchema = Joi.object({ mobile: mobileSchema() })
export const nicknameFormSchema = Joi.object({ nickname: nicknameSchema })

export const couponSchema = Joi.object({
  code: boundedString(ACCOUNT_LIMITS.couponMax, 'couponRequired')
    .required()
    .trim()
    .messages({ 'any.required': 'couponRequired', 'string.empty': 'couponRequired' }),
})

const selectOne = (values: readonly string[], message: string) =>
  Joi.string()
    .required()
    .valid(...values)
    .messages({ 'any.required': message, 'string.empty': message, 'any.only': message })

export const deleteAccountSchema = Joi.object({ reason: selectOne(DELETE_REASONS, 'reasonRequired') })

/** SPEC §5 inquiry: category required, text required (max 5000), up to 3 images; e-mail to answer to. */
export const inquirySchema = Joi.object({
  category: selectOne(INQUIRY_CATEGORIES, 'categoryRequired'),
  email: emailSchema,
  text: boundedString(ACCOUNT_LIMITS.inquiryMax, 'inquiryLength')
    .required()
    .trim()
    .messages({ 'any.required': 'inquiryRequired', 'string.empty': 'inquiryRequired' }),
  imageIds: boundedArray(ACCOUNT_LIMITS.inquiryImages, 'inquiryImages')
    .items(boundedString(64).pattern(/^[A-Za-z0-9_-]{8,64}$/))
    .single()
    .default([]),
})

/** SPEC §5: the new e-mail must differ from the current one ("Email address has not changed."). */
export function changeEmailSchema(currentEmail: string | null) {
  return Joi.object({
    email: emailSchema
      .custom((value: string, helpers) =>
        currentEmail && value.trim().toLowerCase() === currentEmail.toLowerCase() ? helpers.error('email.unchanged') : value,
      )
      .messages({ 'email.unchanged': 'emailUnchanged' }),
  })
}
