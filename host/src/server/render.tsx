import createCache from '@emotion/cache'
import { Global } from '@emotion/react'
import {
  auth,
  endpoints,
  installHostBridge,
  invalidateAll,
  SERVER_RENDER_MISS,
  ServerRenderMiss,
  setServerPage,
  type DrawnPage,
  type DrawPageInput,
  type Profile,
} from '@koma/contracts'
import { enableStaticRendering } from 'mobx-react-lite'
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import { AppWith, EMOTION_KEY } from '../app/App'
import { forgetRouteModules } from '../app/RemoteScreen'
import { remoteLoader } from '../federation/loader'
import { globalStyles } from '../globalStyles'

export { SHARED } from './shared'

// Observers track nothing on the server: a page is drawn once and thrown away.
enableStaticRendering(true)
// Remotes reach other remotes' modules (a slot) through the host: on the server only what the edge
// gave is there; dialogs and notices are the browser's.
installHostBridge({
  openDialog: (kind) => Promise.reject(new ServerRenderMiss(`the ${kind} dialog`)),
  notify: () => undefined,
  loadExposed: (remote, module) => remoteLoader.load(remote, module),
})

/** Pages are drawn one at a time: the server page, the loader and the caches are this process's. */
let queue: Promise<unknown> = Promise.resolve()

/**
 * The first paint of a page, drawn by the edge with the live versions' code (issue 13): the
 * browser shows it at once and hydrates it when its scripts arrive. Resolves null when the page
 * could not be drawn in time.
 */
export function renderPage(input: DrawPageInput): Promise<DrawnPage | null> {
  const drawn = queue.then(() => draw(input))
  queue = drawn.catch(() => undefined)
  return drawn
}

async function draw(input: DrawPageInput): Promise<DrawnPage | null> {
  const errors: string[] = []
  setServerPage({ cookie: input.cookie, gpc: input.gpc, languages: input.languages, boot: input.boot })
  // Who reads the page (issue 34): the request's login-check cookie and the profile the API gave
  // their session, which the edge wrote into the page; a visitor's page has none. Set for this
  // drawing only, and forgotten before the next (drawings go one at a time).
  auth.drawnFor((input.boot.results?.[endpoints.profile.path] as Profile | undefined) ?? null)
  invalidateAll()
  forgetRouteModules()
  remoteLoader.serve(input.registry, input.remotes)
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(new Error('the page took too long to draw')), input.timeoutMs ?? 2_000)
  try {
    const { prelude } = await prerender(
      <StrictMode>
        <Global styles={globalStyles} />
        <AppWith cache={createCache({ key: EMOTION_KEY })} router={({ children }) => <StaticRouter location={input.url}>{children}</StaticRouter>} />
      </StrictMode>,
      {
        signal: abort.signal,
        // Never outline a large boundary: completing it later takes an inline script, which the page's CSP refuses.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onError(error) {
          // What the edge does not hold (a slot's module, an API call) is the browser's to draw:
          // its digest tells the browser so (bootstrap.tsx), and it is no error here either.
          if (error instanceof Error && error.name === 'ServerRenderMiss') return SERVER_RENDER_MISS
          errors.push(error instanceof Error ? (error.stack ?? error.message) : String(error))
          return undefined
        },
      },
    )
    if (abort.signal.aborted) return null
    return { html: await new Response(prelude).text(), errors }
  } catch (error) {
    if (abort.signal.aborted) return null
    throw error
  } finally {
    clearTimeout(timer)
    setServerPage(null)
    auth.drawnFor(null)
    invalidateAll()
  }
}
