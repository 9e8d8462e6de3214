import { CacheProvider } from '@emotion/react'
import createCache, { type EmotionCache } from '@emotion/cache'
import { useMemo, type ReactNode } from 'react'
import { BrowserRouter, useLocation, useRoutes } from 'react-router-dom'
import { routesFor } from './routes'

/** The emotion cache key: the edge's page carries its styles under it (issue 13). */
export const EMOTION_KEY = 'k'

/**
 * The browser's one emotion cache. Made when this module loads, before the first render: styles
 * the edge drew into the page (`<style data-emotion="k …">`) move into the head then, and the
 * first render hydrates the markup without them.
 */
const browserCache = createCache({ key: EMOTION_KEY })

/**
 * React Router in its declarative mode: Koma uses no loaders, actions or fetchers, so the data
 * router (createBrowserRouter, RouterProvider) would only add bytes to every first page.
 */
function AppRoutes() {
  const { pathname } = useLocation()
  const routes = useMemo(() => routesFor(pathname), [pathname])
  return useRoutes(routes)
}

/** The site with the router the caller gives: the browser's history, or the edge's one URL. */
export function AppWith({ cache, router: Router }: { cache: EmotionCache; router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <CacheProvider value={cache}>
      <Router>
        <AppRoutes />
      </Router>
    </CacheProvider>
  )
}

export function App() {
  return <AppWith cache={browserCache} router={BrowserRouter} />
}
