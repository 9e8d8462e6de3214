import type React from 'react'
import { api, endpoints } from '@koma/contracts'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { routes } from '../routes'
import { dialogs } from '../dialogs'
import { LocaleContext, type DialogComponentProps } from '@koma/contracts'

afterEach(() => jest.restoreAllMocks())

const JPY_PRODUCTS = [
  { seq: 1, purchasedAmount: 100, freeAmount: 0, price: 120, currency: 'JPY' },
  { seq: 2, purchasedAmount: 5000, freeAmount: 1250, price: 6100, currency: 'JPY' },
]

function mockApi(responses: Partial<Record<keyof typeof endpoints, unknown>>) {
  return jest.spyOn(api, 'request').mockImplementation(async (endpoint) => {
    const name = (Object.keys(endpoints) as (keyof typeof endpoints)[]).find((key) => endpoints[key] === endpoint)
    if (name && name in responses) return responses[name] as never
    throw new Error(`unexpected call ${endpoint.path}`)
  })
}

describe('coin shop', () => {
  it('lists packs with bonus and prices with thousands separators in the reader currency', async () => {
    mockApi({ coinSalesConfig: { products: JPY_PRODUCTS, balance: { freeAmount: 25, purchasedAmount: 1000, total: 1025 } } })
    await renderScreen(routes['payments.coinPurchase'], { path: '/coinpurchase', url: '/coinpurchase', locale: 'ja' })
    const products = await screen.findAllByTestId('coin-product')
    expect(products[1]).toHaveTextContent('5,000コイン')
    expect(products[1]).toHaveTextContent('+1,250 ボーナス')
    expect(products[1]).toHaveTextContent('￥6,100')
    expect(screen.getByTestId('coin-balance-total')).toHaveTextContent('1,025')
  })

  it('Japanese card form stops at the first SPEC §5 failure and never calls the API with a bad card', async () => {
    const request = mockApi({ coinSalesConfig: { products: JPY_PRODUCTS, balance: null }, cardInfo: { cardInfo: [], emailOnFile: true } })
    await renderScreen(routes['payments.coinPurchase'], { path: '/coinpurchase', url: '/coinpurchase', locale: 'ja' })
    const pack = (await screen.findAllByTestId('coin-product'))[1]!.querySelector('button') as HTMLButtonElement
    await act(async () => fireEvent.click(pack))
    const form = await screen.findByTestId('card-form')
    const field = (name: string) => form.querySelector(`input[name="${name}"]`) as HTMLInputElement
    fireEvent.change(field('cardNumber'), { target: { value: '4111 1111 1111 111' } })
    expect(field('cardNumber').value).toBe('411111111111111')
    await act(async () => fireEvent.click(screen.getByTestId('card-pay')))
    expect(screen.getByTestId('card-error')).toHaveTextContent('カード番号（16桁）を正しく入力してください。')
    fireEvent.change(field('cardNumber'), { target: { value: '4111111111111111' } })
    fireEvent.change(field('cardMonth'), { target: { value: '13' } })
    await act(async () => fireEvent.click(screen.getByTestId('card-pay')))
    expect(screen.getByTestId('card-error')).toHaveTextContent('有効期限（月）を正しく入力してください。')
    expect(request.mock.calls.map(([endpoint]) => endpoint.path)).not.toContain(endpoints.cardTokenApiKey.path)
  })

  it('a saved card pays once (double submit blocked) through credit reserve then execute, then shows the purchase result', async () => {
    const card = { cardId: 7, brand: 'VISA', last4: '1111', expiry: '12/39', holderName: 'TARO KOMA' }
    let release: () => void = () => undefined
    const reserved = new Promise<void>((resolve) => (release = resolve))
    const info = { serviceOrderId: 's1', purchasedAmount: 5000, freeAmount: 1250, price: 6100, unit: 'JPY' }
    const request = jest.spyOn(api, 'request').mockImplementation(async (endpoint) => {
      if (endpoint === endpoints.coinSalesConfig) return { products: JPY_PRODUCTS, balance: null } as never
      if (endpoint === endpoints.cardInfo) return { cardInfo: [card], emailOnFile: true } as never
      if (endpoint === endpoints.creditReserve) return reserved.then(() => ({ serviceOrderId: 's1', transactionToken: 'tx' })) as never
      if (endpoint === endpoints.creditExecute) return info as never
      throw new Error(`unexpected call ${endpoint.path}`)
    })
    const openDialog = jest.fn().mockResolvedValue(null)
    await renderScreen(routes['payments.coinPurchase'], { path: '/coinpurchase', url: '/coinpurchase', locale: 'ja', openDialog })
    const pack = (await screen.findAllByTestId('coin-product'))[1]!.querySelector('button') as HTMLButtonElement
    await act(async () => fireEvent.click(pack))
    expect((await screen.findByTestId('saved-card')).querySelector('input')).toBeChecked()
    await act(async () => fireEvent.click(screen.getByTestId('card-pay')))
    await act(async () => fireEvent.click(screen.getByTestId('card-pay')))
    expect(screen.getByTestId('card-pay')).toBeDisabled()
    await act(async () => release())
    const calls = request.mock.calls.filter(([endpoint]) => endpoint === endpoints.creditReserve || endpoint === endpoints.creditExecute)
    expect(calls.map(([, options]) => (options as { body: unknown }).body)).toEqual([
      { productSeq: '2', cardId: '7' },
      { productSeq: '2', cardId: '7', transactionToken: 'tx' },
    ])
    expect(openDialog).toHaveBeenCalledWith('purchaseResult', expect.objectContaining({ purchasedAmount: 5000, freeAmount: 1250 }))
  })

  it('lists the expiring coins from GET /coin/expire (already soonest first) in the expiring coins dialog', async () => {
    mockApi({
      coinSalesConfig: { products: JPY_PRODUCTS, balance: { freeAmount: 25, purchasedAmount: 0, total: 25 } },
      coinExpire: {
        expireCoins: [
          { amount: 15, expireAt: '2026-03-04T05:06:00.000Z' },
          { amount: 10, expireAt: '2026-04-01T00:00:00.000Z' },
        ],
        coin: { freeAmount: 25, purchasedAmount: 0, total: 25 },
      },
    })
    await renderScreen(routes['payments.coinPurchase'], { path: '/coinpurchase', url: '/coinpurchase', locale: 'en' })
    await act(async () => fireEvent.click(await screen.findByTestId('expiring-open')))
    const entries = await screen.findAllByTestId('expiring-entry')
    expect(entries).toHaveLength(2)
    expect(entries[0]).toHaveTextContent('15 coins')
    expect(entries[1]).toHaveTextContent('10 coins')
  })

  it('offers the Japanese payment set in Japanese through the payment method dialog', async () => {
    mockApi({ coinSalesConfig: { products: JPY_PRODUCTS, balance: null }, cardInfo: { cardInfo: [], emailOnFile: true } })
    const openDialog = jest.fn().mockResolvedValue('softbank')
    await renderScreen(routes['payments.coinPurchase'], { path: '/coinpurchase', url: '/coinpurchase', locale: 'ja', openDialog })
    const pack = (await screen.findAllByTestId('coin-product'))[0]!.querySelector('button') as HTMLButtonElement
    await act(async () => fireEvent.click(pack))
    await act(async () => fireEvent.click(await screen.findByTestId('payment-method')))
    expect(openDialog).toHaveBeenCalledWith(
      'paymentMethod',
      expect.objectContaining({ methods: ['credit', 'softbank', 'au', 'docomo', 'paypay'].map((code) => expect.objectContaining({ code })) }),
    )
    expect(screen.getByTestId('payment-method')).toHaveAttribute('data-method', 'softbank')
    expect(screen.getByTestId('redirect-pay')).toBeInTheDocument()
  })
})

describe('purchase dialogs (SPEC §2)', () => {
  it('purchase result shows coins, the bonus only above 0, and the price; its button closes', async () => {
    const Result = dialogs.purchaseResult as (props: DialogComponentProps<'purchaseResult'>) => React.JSX.Element
    const close = jest.fn()
    await act(async () => {
      render(
        <LocaleContext.Provider value={{ locale: 'en', prefix: 'en' }}>
          <Result purchasedAmount={5000} freeAmount={1250} price={499900} unit="USD" close={close} />
        </LocaleContext.Provider>,
      )
    })
    expect(await screen.findByTestId('purchase-result-coins')).toHaveTextContent('5,000 coins')
    expect(screen.getByTestId('purchase-result-bonus')).toHaveTextContent('+1,250 free bonus')
    expect(screen.getByTestId('purchase-result-price')).toHaveTextContent('$4,999.00')
    fireEvent.click(screen.getByRole('button', { name: 'OK' }))
    expect(close).toHaveBeenCalled()
  })

  it('purchase fail shows the standard failure message by default', async () => {
    const Fail = dialogs.purchaseFail as (props: DialogComponentProps<'purchaseFail'>) => React.JSX.Element
    await act(async () => {
      render(
        <LocaleContext.Provider value={{ locale: 'fr', prefix: 'fr' }}>
          <Fail close={jest.fn()} />
        </LocaleContext.Provider>,
      )
    })
    expect(await screen.findByText('Échec de l’achat')).toBeInTheDocument()
    expect(screen.getByText('Votre achat n’a pas pu aboutir. Vous n’avez pas été débité.')).toBeInTheDocument()
  })

  it('payment method reports the chosen code, ignores a coupon with code 0, closes with null after 300 ms', async () => {
    jest.useFakeTimers()
    const Methods = dialogs.paymentMethod as (props: DialogComponentProps<'paymentMethod'>) => React.JSX.Element
    const close = jest.fn()
    await act(async () => {
      render(
        <LocaleContext.Provider value={{ locale: 'en', prefix: 'en' }}>
          <Methods
            title="Payment method"
            methods={[
              { code: 'paypal', typeName: 'PayPal' },
              { code: 0, typeName: 'Coupon' },
            ]}
            close={close}
          />
        </LocaleContext.Provider>,
      )
    })
    fireEvent.click(await screen.findByTestId('payment-method-0'))
    expect(close).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('payment-method-paypal'))
    expect(close).toHaveBeenCalledWith('paypal')
    close.mockClear()
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(close).not.toHaveBeenCalled()
    await act(async () => jest.advanceTimersByTime(300))
    expect(close).toHaveBeenCalledWith(null)
    jest.useRealTimers()
  })
})
