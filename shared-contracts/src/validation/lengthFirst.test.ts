import type Joi from 'joi'
import {
  birthdaySchema,
  boundedArray,
  boundedString,
  cardFormSchema,
  cardholderSchema,
  cardMonthSchema,
  cardNumberSchema,
  cardYearSchema,
  changeEmailSchema,
  changePasswordSchema,
  checkCodeSchema,
  codeSchema,
  commentFormSchema,
  commentTextSchema,
  couponSchema,
  creditPurchaseSchema,
  deleteAccountSchema,
  emailSchema,
  inquirySchema,
  joinSchema,
  mobileFormSchema,
  mobileSchema,
  newPasswordSchema,
  nicknameFormSchema,
  nicknameSchema,
  passwordSchema,
  reportSchema,
  requestCodeSchema,
  securityCodeSchema,
  signinSchema,
  socialJoinSchema,
  strictPasswordSchema,
  validate,
  VALIDATION_MESSAGES,
  type ValidationMessageKey,
} from './index'

/**
 * Hostile lengths: a megabyte-long value, and the crafted address that once held the API for
 * seconds (`a@` + dots + `@`: the old e-mail pattern backtracked over the dots), in every field of
 * every shared schema. Each is refused by its length with the field's SPEC message, and no pattern
 * or custom check of the field runs even though `validate()` collects every failure.
 */
const MEGABYTE = 'a'.repeat(1024 * 1024)
const CRAFTED = `a@${'.'.repeat(120_000)}@`
const HOSTILE = [
  ['1 MB', MEGABYTE],
  ['crafted a@…@', CRAFTED],
] as const

const context = { today: '2026-11-20', needsEmail: true }
const notValid = (field: string) => (locale: 'en' | 'ja' | 'fr') => VALIDATION_MESSAGES.notValid[locale].replace('{field}', () => field)
const join = { email: 'new@koma.example', nickname: 'New', birthday: '2000-01-01', termsAgree: 'true', privacyAgree: 'true' }
const card = { number: '4111111111111111', month: '12', year: '30', securityCode: '123', name: 'KOMA TARO', email: 'r@koma.example' }

/** [schema name, schema, a valid value around the field, the field, its too-long message]. */
const FIELDS: [string, Joi.Schema, Record<string, unknown> | null, string, ValidationMessageKey | ((locale: 'en' | 'ja' | 'fr') => string)][] = [
  ['emailSchema', emailSchema, null, 'value', 'emailFormat'],
  ['signinSchema', signinSchema, { password: 'x' }, 'email', 'emailFormat'],
  ['requestCodeSchema', requestCodeSchema, {}, 'email', 'emailFormat'],
  ['checkCodeSchema', checkCodeSchema, { token: '123456' }, 'email', 'emailFormat'],
  ['checkCodeSchema', checkCodeSchema, { email: 'r@koma.example' }, 'token', 'codeRequired'],
  ['codeSchema', codeSchema, null, 'value', 'codeRequired'],
  ['changeEmailSchema', changeEmailSchema('r@koma.example'), {}, 'email', 'emailFormat'],
  ['passwordSchema', passwordSchema, null, 'value', 'passwordLength'],
  ['strictPasswordSchema', strictPasswordSchema(), null, 'value', 'passwordLength'],
  ['newPasswordSchema', newPasswordSchema, { passwordConfirm: 'x' }, 'password', 'passwordLength'],
  ['changePasswordSchema', changePasswordSchema, { currentPassword: 'x', passwordConfirm: 'x' }, 'password', 'passwordLength'],
  ['nicknameSchema', nicknameSchema, null, 'value', 'nicknameLength'],
  ['nicknameFormSchema', nicknameFormSchema, {}, 'nickname', 'nicknameLength'],
  ['mobileSchema', mobileSchema(), null, 'value', 'mobileFormat'],
  ["mobileSchema('false')", mobileSchema('false'), null, 'value', 'mobileFormat'],
  ['mobileFormSchema', mobileFormSchema, {}, 'mobile', 'mobileFormat'],
  ['birthdaySchema', birthdaySchema, null, 'value', 'birthdayInvalid'],
  ['joinSchema', joinSchema, join, 'email', 'emailFormat'],
  ['joinSchema', joinSchema, join, 'nickname', 'nicknameLength'],
  ['joinSchema', joinSchema, join, 'birthday', 'birthdayInvalid'],
  ['socialJoinSchema', socialJoinSchema, { ...join, email: '' }, 'nickname', 'nicknameLength'],
  ['couponSchema', couponSchema, {}, 'code', 'couponRequired'],
  ['deleteAccountSchema', deleteAccountSchema, {}, 'reason', 'reasonRequired'],
  ['inquirySchema', inquirySchema, { category: 'bug', email: 'r@koma.example', text: 'Hello' }, 'email', 'emailFormat'],
  ['inquirySchema', inquirySchema, { category: 'bug', email: 'r@koma.example', text: 'Hello' }, 'text', 'inquiryLength'],
  ['inquirySchema', inquirySchema, { category: 'bug', email: 'r@koma.example', text: 'Hello' }, 'category', 'categoryRequired'],
  ['inquirySchema', inquirySchema, { category: 'bug', email: 'r@koma.example', text: 'Hello' }, 'imageIds', notValid('imageIds.0')],
  ['cardNumberSchema', cardNumberSchema, null, 'value', 'cardNumber'],
  ['cardMonthSchema', cardMonthSchema, null, 'value', 'cardMonth'],
  ['cardYearSchema', cardYearSchema, null, 'value', 'cardYear'],
  ['securityCodeSchema', securityCodeSchema, null, 'value', 'cardSecurityCode'],
  ['cardholderSchema', cardholderSchema, null, 'value', 'cardholderName'],
  ['cardFormSchema', cardFormSchema, card, 'email', 'emailFormat'],
  ['cardFormSchema', cardFormSchema, card, 'name', 'cardholderName'],
  ['creditPurchaseSchema', creditPurchaseSchema, { productSeq: '1', email: 'r@koma.example' }, 'mdkToken', notValid('mdkToken')],
  ['creditPurchaseSchema', creditPurchaseSchema, { productSeq: '1', mdkToken: 'tok' }, 'email', 'emailFormat'],
  ['commentTextSchema', commentTextSchema, null, 'value', 'commentLength'],
  ['commentFormSchema', commentFormSchema, {}, 'comment', 'commentLength'],
  ["reportSchema('comment')", reportSchema('comment'), { category: 'spam' }, 'message', 'reportMessageLength'],
  ["reportSchema('content')", reportSchema('content'), { category: 'other' }, 'category', 'reportCategoryRequired'],
]

const messageOf = (expected: (typeof FIELDS)[number][4], locale: 'en' | 'ja' | 'fr') =>
  typeof expected === 'function' ? expected(locale) : VALIDATION_MESSAGES[expected][locale]

describe.each(HOSTILE)('%s', (_name, hostile) => {
  it.each(FIELDS)('%s %s: refused by its length', (_schema, schema, around, field, expected) => {
    const value = around === null ? hostile : { ...around, [field]: field === 'imageIds' ? [hostile] : hostile }
    const { errors } = validate(schema, value, 'en', context)
    expect(errors.filter((error) => error.field === (field === 'imageIds' ? 'imageIds.0' : field))).toEqual([
      { field: field === 'imageIds' ? 'imageIds.0' : field, message: messageOf(expected, 'en') },
    ])
  })
})

it('a megabyte of white space is empty where the field is trimmed, too long where it is kept as written', () => {
  const blank = ' '.repeat(1024 * 1024)
  expect(validate(nicknameSchema, blank, 'en').errors[0]?.message).toBe('Please input Nickname.')
  expect(validate(mobileSchema(), blank, 'en').errors[0]?.message).toBe('Please enter your mobile phone number.')
  expect(validate(inquirySchema, { category: 'bug', email: 'r@koma.example', text: blank }, 'en').errors[0]?.message).toBe('Please enter your inquiry.')
  expect(validate(commentTextSchema, blank, 'en').errors[0]?.message).toBe('Please keep your comment to 400 characters or fewer.')
  expect(validate(emailSchema, blank, 'en').errors[0]?.message).toBe('Email address format is incorrect.')
  expect(validate(passwordSchema, blank, 'en').errors[0]?.message).toBe('Please use 8 to 32 characters for your password.')
})

it('speaks the reader language for a hostile e-mail', () => {
  expect(validate(signinSchema, { email: CRAFTED, password: 'x' }, 'ja').errors).toEqual([
    { field: 'email', message: 'メールアドレスの形式が正しくありません。' },
  ])
  expect(validate(signinSchema, { email: CRAFTED, password: 'x' }, 'fr').errors).toEqual([
    { field: 'email', message: "Le format de l'adresse e-mail est incorrect." },
  ])
})

it('a crafted address within the length limit is still refused by the pattern', () => {
  const crafted = `a@${'.'.repeat(250)}@`
  expect(crafted).toHaveLength(253)
  expect(validate(emailSchema, crafted, 'en').errors[0]?.message).toBe('Email address format is incorrect.')
  expect(validate(emailSchema, 'a@.b.c', 'en').errors).toEqual([])
  expect(validate(emailSchema, 'reader@mail.koma.example', 'en').errors).toEqual([])
  expect(validate(emailSchema, 'reader@koma.', 'en').errors[0]?.message).toBe('Email address format is incorrect.')
})

describe('boundedString / boundedArray', () => {
  it('refuses by length before any rule runs, even when every failure is collected', () => {
    const check = jest.fn((value: string) => value)
    const schema = boundedString(5, 'codeRequired').pattern(/^x+$/).custom(check)
    const long = schema.validate('y'.repeat(6), { abortEarly: false })
    expect(long.error?.details.map((detail) => [detail.type, detail.message])).toEqual([['string.max', 'codeRequired']])
    expect(check).not.toHaveBeenCalled()
    expect(schema.validate('xxxxx', { abortEarly: false }).error).toBeUndefined()
    expect(check).toHaveBeenCalledWith('xxxxx', expect.anything())
  })
  it('checks the trimmed value when the schema trims', () => {
    expect(validate(nicknameSchema, `  ${'a'.repeat(20)}  `, 'en').errors).toEqual([])
    expect(validate(couponSchema, { code: ` ${'A'.repeat(32)} ` }, 'en').errors).toEqual([])
  })
  it('counts characters as a reader does where asked (an emoji is one)', () => {
    expect(validate(nicknameSchema, '😀'.repeat(20), 'en').errors).toEqual([])
    expect(validate(nicknameSchema, '😀'.repeat(21), 'en').errors[0]?.message).toBe('Please use 20 characters or fewer for your nickname.')
    expect(validate(commentTextSchema, '😀'.repeat(400), 'en').errors).toEqual([])
    expect(validate(commentTextSchema, `${'😀'.repeat(399)}ab`, 'en').errors[0]?.message).toBe('Please keep your comment to 400 characters or fewer.')
  })
  it('refuses a huge array before validating its items', () => {
    const item = jest.fn((value: string) => value)
    const schema = boundedArray(3, 'inquiryImages').items(boundedString(10).custom(item))
    const result = schema.validate(
      Array.from({ length: 100_000 }, () => 'x'),
      { abortEarly: false },
    )
    expect(result.error?.details.map((detail) => detail.message)).toEqual(['inquiryImages'])
    expect(item).not.toHaveBeenCalled()
    const ids = Array.from({ length: 100_000 }, (_, i) => `image-${String(i).padStart(6, '0')}`)
    expect(validate(inquirySchema, { category: 'bug', email: 'r@koma.example', text: 'Hello', imageIds: ids }, 'en').errors).toEqual([
      { field: 'imageIds', message: 'You can attach up to 3 images.' },
    ])
  })
})
