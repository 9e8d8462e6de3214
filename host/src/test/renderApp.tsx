import { CacheProvider } from '@emotion/react'
import createCache from '@emotion/cache'
import { act, render, type RenderResult } from '@testing-library/react'
// Tests drive the router from outside (router.navigate, router.state): the data router, from React Router itself.
import { createMemoryRouter, RouterProvider } from 'react-router'
import { buildRoutes } from '../app/routes'

/** The host's real router, in memory, at `path`. */
export async function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] })
  let view!: RenderResult
  await act(async () => {
    view = render(
      <CacheProvider value={createCache({ key: 't' })}>
        <RouterProvider router={router} />
      </CacheProvider>,
    )
  })
  return { router, ...view }
}
