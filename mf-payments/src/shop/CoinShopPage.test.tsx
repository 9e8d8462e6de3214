import { api } from '@koma/contracts'
import { screen } from '@testing-library/react'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { routes } from '../routes'

afterEach(() => jest.restoreAllMocks())

describe('coin shop', () => {
  it('lists packs with bonus and prices with thousands separators in the reader currency', async () => {
    jest.spyOn(api, 'request').mockResolvedValue({
      products: [
        { seq: 1, purchasedAmount: 100, freeAmount: 0, price: 120, currency: 'JPY' },
        { seq: 2, purchasedAmount: 5000, freeAmount: 1250, price: 6100, currency: 'JPY' },
      ],
    } as never)
    await renderScreen(routes['payments.coinPurchase'], { path: '/coinpurchase', url: '/coinpurchase', locale: 'ja' })
    const products = await screen.findAllByTestId('coin-product')
    expect(products[1]).toHaveTextContent('5000コイン')
    expect(products[1]).toHaveTextContent('+1250 ボーナス')
    expect(products[1]).toHaveTextContent('￥6,100')
  })
})
