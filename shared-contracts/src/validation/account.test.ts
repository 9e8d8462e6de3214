import {
  changeEmailSchema,
  changePasswordSchema,
  checkCodeSchema,
  couponSchema,
  deleteAccountSchema,
  inquirySchema,
  joinSchema,
  mobileSchema,
  newPasswordSchema,
  nicknameSchema,
  strictPasswordSchema,
  validate,
} from './index'

const today = { today: '2026-11-20' }
const first = (schema: Parameters<typeof validate>[0], value: unknown, locale: 'en' | 'ja' | 'fr' = 'en') =>
  validate(schema, value, locale, today).errors[0]?.message ?? null
const join = (over: Record<string, string> = {}) => ({
  email: 'new@koma.example',
  nickname: 'New',
  birthday: '2000-01-01',
  termsAgree: 'true',
  privacyAgree: 'true',
  ...over,
})

describe('verification code', () => {
  it.each([
    ['', 'Enter Your Verification Code.'],
    ['12345', 'Enter Your Verification Code.'],
    ['12a456', 'Enter Your Verification Code.'],
    ['1234567', 'Enter Your Verification Code.'],
    ['123456', null],
  ])('%p', (token, message) => {
    expect(first(checkCodeSchema, { email: 'a@koma.example', token })).toBe(message)
  })
})

describe('nickname', () => {
  it.each([
    ['', 'Please input Nickname.'],
    ['   ', 'Please input Nickname.'],
    ['x'.repeat(21), 'Please use 20 characters or fewer for your nickname.'],
    ['<script>', 'Your nickname contains characters that cannot be used.'],
    ['a/b', 'Your nickname contains characters that cannot be used.'],
    ['ひろ＠夜更かし', null],
    ['Camille ✿', null],
    ['あ'.repeat(20), null],
  ])('%p', (nickname, message) => {
    expect(first(nicknameSchema, nickname)).toBe(message)
  })
  it('speaks Japanese and French', () => {
    expect(first(nicknameSchema, '', 'ja')).toBe('ニックネームを入力してください。')
    expect(first(nicknameSchema, 'x'.repeat(21), 'fr')).toBe('Votre pseudo doit contenir 20 caractères au maximum.')
  })
})

describe('mobile number', () => {
  it.each([
    ['', 'Please enter your mobile phone number.'],
    ['01012345678', null],
    ['01912345678', null],
    ['01212345678', 'This is not a valid mobile phone number form.'],
    ['0101234567', 'This is not a valid mobile phone number form.'],
    ['010-1234-5678', 'This is not a valid mobile phone number form.'],
  ])('%p', (mobile, message) => {
    expect(first(mobileSchema(), mobile)).toBe(message)
  })
  it('skips the pattern when the first parameter is the text false', () => {
    expect(first(mobileSchema('false'), '12')).toBeNull()
    expect(first(mobileSchema('false'), '')).toBe('Please enter your mobile phone number.')
  })
})

describe('passwords', () => {
  it('the retyped password must match', () => {
    expect(validate(newPasswordSchema, { password: 'koma-reader-2', passwordConfirm: 'koma-reader-3' }, 'en').errors).toEqual([
      { field: 'passwordConfirm', message: 'Retyped password is not match. Please retry.' },
    ])
  })
  it('the current password is required to change it', () => {
    expect(validate(changePasswordSchema, { currentPassword: '', password: 'koma-reader-2', passwordConfirm: 'koma-reader-2' }, 'en').errors[0]).toEqual({
      field: 'currentPassword',
      message: 'Please input your current password.',
    })
  })
  it('strict form: digit, letter and symbol; with a parameter, any two kinds', () => {
    expect(first(strictPasswordSchema(), 'komareader1')).toBe('For your password, please use 8 to 32 characters that contain at least one number or symbol.')
    expect(first(strictPasswordSchema(), 'koma-reader1')).toBeNull()
    expect(first(strictPasswordSchema('2'), 'komareader1')).toBeNull()
    expect(first(strictPasswordSchema('2'), '12345678')).toBe('For your password, please use 8 to 32 characters that contain at least one number or symbol.')
  })
})

describe('join form', () => {
  it('accepts a complete form', () => {
    expect(validate(joinSchema, join(), 'en', today).errors).toEqual([])
  })
  it.each([
    [{ birthday: '' }, 'birthday', 'Please enter a valid date of birth.'],
    [{ birthday: '2001-02-29' }, 'birthday', 'Please enter a valid date of birth.'],
    [{ birthday: '2030-01-01' }, 'birthday', 'Please enter a valid date of birth.'],
    [{ birthday: '2010-11-21' }, 'birthday', 'You must be 16 or older to sign up.'],
    [{ termsAgree: 'false' }, 'termsAgree', 'Please agree to the Terms of Use.'],
    [{ privacyAgree: '' }, 'privacyAgree', 'Please agree to the Privacy Policy.'],
    [{ nickname: '' }, 'nickname', 'Please input Nickname.'],
    [{ email: 'nope' }, 'email', 'Email address format is incorrect.'],
  ])('%p', (over, field, message) => {
    expect(validate(joinSchema, join(over), 'en', today).errors).toContainEqual({ field, message })
  })
  it('16 on the day itself is old enough', () => {
    expect(validate(joinSchema, join({ birthday: '2010-11-20' }), 'en', today).errors).toEqual([])
  })
})

describe('e-mail change, coupon, delete, inquiry', () => {
  it('refuses an unchanged address', () => {
    expect(first(changeEmailSchema('reader@koma.example'), { email: 'Reader@Koma.example' })).toBe('Email address has not changed.')
    expect(first(changeEmailSchema('reader@koma.example'), { email: 'other@koma.example' })).toBeNull()
    expect(first(changeEmailSchema(null), { email: '' })).toBe('Please input Email address.')
  })
  it('coupon code is required', () => {
    expect(first(couponSchema, { code: ' ' })).toBe('Please enter a coupon code.')
    expect(first(couponSchema, { code: 'WELCOME' })).toBeNull()
  })
  it('delete reason is one of the SPEC codes', () => {
    expect(first(deleteAccountSchema, { reason: 'bored' })).toBe('Please select a reason.')
    expect(first(deleteAccountSchema, { reason: 'privacy' })).toBeNull()
  })
  it('inquiry: category, text up to 5000, at most 3 images', () => {
    const base = { category: 'bug', email: 'r@koma.example', text: 'It crashes.' }
    expect(first(inquirySchema, { ...base, category: '' })).toBe('Please select a category.')
    expect(first(inquirySchema, { ...base, text: '' })).toBe('Please enter your inquiry.')
    expect(first(inquirySchema, { ...base, text: 'x'.repeat(5001) })).toBe('Please keep your inquiry to 5000 characters or fewer.')
    expect(first(inquirySchema, { ...base, text: 'x'.repeat(5000) })).toBeNull()
    expect(first(inquirySchema, { ...base, imageIds: ['aaaaaaaa1', 'aaaaaaaa2', 'aaaaaaaa3', 'aaaaaaaa4'] })).toBe('You can attach up to 3 images.')
    expect(validate(inquirySchema, { ...base, imageIds: 'aaaaaaaa1' }, 'en').value.imageIds).toEqual(['aaaaaaaa1'])
  })
})
