import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { events, ApiError, type FailureAction } from '@koma/contracts'
import { renderAt } from '../test/renderApp'
import { registerEveryRemote } from '../test/remotes'
import { dialogStore } from '../dialogs/dialogStore'
import { appState } from './appState'

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  // A remote that never answers: screens stay in their loading state; the host's own logic is under test.
  loadRemote: jest.fn(() => new Promise(() => undefined)),
}))

const setCookie = (value: string) => {
  document.cookie = value
}

// Every remote is registered; the mocked runtime never finishes loading one.
beforeAll(registerEveryRemote)

beforeEach(() => {
  document.cookie = 'koma_lc=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  document.cookie = 'koma_locale=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
})

describe('routes from the contracts table', () => {
  it('renders the 404 screen for a bad id, in the prefix language', async () => {
    await renderAt('/fr/comic/007')
    expect(await screen.findByRole('heading', { name: 'Page introuvable : /fr/comic/007' })).toBeInTheDocument()
    expect(screen.getByTestId('site-header')).toBeInTheDocument()
  })

  it('renders 404 for paths no route knows', async () => {
    await renderAt('/en/no/such/page/here')
    expect(await screen.findByRole('heading', { name: 'Page Not Found: /en/no/such/page/here' })).toBeInTheDocument()
  })

  it('sends a signed-out reader on a login-only route to /login with the page as redirect', async () => {
    const { router } = await renderAt('/en/library/subscribed?x=1')
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'))
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/en/library/subscribed?x=1')}`)
  })

  it('lets a guest into the library and the inbox, and offers sign-up on members-only pages (SPEC §4, §6)', async () => {
    const { auth } = await import('@koma/contracts')
    const { runInAction } = await import('mobx')
    runInAction(() => {
      auth.guest = true
    })
    try {
      const library = await renderAt('/en/library/subscribed')
      expect(library.router.state.location.pathname).toBe('/en/library/subscribed')
      expect(screen.queryByTestId('guest-refused')).not.toBeInTheDocument()
      library.unmount()
      const shop = await renderAt('/en/coinpurchase')
      expect(await screen.findByTestId('guest-refused')).toHaveTextContent('Guest users cannot use this function.')
      expect(shop.router.state.location.pathname).toBe('/en/coinpurchase')
      shop.unmount()
    } finally {
      runInAction(() => {
        auth.guest = false
      })
    }
  })

  it('sends a signed-in reader on /login to the redirect query, never off-site', async () => {
    setCookie('koma_lc=1; path=/')
    const { auth } = await import('@koma/contracts')
    auth.syncFromCookie()
    const first = await renderAt('/login?redirect=%2Fcomic%2F3')
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/comic/3'))
    first.unmount()
    const second = await renderAt('/login?redirect=%2F%2Fevil.example')
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/'))
    second.unmount()
    document.cookie = 'koma_lc=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
    auth.syncFromCookie()
  })

  it('renders no error page for a crawler, only a log line', async () => {
    const userAgent = jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (compatible; Googlebot/2.1)')
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    await renderAt('/en/comic/007')
    await waitFor(() => expect(warn).toHaveBeenCalledWith('[host] 404 for crawler: /en/comic/007'))
    expect(screen.queryByTestId('not-found')).not.toBeInTheDocument()
    userAgent.mockRestore()
    warn.mockRestore()
  })

  it('redirects legacy short paths, keeping the query', async () => {
    const { router } = await renderAt('/fr/useCoupon?code=ABC123&utm_source=mail')
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/account/coupon'))
    expect(router.state.location.search).toBe('?code=ABC123&utm_source=mail')
  })

  it('uses the locale cookie on unprefixed paths', async () => {
    setCookie('koma_locale=ja; path=/')
    await renderAt('/comic/007')
    expect(await screen.findByRole('heading', { name: 'ページが見つかりません: /comic/007' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('ja-JP')
  })

  it('/ja is Japanese whatever the cookie says, with its 404 rules and its legacy redirects (issue 35)', async () => {
    setCookie('koma_locale=fr; path=/')
    await renderAt('/ja/comic/007')
    expect(await screen.findByRole('heading', { name: 'ページが見つかりません: /ja/comic/007' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('ja-JP')
    const { router } = await renderAt('/ja/useCoupon?code=ABC123')
    await waitFor(() => expect(router.state.location.pathname).toBe('/ja/account/coupon'))
  })

  it('links and the language switcher keep the reader on /ja, and an unprefixed Japanese reader unprefixed (issue 35)', async () => {
    const choose = (locale: string) =>
      act(async () => {
        fireEvent.change(screen.getByTestId('language-switcher'), { target: { value: locale } })
      })
    const ja = await renderAt('/ja/no/such/page')
    await screen.findByRole('heading', { name: 'ページが見つかりません: /ja/no/such/page' })
    expect(screen.getByRole('link', { name: 'Koma ホーム' })).toHaveAttribute('href', '/ja')
    await choose('en')
    await waitFor(() => expect(ja.router.state.location.pathname).toBe('/en/no/such/page'))
    await choose('ja')
    await waitFor(() => expect(ja.router.state.location.pathname).toBe('/ja/no/such/page'))
    expect(document.cookie).toContain('koma_locale=ja')
    ja.unmount()
    document.cookie = 'koma_locale=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
    const plain = await renderAt('/no/such/page')
    await screen.findByRole('heading', { name: 'Page Not Found: /no/such/page' })
    expect(screen.getByRole('link', { name: 'Koma home' })).toHaveAttribute('href', '/')
    await choose('ja')
    expect(await screen.findByRole('heading', { name: 'ページが見つかりません: /no/such/page' })).toBeInTheDocument()
    expect(plain.router.state.location.pathname).toBe('/no/such/page')
    expect(screen.getByRole('link', { name: 'Koma ホーム' })).toHaveAttribute('href', '/')
    await choose('fr')
    await waitFor(() => expect(plain.router.state.location.pathname).toBe('/fr/no/such/page'))
  })
})

describe('SPEC §8 failures', () => {
  const fail = (action: FailureAction) =>
    act(() => {
      events.emit('api:failure', { action, error: new ApiError({ status: 0, message: '', url: '/x' }) })
    })

  afterEach(() => {
    act(() => {
      appState.clearMaintenance()
      dialogStore.clear()
    })
  })

  it('503 shows the maintenance screen with its end time', async () => {
    await renderAt('/en/comic/007')
    await screen.findByTestId('not-found')
    await fail({ kind: 'maintenance', maintenance: { title: 'Scheduled maintenance', description: 'We are upgrading.', endAt: '2026-11-23T01:00:00Z' } })
    expect(await screen.findByRole('heading', { name: 'Scheduled maintenance' })).toBeInTheDocument()
    expect(screen.getByText('We are upgrading.')).toBeInTheDocument()
    // Issue 35: SPEC §9's year/month/day hour:minute (in this machine's zone), as lists and devices show dates; not English's month/day/year.
    expect(screen.getByTestId('maintenance-end')).toHaveTextContent(/^Expected to end at 2026\/11\/2[23] \d\d:\d\d$/)
  })

  it('401 logs out and goes to /login with the failing page as redirect', async () => {
    setCookie('koma_lc=1; path=/')
    const { auth } = await import('@koma/contracts')
    auth.syncFromCookie()
    const { router } = await renderAt('/en/comic/007?from=test')
    await screen.findByTestId('not-found')
    await fail({ kind: 'logout', redirectToLogin: true })
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'))
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/en/comic/007?from=test')}`)
    expect(auth.signedIn).toBe(false)
  })

  it('shows one error dialog at a time', async () => {
    await renderAt('/en/comic/007')
    await screen.findByTestId('not-found')
    await fail({ kind: 'dialog', title: 'error', message: 'First problem', code: 409 })
    await fail({ kind: 'dialog', title: 'error', message: 'Second problem', code: 409 })
    expect(await screen.findByText('First problem')).toBeInTheDocument()
    expect(screen.queryByText('Second problem')).not.toBeInTheDocument()
    expect(screen.getAllByTestId('dialog-error')).toHaveLength(1)
  })

  it('titles a network failure "cannot find host" / "connection lost"', async () => {
    await renderAt('/en/comic/007')
    await screen.findByTestId('not-found')
    await fail({ kind: 'dialog', title: 'networkFailure', message: 'connection lost', code: 9999 })
    expect(await screen.findByRole('heading', { name: 'cannot find host' })).toBeInTheDocument()
    expect(screen.getByText('connection lost')).toBeInTheDocument()
  })
})
