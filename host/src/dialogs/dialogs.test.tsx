import { act, fireEvent, screen } from '@testing-library/react'
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
