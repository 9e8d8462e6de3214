import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { auth, openDialog } from '@koma/contracts'
import { runInAction } from 'mobx'
import { renderAt } from '../test/renderApp'
import { registerEveryRemote } from '../test/remotes'
import { dialogStore } from './dialogStore'
import { remoteLoader } from '../federation/loader'
import { installHostBridge, notify, TIMINGS } from '@koma/contracts'
import { notificationStore } from './notificationStore'
import { pageActions } from './hostDialogs'

// A remote that never answers: a page of a remote the dialogs lead to (sign-in, home) stays loading;
// the click that goes there is awaited in act, as the page suspends.
jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn(() => new Promise(() => undefined)) }))

beforeAll(async () => {
  await registerEveryRemote()
  installHostBridge({ openDialog: dialogStore.open, notify: notificationStore.show, loadExposed: (remote, module) => remoteLoader.load(remote, module) })
})
afterEach(() => {
  act(() => {
    dialogStore.clear()
    notificationStore.reset()
  })
})

/** The reader signs in or out as the page learns it, by the login cookie; the header redraws inside act. */
async function setSignedIn(signedIn: boolean) {
  document.cookie = signedIn ? 'koma_lc=1; path=/' : 'koma_lc=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  await act(async () => auth.syncFromCookie())
}

/** Render a page, open a dialog on it; the result promise comes back wrapped (await would flatten it). */
async function openOn<T>(fn: () => Promise<T>): Promise<{ result: Promise<T> }> {
  await renderAt('/en/comic/007')
  await screen.findByTestId('not-found')
  let result!: Promise<T>
  await act(async () => {
    result = fn()
  })
  return { result }
}

describe('dialogs through openDialog()', () => {
  it('confirm: OK resolves true, an outside click resolves false (cancel)', async () => {
    const { result: ok } = await openOn(() => openDialog('confirm', { message: 'Sure?' }))
    fireEvent.click(screen.getByRole('button', { name: 'OK' }))
    await expect(ok).resolves.toBe(true)

    let cancelled!: Promise<boolean>
    await act(async () => {
      cancelled = openDialog('confirm', { message: 'Again?' })
    })
    fireEvent.mouseDown(screen.getByTestId('dialog-confirm'))
    await expect(cancelled).resolves.toBe(false)
  })

  it('alert ignores outside clicks', async () => {
    const { result: pending } = await openOn(() => openDialog('alert', { message: 'Read me' }))
    fireEvent.mouseDown(screen.getByTestId('dialog-alert'))
    expect(screen.getByText('Read me')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'OK' }))
    await expect(pending).resolves.toBeUndefined()
  })

  it('locks body scroll while a dialog is open and stacks at 900 + 2 per level', async () => {
    await openOn(() => openDialog('alert', { message: 'one' }))
    await act(async () => {
      void openDialog('alert', { message: 'two' })
    })
    expect(document.body.style.overflow).toBe('hidden')
    const layers = screen.getAllByTestId('dialog-alert').map((element) => getComputedStyle(element).zIndex)
    expect(layers).toEqual(['900', '902'])
    act(() => dialogStore.clear())
    expect(document.body.style.overflow).toBe('')
  })

  it('adult check: yes sets the accept-mature cookie for a day', async () => {
    const { result: pending } = await openOn(() => openDialog('adultCheck', { target: '/comic/1' }))
    fireEvent.click(screen.getByRole('button', { name: 'Yes, I am 18 or older' }))
    await expect(pending).resolves.toBe(true)
    expect(document.cookie).toContain('koma_accept_mature=Y')
  })
})

describe('keyboard (issue 14)', () => {
  it('confirm: focus moves in, Tab stays inside, Escape cancels like an outside click, focus goes back to the opener', async () => {
    const user = userEvent.setup()
    await renderAt('/en/comic/007')
    await screen.findByTestId('not-found')
    const opener = screen.getByTestId('header-search')
    opener.focus()
    let answer!: Promise<boolean>
    await act(async () => {
      answer = openDialog('confirm', { message: 'Sure?' })
    })
    const dialog = screen.getByRole('dialog')
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.keyboard('{Escape}')
    await expect(answer).resolves.toBe(false)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(opener).toHaveFocus()
  })

  it('alert: Escape does nothing (outside clicks are ignored too); Enter on OK answers it', async () => {
    const user = userEvent.setup()
    const { result } = await openOn(() => openDialog('alert', { message: 'Read me' }))
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.getByText('Read me')).toBeInTheDocument()
    await user.keyboard('{Enter}')
    await expect(result).resolves.toBeUndefined()
  })

  it('login confirm and adult check: Escape is their cancel', async () => {
    const user = userEvent.setup()
    const { result } = await openOn(() => openDialog('loginConfirm', { redirect: '/en/comic/007' }))
    expect(screen.getByTestId('dialog-login-confirm')).toContainElement(document.activeElement as HTMLElement)
    await user.keyboard('{Escape}')
    await expect(result).resolves.toBe(false)
    let adult!: Promise<unknown>
    await act(async () => {
      adult = openDialog('adultCheck', { target: '/en/comic/007' })
    })
    expect(screen.getByTestId('dialog-adult-check')).toContainElement(document.activeElement as HTMLElement)
    await user.keyboard('{Escape}')
    await expect(adult).resolves.toBe(false)
  })

  it('the header account menu opens from the keyboard onto its first item, arrows move, Escape closes back on the button', async () => {
    const user = userEvent.setup()
    await setSignedIn(true)
    try {
      await renderAt('/en/comic/007')
      await screen.findByTestId('not-found')
      const button = screen.getByTestId('header-account')
      button.focus()
      await user.keyboard('{Enter}')
      expect(button).toHaveAttribute('aria-expanded', 'true')
      const items = screen.getAllByRole('menuitem')
      expect(items[0]).toHaveFocus()
      await user.keyboard('{ArrowDown}')
      expect(items[1]).toHaveFocus()
      await user.keyboard('{End}')
      expect(screen.getByTestId('header-sign-out')).toHaveFocus()
      await user.keyboard('{Escape}')
      expect(screen.queryByRole('menu')).toBeNull()
      expect(button).toHaveFocus()
    } finally {
      await setSignedIn(false)
    }
  })
})

describe('discovery dialogs (SPEC §2 share, §4 adult check and accept mature)', () => {
  it('adult check with navigate: no with no previous route goes home (SPEC §4), and sets no cookie', async () => {
    document.cookie = 'koma_accept_mature=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
    const { router } = await renderAt('/en/comic/007')
    await screen.findByTestId('not-found')
    let result!: Promise<boolean>
    await act(async () => {
      result = openDialog('adultCheck', { target: '/en/comic/007', navigate: true })
    })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'No' }))
    })
    await expect(result).resolves.toBe(false)
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'))
    expect(document.cookie).not.toContain('koma_accept_mature=Y')
  })

  it('accept mature for an anonymous reader turns it on for this session only', async () => {
    const { browserEnvironment } = await import('@koma/contracts')
    document.cookie = 'koma_accept_mature=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
    expect(browserEnvironment.acceptMature()).toBe(false)
    const { result } = await openOn(() => openDialog('acceptMature', { target: '/en/menu/all_comic/adult' }))
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }))
    await expect(result).resolves.toBe(true)
    expect(browserEnvironment.acceptMature()).toBe(true)
    expect(document.cookie).not.toContain('koma_accept_mature=Y')
  })

  it('a mature title’s 451 (issue 33): the verification step says why; a visitor is sent to sign in, a member to verify', async () => {
    const reason = 'This title is for adults. Sign in and verify your age to read it.'
    const { router } = await renderAt('/en/comic/007')
    await screen.findByTestId('not-found')
    let result!: Promise<boolean>
    await act(async () => {
      result = openDialog('acceptMature', { target: '/en/comic/27', navigate: true, verification: reason })
    })
    expect(screen.getByRole('heading', { name: 'Adults only' })).toBeInTheDocument()
    expect(screen.getByTestId('accept-mature-verify')).toHaveTextContent(reason)
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    })
    await expect(result).resolves.toBe(false)
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/en/login?redirect=%2Fen%2Fcomic%2F27'))

    await act(async () => dialogStore.clear())
    await setSignedIn(true)
    try {
      await act(async () => {
        result = openDialog('acceptMature', { target: '/en/comic/27', navigate: true, verification: reason })
      })
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Verify my age' }))
      })
      await expect(result).resolves.toBe(false)
      await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/en/account/setting?next=%2Fen%2Fcomic%2F27'))
    } finally {
      await setSignedIn(false)
    }
  })

  it('share: copies the absolute link, lists the targets with it encoded, and closes 300 ms after hide at 40 % overlay', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined)
    // defineProperty: user-event (the keyboard tests) leaves a getter-only clipboard on navigator.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const { result } = await openOn(() => openDialog('share', { link: '/comic/5', text: 'Read it', tags: ['Koma'] }))
    const link = `${window.location.origin}/comic/5`
    expect((screen.getByTestId('share-link') as HTMLInputElement).value).toBe(link)
    expect(getComputedStyle(screen.getByTestId('dialog-share')).background).toContain('0.4')
    fireEvent.click(screen.getByTestId('share-copy'))
    await screen.findByText('Copied!')
    expect(writeText).toHaveBeenCalledWith(link)
    expect(screen.getByTestId('dialog-share').querySelector('[data-share="telegram"]')?.getAttribute('href')).toContain(encodeURIComponent(link))
    jest.useFakeTimers()
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.getByTestId('dialog-share')).toBeInTheDocument()
    act(() => jest.advanceTimersByTime(300))
    jest.useRealTimers()
    await expect(result).resolves.toBeUndefined()
  })

  it.each([
    ['ja', 'Mozilla/5.0 (iPhone) KomaApp/3.2.0', true],
    ['ja', 'Mozilla/5.0 (iPhone)', false],
    ['en', 'Mozilla/5.0 (iPhone) KomaApp/3.2.0', false],
  ])('share in %s with user agent "%s": Facebook and X by the app-scheme link: %s', async (locale, agent, external) => {
    jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(agent)
    document.cookie = 'koma_locale=ja; path=/'
    await renderAt(locale === 'ja' ? '/comic/007' : `/${locale}/comic/007`)
    await screen.findByTestId('not-found')
    await act(async () => {
      void openDialog('share', { link: '/comic/5', text: 'Read it', tags: [] })
    })
    const href = (target: string) => screen.getByTestId('dialog-share').querySelector(`[data-share="${target}"]`)?.getAttribute('href') ?? ''
    for (const target of ['facebook', 'x']) expect(href(target).startsWith('koma://external-browser?url=')).toBe(external)
    expect(href('line')).toMatch(/^https:\/\/social-plugins\.line\.me/)
    document.cookie = 'koma_locale=; path=/; max-age=0'
    jest.restoreAllMocks()
  })

  describe('login confirm and guests (SPEC §4, §6)', () => {
    afterEach(() => {
      jest.restoreAllMocks()
      act(() => {
        runInAction(() => {
          auth.guest = false
        })
      })
    })

    it('offers to continue as a guest only where a guest may go on, and resolves "guest" once it is one', async () => {
      const become = jest.spyOn(auth, 'becomeGuest').mockResolvedValue(true)
      const { result: plain } = await openOn(() => openDialog('loginConfirm', { redirect: '/comic/5' }))
      expect(screen.queryByTestId('login-confirm-guest')).not.toBeInTheDocument()
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
      await expect(plain).resolves.toBe(false)

      let asked!: Promise<boolean | 'guest'>
      await act(async () => {
        asked = openDialog('loginConfirm', { redirect: '/comic/5', guestAllowed: true })
      })
      await act(async () => {
        fireEvent.click(screen.getByTestId('login-confirm-guest'))
      })
      await expect(asked).resolves.toBe('guest')
      expect(become).toHaveBeenCalledTimes(1)
    })

    it('tells a guest asked for a members-only action that guests cannot use it, and offers sign-up', async () => {
      runInAction(() => {
        auth.guest = true
      })
      const { router } = await renderAt('/en/comic/007')
      await screen.findByTestId('not-found')
      let result!: Promise<boolean | 'guest'>
      await act(async () => {
        result = openDialog('loginConfirm', { redirect: '/comment/comic/5/1' })
      })
      expect(screen.getByTestId('dialog-guest-refused')).toHaveTextContent('Guest users cannot use this function.')
      await act(async () => {
        fireEvent.click(screen.getByTestId('guest-refused-signup'))
      })
      await expect(result).resolves.toBe(true)
      await waitFor(() => expect(router.state.location.pathname).toBe('/en/signup'))
      expect(router.state.location.search).toBe('?redirect=%2Fcomment%2Fcomic%2F5%2F1')
    })
  })
})

describe('error with callback (SPEC §2, §8)', () => {
  const openWith = async (status: number) => {
    const reload = jest.spyOn(pageActions, 'reload').mockImplementation(() => undefined)
    const { router } = await renderAt('/fr/comic/007')
    await screen.findByTestId('not-found')
    let result!: Promise<void>
    await act(async () => {
      result = openDialog('errorCallback', { message: 'Nope', status })
    })
    expect(screen.getByTestId('dialog-error-callback')).toHaveTextContent('Nope')
    fireEvent.mouseDown(screen.getByTestId('dialog-error-callback'))
    expect(screen.getByTestId('dialog-error-callback')).toBeInTheDocument()
    await act(async () => {
      fireEvent.click(screen.getByTestId('error-callback-ok'))
    })
    await expect(result).resolves.toBeUndefined()
    return { router, reload }
  }
  afterEach(() => jest.restoreAllMocks())

  it('OK on 303 does nothing', async () => {
    const { router, reload } = await openWith(303)
    expect(reload).not.toHaveBeenCalled()
    expect(router.state.location.pathname).toBe('/fr/comic/007')
  })

  it('OK on 404 goes home (keeping the locale prefix)', async () => {
    const { router, reload } = await openWith(404)
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr'))
    expect(reload).not.toHaveBeenCalled()
  })

  it.each([304, 409, 500])('OK on %i (304 and any other status) reloads the page', async (status) => {
    const { reload, router } = await openWith(status)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(router.state.location.pathname).toBe('/fr/comic/007')
  })
})

describe('gauge guide (SPEC §2)', () => {
  it('explains the gauge with its refill time, in the reader’s language; OK or an outside click closes it', async () => {
    await renderAt('/fr/comic/007')
    await screen.findByTestId('not-found')
    let result!: Promise<void>
    await act(async () => {
      result = openDialog('gaugeGuide', { hours: 23 })
    })
    const guide = screen.getByTestId('dialog-gauge-guide')
    expect(guide).toHaveTextContent('Comment fonctionne la jauge de lecture gratuite')
    expect(guide).toHaveTextContent('en 23 heures')
    fireEvent.click(screen.getByTestId('gauge-guide-ok'))
    await expect(result).resolves.toBeUndefined()

    let again!: Promise<void>
    await act(async () => {
      again = openDialog('gaugeGuide', { hours: 1 })
    })
    fireEvent.mouseDown(screen.getByTestId('dialog-gauge-guide'))
    await expect(again).resolves.toBeUndefined()
  })
})

describe('transient notification (SPEC §4)', () => {
  afterEach(() => jest.useRealTimers())

  it('shows 2400 ms by default, then hides and clears its text 500 ms later', async () => {
    await renderAt('/en/comic/007')
    await screen.findByTestId('not-found')
    jest.useFakeTimers()
    act(() => notify('Saved'))
    expect(screen.getByTestId('notification')).toHaveTextContent('Saved')
    expect(screen.getByTestId('notification')).toHaveAttribute('data-visible', 'true')
    act(() => jest.advanceTimersByTime(TIMINGS.notificationMs - 1))
    expect(screen.getByTestId('notification')).toHaveAttribute('data-visible', 'true')
    act(() => jest.advanceTimersByTime(1))
    expect(screen.getByTestId('notification')).toHaveAttribute('data-visible', 'false')
    act(() => jest.advanceTimersByTime(TIMINGS.notificationClearMs - 1))
    expect(screen.getByTestId('notification')).toHaveTextContent('Saved')
    act(() => jest.advanceTimersByTime(1))
    expect(screen.queryByTestId('notification')).not.toBeInTheDocument()
  })

  it('takes the caller’s 2000 ms, shows above an open dialog, and a new one replaces the old', async () => {
    await renderAt('/en/comic/007')
    await screen.findByTestId('not-found')
    await act(async () => {
      void openDialog('alert', { message: 'Hi' })
    })
    jest.useFakeTimers()
    act(() => notify('First', { durationMs: TIMINGS.notificationShortMs }))
    const toast = screen.getByTestId('notification')
    expect(Number(getComputedStyle(toast.parentElement as HTMLElement).zIndex)).toBeGreaterThan(
      Number(getComputedStyle(screen.getByTestId('dialog-alert')).zIndex),
    )
    act(() => jest.advanceTimersByTime(1500))
    act(() => notify('Second', { durationMs: TIMINGS.notificationShortMs }))
    expect(screen.getByTestId('notification')).toHaveTextContent('Second')
    act(() => jest.advanceTimersByTime(1999))
    expect(screen.getByTestId('notification')).toHaveAttribute('data-visible', 'true')
    act(() => jest.advanceTimersByTime(1 + TIMINGS.notificationClearMs))
    expect(screen.queryByTestId('notification')).not.toBeInTheDocument()
  })
})
