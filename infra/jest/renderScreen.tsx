import { CacheProvider } from '@emotion/react'
import createCache from '@emotion/cache'
import { installHostBridge, invalidateAll, LocaleContext, setCurrentLocale, type HostBridge, type Locale, type PrefixLocale } from '@koma/contracts'
import { act, render, type RenderResult } from '@testing-library/react'
import { Suspense, type ComponentType } from 'react'
// Tests drive the router from outside (router.navigate, router.state): the data router, from React Router itself.
import { createMemoryRouter, RouterProvider } from 'react-router'

/**
 * Render one remote screen the way the host would: inside a router at `url` matched by `path`,
 * with the reader's locale, a host bridge whose dialogs the test controls, and Suspense.
 */
export async function renderScreen(
  Screen: ComponentType,
  options: { path: string; url: string; locale?: Locale; prefix?: PrefixLocale | null; openDialog?: jest.Mock; notify?: jest.Mock },
) {
  invalidateAll()
  const locale = options.locale ?? 'en'
  setCurrentLocale(locale)
  const openDialog = options.openDialog ?? jest.fn().mockResolvedValue(false)
  const notify = options.notify ?? jest.fn()
  const bridge: HostBridge = { openDialog: openDialog as HostBridge['openDialog'], notify, loadExposed: () => new Promise(() => undefined) }
  installHostBridge(bridge)
  const router = createMemoryRouter(
    [
      { path: options.path, element: <Screen /> },
      { path: '*', element: <p data-testid="elsewhere" /> },
    ],
    { initialEntries: [options.url] },
  )
  let view!: RenderResult
  // React 19 settles lazy screens and use() only inside an awaited act().
  await act(async () => {
    view = render(
      <CacheProvider value={createCache({ key: 't' })}>
        <LocaleContext.Provider value={{ locale, prefix: options.prefix ?? null }}>
          <Suspense fallback={<p>loading</p>}>
            <RouterProvider router={router} />
          </Suspense>
        </LocaleContext.Provider>
      </CacheProvider>,
    )
  })
  return { router, openDialog, notify, ...view }
}
