import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { openDialog } from '@koma/contracts'
import { renderAt } from '../test/renderApp'
import { dialogStore } from './dialogStore'
import { remoteLoader } from '../federation/loader'
import { installHostBridge } from '@koma/contracts'

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn(() => new Promise(() => undefined)) }))

beforeAll(() => {
  installHostBridge({ openDialog: dialogStore.open, loadExposed: (remote, module) => remoteLoader.load(remote, module) })
})
afterEach(() => {
  act(() => dialogStore.clear())
})

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

describe('discovery dialogs (SPEC §2 share, §4 adult check and accept mature)', () => {
  it('adult check with navigate: no with no previous route goes home (SPEC §4), and sets no cookie', async () => {
    document.cookie = 'koma_accept_mature=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
    const { router } = await renderAt('/en/comic/007')
    await screen.findByTestId('not-found')
    let result!: Promise<boolean>
    await act(async () => {
      result = openDialog('adultCheck', { target: '/en/comic/007', navigate: true })
    })
    fireEvent.click(screen.getByRole('button', { name: 'No' }))
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

  it('share: copies the absolute link, lists the targets with it encoded, and closes 300 ms after hide at 40 % overlay', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined)
    Object.assign(navigator, { clipboard: { writeText } })
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
})
