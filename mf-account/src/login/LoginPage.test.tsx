import { api, ApiError, auth, endpoints } from '@koma/contracts'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { routes } from '../routes'

jest.mock('@koma/contracts', () => ({
  ...jest.requireActual('@koma/contracts'),
  sealForServer: jest.fn().mockResolvedValue({ sessionKey: 'k', rsaEncryptedString: 'sealed' }),
}))

const Screen = routes['account.login']
afterEach(() => jest.restoreAllMocks())

/** The API as the sign-in page meets it: the social providers this site offers, then `answer` for everything else. */
const fakeApi = (answer: () => Promise<unknown>) =>
  jest.spyOn(api, 'request').mockImplementation((async (endpoint: unknown) => (endpoint === endpoints.idpProviders ? { providers: ['google', 'naver'] } : answer())) as typeof api.request)
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

  it('offers only the social providers this site has', async () => {
    fakeApi(async () => ({}))
    await renderScreen(Screen, { path: '/login', url: '/login' })
    expect(await screen.findByTestId('social-google')).toBeInTheDocument()
    expect(screen.getByTestId('social-naver')).toBeInTheDocument()
    expect(screen.queryByTestId('social-apple')).not.toBeInTheDocument()
  })

  it('shows the server message for wrong credentials and keeps what was typed', async () => {
    fakeApi(async () => {
      throw new ApiError({ status: 400, message: 'Incorrect email or password', url: '/member/signin' })
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
