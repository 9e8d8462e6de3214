import { validate } from '../validation'
import { cardFormSchema } from '../validation/card'
import {
  cardExpiry,
  numericInput,
  padMonth,
  paymentMethodsFor,
  purchaseFailTarget,
  purchaseResultLines,
  purchaseResultTarget,
  safeReturnPath,
  shopCurrency,
  isPurchaseReturnPath,
} from './coinshop'

describe('coin shop rules', () => {
  it('charges yen in Japanese and US dollars otherwise (SPEC §1, §9)', () => {
    expect(shopCurrency('ja')).toBe('JPY')
    expect(shopCurrency('en')).toBe('USD')
    expect(shopCurrency('fr')).toBe('USD')
  })

  it('offers PayPal and PayPal credit in English, the Japanese set in Japanese (SPEC §3)', () => {
    expect(paymentMethodsFor('en')).toEqual(['paypal', 'paypal_credit'])
    expect(paymentMethodsFor('fr')).toEqual(['paypal', 'paypal_credit'])
    expect(paymentMethodsFor('ja')).toEqual(['credit', 'softbank', 'au', 'docomo', 'paypay'])
  })

  it('shows coins, the bonus only when above 0, and the price with thousands separators (SPEC §2 purchase result)', () => {
    expect(purchaseResultLines({ purchasedAmount: 5000, freeAmount: 1250, price: 6100, unit: 'JPY' }, 'ja')).toEqual({
      coins: 5000,
      bonus: 1250,
      price: '￥6,100',
    })
    expect(purchaseResultLines({ purchasedAmount: 100, freeAmount: 0, price: 99, unit: 'USD' }, 'en')).toEqual({ coins: 100, bonus: null, price: '$0.99' })
    expect(purchaseResultLines({ purchasedAmount: 100000, freeAmount: 0, price: 129999, unit: 'USD' }, 'en').price).toBe('$1,299.99')
  })

  it('sends the fail dialog to the stored redirect, else the pending cancel-redirect, else home (SPEC §2)', () => {
    expect(purchaseFailTarget('/comic/3', '/comic/4')).toBe('/comic/3')
    expect(purchaseFailTarget(null, '/comic/4')).toBe('/comic/4')
    expect(purchaseFailTarget(null, null)).toBe('/')
    expect(purchaseFailTarget('https://evil.example/', '//evil.example')).toBe('/')
    expect(purchaseResultTarget('/en/comic/3')).toBe('/en/comic/3')
    expect(purchaseResultTarget(undefined)).toBe('/')
    expect(safeReturnPath('/\\evil')).toBeNull()
  })

  it('accepts only our result routes as provider return paths', () => {
    expect(isPurchaseReturnPath('/coinpurchase/result')).toBe(true)
    expect(isPurchaseReturnPath('/fr/coinpurchase/result/cancel')).toBe(true)
    expect(isPurchaseReturnPath('/coinpurchase/result/../../x')).toBe(false)
    expect(isPurchaseReturnPath('https://x/coinpurchase/result')).toBe(false)
  })

  it('keeps digits and one dot, cut to the limit; pads a single month digit; sends MM/YY (SPEC §5)', () => {
    expect(numericInput('4111 1111-1111 1111 99', 16)).toBe('4111111111111111')
    expect(numericInput('1.2.3', 5)).toBe('1.23')
    expect(padMonth('3')).toBe('03')
    expect(padMonth('11')).toBe('11')
    expect(cardExpiry('3', '29')).toBe('03/29')
  })
})

describe('credit card form (SPEC §5)', () => {
  const good = { number: '4111111111111111', month: '12', year: '39', securityCode: '123', name: 'TARO KOMA' }
  const first = (value: object, needsEmail = false) => validate(cardFormSchema, value, 'ja', { needsEmail }).errors[0]?.message ?? null

  it('passes a complete card', () => {
    expect(first(good)).toBeNull()
  })

  it('checks in order and reports the first failure in Japanese', () => {
    expect(first({ ...good, number: '411111111111111' })).toBe('カード番号（16桁）を正しく入力してください。')
    expect(first({ ...good, number: '411111111111111', month: '' })).toBe('カード番号（16桁）を正しく入力してください。')
    expect(first({ ...good, month: '' })).toBe('有効期限（月）を正しく入力してください。')
    expect(first({ ...good, month: '0' })).toBe('有効期限（月）を正しく入力してください。')
    expect(first({ ...good, month: '13' })).toBe('有効期限（月）を正しく入力してください。')
    expect(first({ ...good, month: '1' })).toBeNull()
    expect(first({ ...good, year: '' })).toBe('有効期限（年）を入力してください。')
    expect(first({ ...good, securityCode: '12' })).toBe('セキュリティコード（3桁）を正しく入力してください。')
    expect(first({ ...good, name: '' })).toBe('カード名義人を入力してください。')
    expect(first({ ...good, name: 'x'.repeat(21) })).toBe('カード名義人を入力してください。')
  })

  it('needs a well-formed e-mail only when the member has none on file', () => {
    expect(first(good, true)).toBe('メールアドレスを入力してください。')
    expect(first({ ...good, email: 'nope' }, true)).toBe('メールアドレスの形式が正しくありません。')
    expect(first({ ...good, email: 'taro@example.jp' }, true)).toBeNull()
    expect(first({ ...good, email: 'nope' }, false)).toBeNull()
  })
})
