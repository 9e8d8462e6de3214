import { events, invalidateAll } from '@koma/contracts'
import { act, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { useResource } from './cache'

/**
 * Issue 14: the profile carries the reader's inventory. When coins are bought (or a chapter
 * bought) elsewhere, the coin area says so with a typed event and the account area reloads it.
 */
describe('account cache', () => {
  afterEach(() => act(() => invalidateAll()))

  it('reloads the profile when the reader’s inventory changed in another area', async () => {
    let total = 10
    const load = jest.fn(async () => ({ inventory: { coin: { total } } }))
    const Balance = () => <p>{useResource('account:profile', load).inventory.coin.total} coins</p>
    await act(async () => {
      render(
        <Suspense fallback={null}>
          <Balance />
        </Suspense>,
      )
    })
    expect(screen.getByText('10 coins')).toBeInTheDocument()
    total = 60
    await act(async () => events.emit('inventory:changed', { contentId: null }))
    expect(await screen.findByText('60 coins')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(2)
  })
})
