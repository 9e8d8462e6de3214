/** Page-wide behaviour of SPEC §1 and §4 that belongs to no screen. */
const RELOADED_KEY = 'koma.chunkReloadedAt'

/** Inputs a reader types in, whose context menu (paste, spelling) stays. */
const NOT_TYPED = new Set(['button', 'checkbox', 'color', 'file', 'hidden', 'image', 'radio', 'range', 'reset', 'submit'])

/**
 * SPEC §1 blocks the context menu, but not where a reader types (issue 35): text inputs,
 * textareas and editable content keep theirs so a reader can paste.
 */
export function contextMenuBlocked(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return true
  if (target instanceof HTMLTextAreaElement) return false
  if (target instanceof HTMLInputElement) return NOT_TYPED.has(target.type)
  return !target.closest('[contenteditable]:not([contenteditable="false"])')
}

export function installPageGuards(): void {
  // SPEC §1: the context menu (right-click) is disabled, except where a reader types.
  document.addEventListener('contextmenu', (event) => {
    if (contextMenuBlocked(event.target)) event.preventDefault()
  })

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
