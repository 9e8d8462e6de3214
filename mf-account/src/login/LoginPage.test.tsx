import { api, ApiError, auth, endpoints, openDialog } from '@koma/contracts'
import { runInAction } from 'mobx'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { routes } from '../routes'

jest.mock('@koma/contracts', () => ({
  ...jest.requireActual('@koma/contracts'),
  openDialog: jest.fn(),
}))
jest.mock('../components/sealForServer', () => ({
  sealForServer: jest.fn().mockResolvedValue({ sessionKey: 'k', rsaEncryptedString: 'sealed' }),
}))

const Screen = routes['account.login']
afterEach(() => jest.restoreAllMocks())

/** The API as the sign-in page meets it: the social providers this site offers, then `answer` for everything else. */
const fakeApi = (answer: () => Promise<unknown>) =>
  jest
    .spyOn(api, 'request')
    .mockImplementation((async (endpoint: unknown) =>
      endpoint === endpoints.idpProviders ? { providers: ['google', 'naver'] } : answer()) as typeof api.request)
const calls = (request: ReturnType<typeof fakeApi>) => request.mock.calls.filter(([endpoint]) => endpoint !== endpoints.idpProviders)

describe('sign-in form', () => {
  it('shows the SPEC §5 messages in the reader language and sends nothing', async () => {
    const request = fakeApi(async () => ({}))
    await renderScreen(Screen, { path: '/fr/login', url: '/fr/login', locale: 'fr', prefix: 'fr' })
    fireEvent.click(await screen.findByTestId('login-submit'))
    expect(await screen.findByText('Veuillez saisir votre adresse e-mail.')).toBeInTheDocument()
    expect(screen.getByText('Veuillez saisir votre mot de passe.')).toBeInTheDocument()
    expect(calls(request)).toHaveLength(0)
  })

  it('checks a field as the reader types, 5 ms after the last keystroke, and only the fields typed in (SPEC §5)', async () => {
    fakeApi(async () => ({}))
    await renderScreen(Screen, { path: '/login', url: '/login' })
    const email = await screen.findByLabelText('Email address')
    jest.useFakeTimers()
    try {
      fireEvent.change(email, { target: { value: 'reader@' } })
      act(() => jest.advanceTimersByTime(4))
      fireEvent.change(email, { target: { value: 'reader@koma' } })
      act(() => jest.advanceTimersByTime(4))
      expect(screen.queryByText('Email address format is incorrect.')).not.toBeInTheDocument()
      act(() => jest.advanceTimersByTime(1))
      expect(screen.getByText('Email address format is incorrect.')).toBeInTheDocument()
      expect(screen.queryByText('Please input Password.')).not.toBeInTheDocument()
      fireEvent.change(email, { target: { value: 'reader@koma.example' } })
      act(() => jest.advanceTimersByTime(5))
      expect(screen.queryByText('Email address format is incorrect.')).not.toBeInTheDocument()
    } finally {
      jest.useRealTimers()
    }
  })

  it('says authentication failed (retry or reset) when signing in fails other than by wrong credentials (SPEC §8)', async () => {
    fakeApi(async () => {
      throw new ApiError({ failure: 'undefinedError', status: 500, message: 'boom', url: '/member/signin' })
    })
    await renderScreen(Screen, { path: '/fr/login', url: '/fr/login', locale: 'fr', prefix: 'fr' })
    fireEvent.change(await screen.findByLabelText('Adresse e-mail'), { target: { value: 'reader@koma.example' } })
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'koma-reader-1' } })
    fireEvent.click(screen.getByTestId('login-submit'))
    expect(await screen.findByTestId('login-error')).toHaveTextContent('L’authentification a échoué. Veuillez réessayer ou réinitialiser votre mot de passe.')
  })

  it('offers only the social providers this site has', async () => {
    fakeApi(async () => ({}))
    await renderScreen(Screen, { path: '/login', url: '/login' })
    expect(await screen.findByTestId('social-google')).toBeInTheDocument()
    expect(screen.getByTestId('social-naver')).toBeInTheDocument()
    expect(screen.queryByTestId('social-apple')).not.toBeInTheDocument()
  })

  it('shows the server message for wrong credentials and keeps what was typed', async () => {
    fakeApi(async () => {
      throw new ApiError({ failure: 'incorrectEmailOrPassword', status: 400, message: 'Incorrect email or password', url: '/member/signin' })
    })
    await renderScreen(Screen, { path: '/login', url: '/login' })
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: 'reader@koma.example' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-1' } })
    fireEvent.click(screen.getByTestId('login-submit'))
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Incorrect email or password')
    expect(screen.getByLabelText('Email address')).toHaveValue('reader@koma.example')
  })

  it('signs in with a sealed password and goes to the redirect', async () => {
    const request = fakeApi(async () => ({ sessionToken: 's1', userId: 1 }))
    const signedIn = jest.spyOn(auth, 'signedInNow').mockResolvedValue(null)
    const { router } = await renderScreen(Screen, { path: '/login', url: '/login?redirect=%2Fcomic%2F5' })
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: ' reader@koma.example ' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'koma-reader-1' } })
    fireEvent.click(screen.getByTestId('login-submit'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/comic/5'))
    expect(signedIn).toHaveBeenCalled()
    const [, options] = calls(request)[0] as [unknown, { body: Record<string, string> }]
    expect(options.body).toEqual({ email: 'reader@koma.example', sessionKey: 'k', rsaEncryptedString: 'sealed', stayLogged: 'true' })
    expect(JSON.stringify(options.body)).not.toContain('koma-reader-1')
  })
})

describe('sign-in from a guest (SPEC §4)', () => {
  afterEach(() => {
    cleanup()
    runInAction(() => {
      auth.guest = false
      auth.profile = null
    })
  })

  it('lists what signing in discards, asks first, and sends nothing when the reader keeps them', async () => {
    runInAction(() => {
      auth.guest = true
      auth.profile = {
        userId: 9,
        guest: true,
        nickname: 'Guest',
        inventory: {
          coin: { total: 12, freeAmount: 12, purchasedAmount: 0 },
          ticket: { amount: 2 },
          readForFree: { amount: 0, recoverRemained: 0 },
          rentWithSubscribe: false,
        },
      } as unknown as typeof auth.profile
    })
    const request = fakeApi(async () => ({ tab: 'subscribed', items: [{}, {}, {}], page: { hasNext: false, currentPageNo: 1, seqNo: null } }))
    jest.mocked(openDialog).mockResolvedValue(false as never)
    await renderScreen(Screen, { path: '/login', url: '/login' })
    expect(await screen.findByTestId('login-guest-holdings')).toHaveTextContent('Coins: 12 · Tickets: 2 · Titles in your library: 3')
    expect(screen.queryByTestId('login-continue-guest')).not.toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'reader@koma.example' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'koma-reader-1' } })
    fireEvent.click(screen.getByTestId('login-submit'))
    await waitFor(() =>
      expect(openDialog).toHaveBeenCalledWith('confirm', expect.objectContaining({ message: expect.stringContaining('12 coins, 2 tickets and 3 titles') })),
    )
    expect(calls(request).some(([endpoint]) => endpoint === endpoints.signin)).toBe(false)
  })

  it('offers a signed-out reader to continue as a guest, which goes to the redirect', async () => {
    fakeApi(async () => ({}))
    const become = jest.spyOn(auth, 'becomeGuest').mockResolvedValue(true)
    const { router } = await renderScreen(Screen, { path: '/login', url: '/login?redirect=%2Flibrary%2Fsubscribed' })
    fireEvent.click(await screen.findByTestId('login-continue-guest'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/library/subscribed'))
    expect(become).toHaveBeenCalled()
  })
})
