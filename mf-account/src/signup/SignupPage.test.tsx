import { api, auth, endpoints, openDialog } from '@koma/contracts'
import { runInAction } from 'mobx'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { routes } from '../routes'

jest.mock('@koma/contracts', () => ({
  ...jest.requireActual('@koma/contracts'),
  openDialog: jest.fn(),
}))

const Screen = routes['account.signup']
afterEach(() => {
  jest.restoreAllMocks()
  jest.mocked(openDialog).mockReset()
  runInAction(() => {
    auth.guest = false
    auth.profile = null
  })
})

/** The API as the sign-up page meets it: the providers this site offers and a guest's library. */
const fakeApi = () =>
  jest.spyOn(api, 'request').mockImplementation((async (endpoint: unknown) => {
    if (endpoint === endpoints.idpProviders) return { providers: ['google'] }
    if (endpoint === endpoints.library) return { tab: 'subscribed', items: [{}], page: { hasNext: true, currentPageNo: 1, seqNo: null } }
    // Refused here: the page stays (jsdom cannot leave for the provider); the call is what counts.
    if (endpoint === endpoints.idpAuthorize) throw new Error('not in a test')
    return {}
  }) as typeof api.request)

describe('sign-up with a social account, as a guest (SPEC §4)', () => {
  it('warns that an account that already exists signs in and discards the guest data, and goes nowhere if the reader declines', async () => {
    runInAction(() => {
      auth.guest = true
      auth.profile = {
        userId: 9,
        guest: true,
        nickname: 'Guest',
        inventory: {
          coin: { total: 5, freeAmount: 5, purchasedAmount: 0 },
          ticket: { amount: 1 },
          readForFree: { amount: 0, recoverRemained: 0 },
          rentWithSubscribe: false,
        },
      } as unknown as typeof auth.profile
    })
    const request = fakeApi()
    jest.mocked(openDialog).mockResolvedValue(false as never)
    await renderScreen(Screen, { path: '/fr/signup', url: '/fr/signup', locale: 'fr', prefix: 'fr' })
    expect(await screen.findByTestId('signup-guest-keeps')).toBeInTheDocument()
    await waitFor(() => expect(request.mock.calls.some(([endpoint]) => endpoint === endpoints.library)).toBe(true))
    fireEvent.click(await screen.findByTestId('social-google'))
    await waitFor(() =>
      expect(openDialog).toHaveBeenCalledWith('confirm', {
        title: 'Continuer avec un compte social ?',
        message: expect.stringContaining('5 pièces, 1 tickets et 1+ séries'),
        okLabel: 'Continuer',
      }),
    )
    expect(request.mock.calls.some(([endpoint]) => endpoint === endpoints.idpAuthorize)).toBe(false)
  })

  it('asks nothing of a signed-out reader', async () => {
    const request = fakeApi()
    await renderScreen(Screen, { path: '/signup', url: '/signup' })
    fireEvent.click(await screen.findByTestId('social-google'))
    await waitFor(() => expect(request.mock.calls.some(([endpoint]) => endpoint === endpoints.idpAuthorize)).toBe(true))
    expect(openDialog).not.toHaveBeenCalled()
  })
})
