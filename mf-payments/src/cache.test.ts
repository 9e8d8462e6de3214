import { api, endpoints, events, installHostBridge, type Endpoint, type HostBridge } from '@koma/contracts'
import { performAccess } from './purchase/actions'
import { purchaseSucceeded } from './shop/completion'

/**
 * Issue 14: the coin area forgets only its own keys; what other areas show (the account's
 * profile with its inventory, episode lists) reloads through the typed events they react to.
 * Before, buying coins forgot `'profile'`, a key nobody has, so the profile's balance stayed stale.
 */
describe('what the coin area tells the others', () => {
  let emitted: [string, unknown][]
  beforeEach(() => {
    emitted = []
    const emit = events.emit.bind(events)
    jest.spyOn(events, 'emit').mockImplementation(((name: string, payload: unknown) => {
      emitted.push([name, payload])
      emit(name as never, payload as never)
    }) as never)
  })
  afterEach(() => jest.restoreAllMocks())

  it('coins bought: the inventory changed, for no one title', async () => {
    installHostBridge({
      openDialog: jest.fn().mockResolvedValue(undefined) as HostBridge['openDialog'],
      notify: jest.fn(),
      loadExposed: () => new Promise(() => undefined),
    })
    const go = jest.fn()
    await purchaseSucceeded({ serviceOrderId: 'order-1', purchasedAmount: 50, freeAmount: 5, price: 499, unit: 'USD' }, go)
    expect(emitted).toContainEqual(['inventory:changed', { contentId: null }])
    expect(go).toHaveBeenCalledWith('/')
  })

  it('a chapter bought: its access and the inventory changed, for that title', async () => {
    jest.spyOn(api, 'request').mockImplementation((async (endpoint: Endpoint<unknown, unknown, unknown, unknown>) => {
      if (endpoint === endpoints.coinTransactionToken) return { token: 't', expiresAt: '' }
      return { contentId: 7, chapterIds: [3], kind: 'owned', via: 'coin', expiresAt: null }
    }) as never)
    await performAccess(api, { action: 'unlock', contentType: 'comic', contentId: 7, chapterIds: [3], price: 4, coinBackPrice: 0 })
    expect(emitted).toEqual([
      ['access:changed', { contentId: 7, chapterIds: [3] }],
      ['inventory:changed', { contentId: 7 }],
    ])
  })
})
