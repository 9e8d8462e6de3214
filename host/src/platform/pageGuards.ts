/** Page-wide behaviour of SPEC §1 and §4 that belongs to no screen. */
const RELOADED_KEY = 'koma.chunkReloadedAt'

export function installPageGuards(): void {
  // SPEC §1: the context menu (right-click) is disabled.
  document.addEventListener('contextmenu', (event) => event.preventDefault())

  // SPEC §4: any existing service worker is unregistered at start.
  void navigator.serviceWorker?.getRegistrations?.().then((registrations) => {
    for (const registration of registrations) void registration.unregister()
  })

  // SPEC §4: a failed chunk load of the shell reloads the route (once a minute at most, never a loop).
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as { name?: string } | undefined
    if (reason?.name !== 'ChunkLoadError') return
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0)
    if (Date.now() - last < 60_000) return
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()))
    location.reload()
  })
}
