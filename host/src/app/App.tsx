import { CacheProvider } from '@emotion/react'
import createCache from '@emotion/cache'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { buildRoutes } from './routes'

const router = createBrowserRouter(buildRoutes())
const emotionCache = createCache({ key: 'k' })

export function App() {
  return (
    <CacheProvider value={emotionCache}>
      <RouterProvider router={router} />
    </CacheProvider>
  )
}
