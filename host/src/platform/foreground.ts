import { api, auth, endpoints, events, type ForegroundState } from '@koma/contracts'

/** A page hidden at least this long reports coming back (a quick tab switch is not a return). */
export const FOREGROUND_AFTER_HIDDEN_MS = 60_000

export interface ForegroundDeps {
  /** The page's visibility now. */
  visible(): boolean
  /** Listen to visibility changes; returns the unsubscribe. */
  onVisibilityChange(listener: () => void): () => void
  now(): number
  /** A member or a guest reads on this browser. */
  reader(): boolean
  /** The coins the page last knew (the profile's), or null. */
  knownCoins(): number | null
  report(): Promise<ForegroundState>
  emit<K extends 'app:foregrounded' | 'inventory:changed'>(name: K, payload: K extends 'app:foregrounded' ? ForegroundState : { contentId: null }): void
}

/**
 * SPEC §7 POST /app/foregrounded: when a reader's page comes back to the front after a minute or
 * more hidden, it says so; the answer refreshes the header's inbox badge (`app:foregrounded`),
 * and coins that changed meanwhile (a gift, another device) make their owners reload them
 * (`inventory:changed`). Silent: a failure changes nothing, and a 401 (the session ended while
 * away) signs the page out without leaving it. Returns the uninstall.
 */
export function watchForeground(deps: ForegroundDeps): () => void {
  let hiddenAt: number | null = deps.visible() ? null : deps.now()
  let asking = false
  /** The coins of the last answer (the profile's until there is one). */
  let lastCoins: number | null = null
  return deps.onVisibilityChange(() => {
    if (!deps.visible()) {
      hiddenAt ??= deps.now()
      return
    }
    const away = hiddenAt === null ? 0 : deps.now() - hiddenAt
    hiddenAt = null
    if (away < FOREGROUND_AFTER_HIDDEN_MS || asking || !deps.reader()) return
    asking = true
    deps
      .report()
      .then((state) => {
        deps.emit('app:foregrounded', state)
        const known = lastCoins ?? deps.knownCoins()
        lastCoins = state.coin.total
        if (known !== null && known !== state.coin.total) deps.emit('inventory:changed', { contentId: null })
      })
      .catch(() => undefined)
      .finally(() => {
        asking = false
      })
  })
}

/** The browser's own page, API and auth store. */
export function installForeground(): () => void {
  return watchForeground({
    visible: () => document.visibilityState === 'visible',
    onVisibilityChange: (listener) => {
      document.addEventListener('visibilitychange', listener)
      return () => document.removeEventListener('visibilitychange', listener)
    },
    now: () => Date.now(),
    reader: () => auth.reader,
    knownCoins: () => auth.profile?.inventory?.coin.total ?? null,
    report: () => api.request(endpoints.appForegrounded, { policy: { silent: true, suppress: ['authenticationError'] } }),
    emit: (name, payload) => events.emit(name, payload as never),
  })
}
