import { CacheProvider } from '@emotion/react'
import createCache from '@emotion/cache'
import { BrowserRouter, useRoutes } from 'react-router-dom'
import { buildRoutes } from './routes'

const routes = buildRoutes()
const emotionCache = createCache({ key: 'k' })

/**
 * React Router in its declarative mode: Koma uses no loaders, actions or fetchers, so the data
 * router (createBrowserRouter, RouterProvider) would only add bytes to every first page.
 */
function AppRoutes() {
  return useRoutes(routes)
}

export function App() {
  return (
    <CacheProvider value={emotionCache}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </CacheProvider>
  )
}
