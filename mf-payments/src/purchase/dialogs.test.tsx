import { api, ApiError, auth, endpoints, type ChapterSummary, type Endpoint } from '@koma/contracts'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { PaymentsIntl } from '../i18n/PaymentsIntl'
import { PENDING_PURCHASE_KEY, replayPendingPurchase, savePendingPurchase, takePendingPurchase } from './pending'
import { PurchaseDialog } from './PurchaseDialog'
import { SelectChaptersDialog } from './SelectChaptersDialog'

const sales = (patch: Partial<ChapterSummary['salesConfig']> = {}): ChapterSummary['salesConfig'] => ({
  free: false,
  rentableRemained: null,
  rentAllowedWith: [],
  purchaseAllowedWith: ['coin'],
  event: null,
  originalPrice: 4,
  price: 4,
  coinBackPrice: 0,
  originalRentalPrice: -1,
  rentalPrice: -1,
  ...patch,
})
const chapter = (id: number, patch: Partial<ChapterSummary['salesConfig']> = {}, unlocked = false): ChapterSummary => ({
  id,
  volumeId: null,
  name: `Episode ${id}`,
  publishedAt: '2026-11-01T00:00:00Z',
  sort: id,
  thumbnail: null,
  hasTrial: false,
  aborted: false,
  totalComments: 0,
  salesConfig: sales(patch),
  activity: { unlocked, rented: false, rentRemained: 0 },
})

const content = {
  type: 'comic',
  id: 7,
  name: 'Moonlit Harbor',
  adsEnabled: true,
  rentalConfig: { gaugeUsable: true, recoverInterval: 82_800, rentalPeriod: 259_200 },
  inventory: {
    coin: { freeAmount: 6, purchasedAmount: 4, total: 10 },
    readForFree: { amount: 0, recoverRemained: 100 },
    ticket: { amount: 0 },
    rentWithSubscribe: false,
  },
  chapters: [
    chapter(1, { free: true, price: -1, purchaseAllowedWith: [] }),
    chapter(2, {}, true),
    chapter(3),
    chapter(4, { price: 3 }),
    chapter(5, { rentAllowedWith: ['gauge', 'ticket', 'coin'], rentalPrice: 2, price: -1, purchaseAllowedWith: [] }),
  ],
}

type Call = { path: string; body?: Record<string, unknown> }

function mockApi(unlock: (call: Call) => unknown, title: typeof content = content): Call[] {
  const calls: Call[] = []
  jest.spyOn(api, 'request').mockImplementation((async (
    endpoint: Endpoint<unknown, unknown, unknown, unknown>,
    options?: { body?: Record<string, unknown> },
  ) => {
    const call = { path: endpoint.path, body: options?.body }
    calls.push(call)
    if (endpoint === endpoints.content) return title
    if (endpoint === endpoints.coinTransactionToken) return { token: `token-${calls.length}`, expiresAt: '' }
    return unlock(call)
  }) as never)
  return calls
}

const done = (chapterIds: number[]) => ({
  contentId: 7,
  chapterIds,
  kind: 'owned',
  via: 'coin',
  expiresAt: null,
  already: false,
  spent: { free: 4, bonus: 0, purchased: 0 },
  ticketsUsed: 0,
  coin: { freeAmount: 2, purchasedAmount: 4, total: 6 },
})

async function openPurchase(props: { option?: 'buyWithCoin' | 'rentWithCoin' | 'subscribe'; chapterId?: number; locale?: 'en' | 'ja' | 'fr' } = {}) {
  const close = jest.fn()
  const Screen = () => (
    <PaymentsIntl>
      <PurchaseDialog contentType="comic" contentId={7} chapterId={props.chapterId ?? 3} option={props.option} close={close} />
    </PaymentsIntl>
  )
  const view = await renderScreen(Screen, { path: '/comic/7', url: '/comic/7', locale: props.locale ?? 'en' })
  return { close, ...view }
}

beforeEach(() => {
  sessionStorage.clear()
  document.cookie = 'koma_lc=1; path=/'
  auth.syncFromCookie()
})
afterEach(() => {
  jest.restoreAllMocks()
  auth.clearLocal()
})

describe('purchase dialog', () => {
  it('asks a signed-out reader to sign in first', async () => {
    auth.clearLocal()
    mockApi(() => done([3]))
    const { close, openDialog } = await openPurchase({ option: 'buyWithCoin' })
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('loginConfirm', { redirect: '/comic/7', guestAllowed: true }))
    expect(close).toHaveBeenCalledWith({ unlocked: false })
  })

  it('buys at once in English with a fresh token and the shown price', async () => {
    const calls = mockApi(() => done([3]))
    const { close } = await openPurchase({ option: 'buyWithCoin' })
    await waitFor(() => expect(close).toHaveBeenCalledWith({ unlocked: true }))
    const unlock = calls.find((call) => call.path === endpoints.chapterUnlock.path)
    expect(unlock?.body).toEqual({ token: 'token-2', price: '4', coinBackPrice: '0' })
  })

  it('asks the use-coin confirm first in Japanese', async () => {
    const calls = mockApi(() => done([3]))
    const { close } = await openPurchase({ option: 'buyWithCoin', locale: 'ja' })
    expect(await screen.findByText('コインを使用しますか？')).toBeInTheDocument()
    expect(screen.getByText('使用後のコイン：6')).toBeInTheDocument()
    expect(calls.some((call) => call.path === endpoints.chapterUnlock.path)).toBe(false)
    fireEvent.click(screen.getByTestId('use-coin-ok'))
    await waitFor(() => expect(close).toHaveBeenCalledWith({ unlocked: true }))
  })

  it('with too few coins saves the purchase for the session and goes to the coin shop', async () => {
    mockApi(() => {
      throw new ApiError({ failure: 'notEnoughCoins', status: 402, message: 'You do not have enough coins.', url: '' })
    })
    const { close, router } = await openPurchase({ option: 'buyWithCoin' })
    await waitFor(() => expect(close).toHaveBeenCalledWith({ unlocked: false }))
    expect(router.state.location.pathname).toBe('/coinpurchase')
    const pending = JSON.parse(sessionStorage.getItem(PENDING_PURCHASE_KEY) ?? 'null')
    expect(pending).toMatchObject({
      action: 'unlock',
      contentId: 7,
      chapterIds: [3],
      price: 4,
      viewerPath: '/comic/7/chapter/3/product',
      cancelRedirect: '/comic/7',
    })
  })

  it('offers the choices without an option; ad unlocks say they are app-only', async () => {
    mockApi(() => done([5]))
    await openPurchase({ chapterId: 5, locale: 'fr' })
    expect(await screen.findByText('Louer pour 2 pièces (3 jours)')).toBeInTheDocument()
    fireEvent.click(screen.getByText('Regarder une pub pour lire'))
    expect(await screen.findByText('Cette fonction n’est pas disponible sur le web. Veuillez utiliser l’application.')).toBeInTheDocument()
  })

  it('shows the refusal in the reader language and unlocks nothing', async () => {
    mockApi(() => {
      throw new ApiError({ failure: 'priceChanged', status: 409, message: 'Le prix a changé. Vérifiez-le et réessayez.', url: '' })
    })
    const { close } = await openPurchase({ option: 'buyWithCoin', locale: 'fr' })
    expect(await screen.findByTestId('purchase-message')).toHaveTextContent('Le prix a changé')
    fireEvent.click(screen.getByRole('button', { name: 'OK' }))
    expect(close).toHaveBeenCalledWith({ unlocked: false })
  })
})

describe('rent with subscribe (SPEC §8)', () => {
  // Chapter 6 rents by gauge or ticket; the reader has no free read or ticket, and may subscribe.
  const subscribable = {
    ...content,
    inventory: { ...content.inventory, rentWithSubscribe: true },
    chapters: [...content.chapters, chapter(6, { rentAllowedWith: ['gauge', 'ticket'], price: -1, purchaseAllowedWith: [] })],
  }

  it.each([
    [409, 'subscribeRentalUsed'],
    [409, 'rentalNotAvailable'],
    [404, 'chapterNotFound'],
  ] as const)('a %i (%s) closes the dialog for the error with callback, whose OK reloads (home on 404)', async (status, failure) => {
    const calls = mockApi(() => {
      throw new ApiError({ failure, status, message: 'Vous avez déjà utilisé la location offerte pour l’abonnement à ce titre.', url: '' })
    }, subscribable)
    const { close, openDialog } = await openPurchase({ option: 'subscribe', chapterId: 6, locale: 'fr' })
    await waitFor(() =>
      expect(openDialog).toHaveBeenCalledWith('errorCallback', {
        title: expect.any(String),
        message: 'Vous avez déjà utilisé la location offerte pour l’abonnement à ce titre.',
        status,
      }),
    )
    expect(close).toHaveBeenCalledWith({ unlocked: false })
    expect(calls.some((call) => call.path === endpoints.chapterRentWithSubscribe.path)).toBe(true)
  })

  it('says any other failure in the dialog (the alert), in the reader language', async () => {
    mockApi(() => {
      throw new ApiError({ failure: 'salesSuspended', status: 403, message: 'Les ventes de cet épisode sont suspendues.', url: '' })
    }, subscribable)
    const { openDialog } = await openPurchase({ option: 'subscribe', chapterId: 6, locale: 'fr' })
    expect(await screen.findByTestId('purchase-message')).toHaveTextContent('ventes de cet épisode sont suspendues')
    expect(openDialog).not.toHaveBeenCalledWith('errorCallback', expect.anything())
  })
})

describe('select multiple chapters', () => {
  async function openSelect(locale: 'en' | 'ja' = 'en') {
    const close = jest.fn()
    const Screen = () => (
      <PaymentsIntl>
        <SelectChaptersDialog contentType="comic" contentId={7} close={close} />
      </PaymentsIntl>
    )
    const view = await renderScreen(Screen, { path: '/comic/7', url: '/comic/7', locale })
    await screen.findByTestId('select-all')
    return { close, ...view }
  }

  it('selects all but the disabled chapters, unlocks them, notifies for 2 s, then closes', async () => {
    const calls = mockApi((call) => done((call.body?.chapterIds as string[]).map(Number)))
    const { close, notify } = await openSelect()
    const rows = screen.getAllByTestId('select-chapter')
    expect(rows.filter((row) => row.dataset.disabled === 'true').map((row) => row.dataset.chapterId)).toEqual(['1', '2', '5'])
    fireEvent.click(screen.getByTestId('select-all'))
    expect(screen.getByTestId('select-count')).toHaveTextContent('2 episodes selected')
    expect(screen.getByTestId('select-total')).toHaveTextContent('Total: 7 coins')
    expect(screen.getByTestId('select-all')).toHaveTextContent('Deselect all')
    jest.useFakeTimers()
    try {
      fireEvent.click(screen.getByTestId('select-submit'))
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10)
      })
      expect(notify).toHaveBeenCalledWith('2 episodes unlocked', { durationMs: 2000 })
      expect(close).not.toHaveBeenCalled()
      await act(async () => {
        await jest.advanceTimersByTimeAsync(2000)
      })
      expect(close).toHaveBeenCalledWith({ unlocked: true, chapterIds: [3, 4] })
    } finally {
      jest.useRealTimers()
    }
    expect(calls.find((call) => call.path === endpoints.chapterUnlockAll.path)?.body).toMatchObject({ chapterIds: ['3', '4'], price: '7' })
  })

  it.each([
    [1280, 88],
    [767, 56],
  ])('select all at %i px wide scrolls the list to the first selectable chapter less %i px (SPEC §9)', async (width, offset) => {
    mockApi(() => done([]))
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width })
    await openSelect()
    const list = screen.getByTestId('select-list')
    const first = screen.getAllByTestId('select-chapter').find((row) => row.dataset.chapterId === '3')!
    jest.spyOn(list, 'getBoundingClientRect').mockReturnValue({ top: 100 } as DOMRect)
    jest.spyOn(first, 'getBoundingClientRect').mockReturnValue({ top: 100 + 300 } as DOMRect)
    fireEvent.click(screen.getByTestId('select-all'))
    expect(list.scrollTop).toBe(300 - offset)
    list.scrollTop = 0
    fireEvent.click(screen.getByTestId('select-all'))
    expect(list.scrollTop).toBe(0)
  })

  it('a failed load says the data could not be obtained, in the reader language (SPEC §8)', async () => {
    jest.spyOn(api, 'request').mockRejectedValue(new ApiError({ failure: 'undefinedError', status: 500, message: 'boom', url: '' }))
    const Screen = () => (
      <PaymentsIntl>
        <SelectChaptersDialog contentType="comic" contentId={7} close={jest.fn()} />
      </PaymentsIntl>
    )
    await renderScreen(Screen, { path: '/comic/7', url: '/comic/7', locale: 'ja' })
    expect(await screen.findByTestId('select-message')).toHaveTextContent('データを取得できませんでした。')
  })

  it('goes to the coin shop on 402 with the unlock-all saved; select all toggles back', async () => {
    mockApi(() => {
      throw new ApiError({ failure: 'notEnoughCoins', status: 402, message: 'short', url: '' })
    })
    const { router, close } = await openSelect()
    fireEvent.click(screen.getByTestId('select-all'))
    fireEvent.click(screen.getByTestId('select-all'))
    expect(screen.getByTestId('select-submit')).toBeDisabled()
    fireEvent.click(screen.getByTestId('select-all'))
    fireEvent.click(screen.getByTestId('select-submit'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/coinpurchase'))
    expect(close).toHaveBeenCalledWith({ unlocked: false, chapterIds: [] })
    expect(takePendingPurchase()).toMatchObject({ action: 'unlockAll', chapterIds: [3, 4], price: 7 })
    expect(takePendingPurchase()).toBeNull()
  })
})

describe('pending purchase replay', () => {
  it('replays once after buying coins and says where to go', async () => {
    const calls = mockApi(() => done([3]))
    expect(await replayPendingPurchase(api)).toEqual({ kind: 'none' })
    savePendingPurchase({
      action: 'unlock',
      contentType: 'comic',
      contentId: 7,
      chapterIds: [3],
      price: 4,
      coinBackPrice: 0,
      viewerPath: '/en/comic/7/chapter/3/product',
      cancelRedirect: '/en/comic/7',
    })
    const outcome = await replayPendingPurchase(api)
    expect(outcome).toMatchObject({ kind: 'done', path: '/en/comic/7/chapter/3/product' })
    expect(calls.filter((call) => call.path === endpoints.chapterUnlock.path)).toHaveLength(1)
    expect(await replayPendingPurchase(api)).toEqual({ kind: 'none' })
  })

  it('still short: back to the episode list', async () => {
    mockApi(() => {
      throw new ApiError({ failure: 'notEnoughCoins', status: 402, message: 'short', url: '' })
    })
    savePendingPurchase({
      action: 'rentWithCoin',
      contentType: 'comic',
      contentId: 7,
      chapterIds: [5],
      price: 2,
      coinBackPrice: 0,
      viewerPath: '/comic/7/chapter/5/product',
      cancelRedirect: '/comic/7',
    })
    expect(await replayPendingPurchase(api)).toMatchObject({ kind: 'short', path: '/comic/7' })
  })
})
