import { act, screen } from '@testing-library/react'
import { appState } from '../app/appState'
import { renderAt } from '../test/renderApp'
import { registerEveryRemote } from '../test/remotes'

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn(() => new Promise(() => undefined)) }))

// A phone: the header floats in white over the top art of home and of a title (SPEC §2).
beforeAll(async () => {
  // Every remote is registered; the mocked runtime never finishes loading one (the screens stay loading).
  await registerEveryRemote()
  window.matchMedia = ((query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia
})

afterEach(async () => {
  await act(async () => appState.clearMaintenance())
})

const icons = () => screen.getByTestId('site-header').getAttribute('data-white-icons')

describe('the header over art, on a phone (issue 35)', () => {
  it('is white at the top of home and of a title page', async () => {
    const home = await renderAt('/en')
    expect(icons()).toBe('true')
    home.unmount()
    await renderAt('/en/comic/1')
    expect(icons()).toBe('true')
  })

  it('keeps its ink over the maintenance screen: an error screen shows no artwork', async () => {
    await renderAt('/en')
    await act(async () => appState.enterMaintenance({ title: 'Down for maintenance', description: '', endAt: null }))
    expect(await screen.findByTestId('maintenance')).toBeInTheDocument()
    expect(icons()).toBe('false')
    // Back to the page: white over its art again.
    await act(async () => appState.clearMaintenance())
    expect(icons()).toBe('true')
  })
})
