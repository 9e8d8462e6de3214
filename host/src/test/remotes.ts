import { INLINE_REGISTRY_ID, REMOTES } from '@koma/contracts'
import { remoteLoader } from '../federation/loader'

/**
 * The host's loader with every remote in its registry, read from the page as the edge writes it
 * (no request), for tests that mock the federation runtime with a `loadRemote` that never answers:
 * a route owned by a remote stays in its loading state instead of failing with "… is not in the
 * registry" (a console error from its boundary).
 */
export async function registerEveryRemote(): Promise<void> {
  const remotes = Object.fromEntries(REMOTES.map((name) => [name, { version: 'v1', entry: `/remotes/${name}/v1/mf-manifest.json` }]))
  const inline = document.createElement('script')
  inline.type = 'application/json'
  inline.id = INLINE_REGISTRY_ID
  inline.textContent = JSON.stringify({ remotes })
  document.head.append(inline)
  await remoteLoader.start()
}
