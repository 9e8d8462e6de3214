import { emailSchema, passwordSchema, signinSchema, validate } from './index'

describe('SPEC §5 e-mail', () => {
  it.each([
    ['', 'Please input Email address.'],
    ['a@b.c', 'Email address format is incorrect.'],
    ['reader@koma', 'Email address format is incorrect.'],
    ['rea der@koma.example', 'Email address format is incorrect.'],
    ['독자@koma.example', 'Email address format is incorrect.'],
    [`${'a'.repeat(250)}@k.io`, 'Email address format is incorrect.'],
  ])('%p → %p', (email, message) => {
    expect(validate(emailSchema, email, 'en').errors[0]?.message).toBe(message)
  })
  it('accepts a normal address', () => {
    expect(validate(emailSchema, 'reader@koma.example', 'en').errors).toEqual([])
  })
})

describe('SPEC §5 password', () => {
  it.each([
    ['', 'Please input Password.'],
    ['short1!', 'Please use 8 to 32 characters for your password.'],
    ['a'.repeat(33) + '1', 'Please use 8 to 32 characters for your password.'],
    ['pass word1', 'Please remove any spaces.'],
    ['passwörd12', 'Please use only alphabets, numbers, and symbols for your password.'],
    ['onlyletters', 'For your password, please use 8 to 32 characters that contain at least one number or symbol.'],
  ])('%p → %p', (password, message) => {
    expect(validate(passwordSchema, password, 'en').errors[0]?.message).toBe(message)
  })
  it('accepts letters with a number or a symbol', () => {
    expect(validate(passwordSchema, 'koma-reader', 'en').errors).toEqual([])
    expect(validate(passwordSchema, 'komareader1', 'en').errors).toEqual([])
  })
})

describe('messages in the reader language', () => {
  it('reports each field once, in ja and fr', () => {
    const ja = validate(signinSchema, { email: '', password: '' }, 'ja').errors
    expect(ja).toEqual([
      { field: 'email', message: 'メールアドレスを入力してください。' },
      { field: 'password', message: 'パスワードを入力してください。' },
    ])
    expect(validate(signinSchema, { email: 'x', password: 'y' }, 'fr').errors[0]?.message).toBe("Le format de l'adresse e-mail est incorrect.")
  })
})
