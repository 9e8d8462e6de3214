import { api, endpoints, type CoinHistoryEntry, type Endpoint } from '@koma/contracts'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { routes } from '../routes'

afterEach(() => jest.restoreAllMocks())

const entry = (seqNo: number, patch: Partial<CoinHistoryEntry> = {}): CoinHistoryEntry => ({
  seqNo,
  type: 'use',
  reason: 'unlock',
  price: 4,
  free: 3,
  purchased: 1,
  expired: false,
  title: 'Moonlit Harbor',
  contentId: 7,
  contentType: 'comic',
  createdAt: '2026-11-20T10:00:00Z',
  expireAt: null,
  description: 'Episode 4',
  ...patch,
})

describe('coin history', () => {
  it('shows the balance, expiring coins, entries of the tab and more pages by lastRespondedSeqNo', async () => {
    const queries: unknown[] = []
    jest.spyOn(api, 'request').mockImplementation((async (
      endpoint: Endpoint<unknown, unknown, unknown, unknown>,
      options?: { params?: { tab: string }; query?: { lastRespondedSeqNo?: string } },
    ) => {
      if (endpoint === endpoints.coinExpire)
        return { expireCoins: [{ amount: 15, expireAt: '2026-11-23T03:00:00Z' }], coin: { freeAmount: 25, purchasedAmount: 100, total: 125 } }
      queries.push({ tab: options?.params?.tab, ...options?.query })
      if (options?.query?.lastRespondedSeqNo)
        return {
          history: [
            entry(1, {
              type: 'distribute',
              reason: 'coupon',
              price: 50,
              free: 50,
              purchased: 0,
              title: null,
              contentId: null,
              contentType: null,
              description: '',
              expireAt: '2027-01-01T00:00:00Z',
            }),
          ],
          page: { hasNext: false, seqNo: 1 },
        }
      return {
        history: [entry(3), entry(2, { type: 'expire', reason: 'expire', title: null, contentId: null, description: '', price: 6, free: 6, purchased: 0 })],
        page: { hasNext: true, seqNo: 2 },
      }
    }) as never)
    const { router } = await renderScreen(routes['payments.coinHistory'], {
      path: '/account/coin/history/:dep1Param',
      url: '/account/coin/history/all',
      locale: 'en',
    })
    expect(await screen.findByTestId('coin-total')).toHaveTextContent('125')
    expect(screen.getByTestId('expiring-coins')).toHaveTextContent('15 coins expire')
    const entries = await screen.findAllByTestId('coin-history-entry')
    expect(entries[0]).toHaveTextContent('Bought an episode')
    expect(entries[0]).toHaveTextContent('Moonlit Harbor')
    expect(entries[0]).toHaveTextContent('−4')
    expect(entries[1]).toHaveTextContent('Coins expired')
    fireEvent.click(screen.getByTestId('coin-history-more'))
    await waitFor(() => expect(screen.getAllByTestId('coin-history-entry')).toHaveLength(3))
    expect(screen.getAllByTestId('coin-history-entry')[2]).toHaveTextContent('Coupon')
    expect(screen.getAllByTestId('coin-history-entry')[2]).toHaveTextContent('+50')
    expect(screen.queryByTestId('coin-history-more')).toBeNull()
    expect(queries).toEqual([{ tab: 'all' }, { tab: 'all', lastRespondedSeqNo: '2' }])
    // The other tab loads: the screen suspends, so the click is awaited in act.
    await act(async () => {
      fireEvent.click(screen.getByText('Used'))
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/coin/history/used'))
  })

  it('sends an unknown tab to all, in Japanese', async () => {
    jest.spyOn(api, 'request').mockImplementation((async (endpoint: Endpoint<unknown, unknown, unknown, unknown>) => {
      if (endpoint === endpoints.coinExpire) return { expireCoins: [], coin: { freeAmount: 0, purchasedAmount: 0, total: 0 } }
      return { history: [], page: { hasNext: false, seqNo: null } }
    }) as never)
    const { router } = await renderScreen(routes['payments.coinHistory'], {
      path: '/account/coin/history/:dep1Param',
      url: '/account/coin/history/bogus',
      locale: 'ja',
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/coin/history/all'))
    expect(await screen.findByText('まだ履歴はありません。')).toBeInTheDocument()
    expect(screen.getByText('まもなく失効するコインはありません。')).toBeInTheDocument()
  })
})
