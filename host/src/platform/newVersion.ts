import type { LatestBuilds } from '@koma/contracts'

/** Versions of the shell and of remotes, as /builds/latest.json names the live ones (declared in contracts). */
export type Builds = LatestBuilds

/** An old build the reader may keep for now, or one they must leave (a required version is live). */
export type Outdated = 'available' | 'required'

/** How long a required reload waits after telling the reader (time to read the notice). */
export const REQUIRED_RELOAD_MS = 5_000

/** How often an open tab asks whether a new build is live (SPEC §7 builds/latest.json). */
export const NEW_VERSION_CHECK_MS = 5 * 60_000
/** Coming back to the tab asks again, but not more often than this. */
export const NEW_VERSION_FOCUS_GAP_MS = 30_000

/**
 * The page runs an old build: its shell, or a remote whose code it has loaded, is no longer the
 * live version. Remotes the page never loaded do not count (it will load the live one).
 */
export function isOutdated(running: Builds, latest: Builds): boolean {
  return outdated(running, latest) !== null
}

/** Whether the page runs an old build, and whether a newer one it runs is required. */
export function outdated(running: Builds, latest: Builds): Outdated | null {
  const changed: string[] = []
  if (running.host && latest.host && running.host !== latest.host) changed.push('host')
  for (const [name, version] of Object.entries(running.remotes)) {
    const live = latest.remotes[name]
    if (version !== undefined && live !== undefined && live !== version) changed.push(name)
  }
  if (!changed.length) return null
  const required = Array.isArray(latest.required) ? latest.required : []
  return changed.some((name) => required.includes(name)) ? 'required' : 'available'
}

async function fetchLatest(): Promise<Builds | null> {
  try {
    const response = await fetch('/builds/latest.json', { cache: 'no-store', credentials: 'same-origin' })
    if (!response.ok) return null
    const body = (await response.json()) as Builds
    return body && typeof body === 'object' && typeof body.remotes === 'object' ? body : null
  } catch {
    // Offline or the edge restarting: ask again at the next check.
    return null
  }
}

/**
 * Asks every few minutes, and when the reader comes back to the tab, whether this page runs an
 * old build; calls `onOutdated` once when it does (saying whether the new one is required), then
 * stops. Returns the way to stop earlier.
 */
export function watchNewVersions(options: {
  running: () => Builds
  onOutdated: (kind: Outdated) => void
  latest?: () => Promise<Builds | null>
  intervalMs?: number
  now?: () => number
}): () => void {
  const latest = options.latest ?? fetchLatest
  const now = options.now ?? Date.now
  // The first return to the tab asks at once; later ones at most every NEW_VERSION_FOCUS_GAP_MS.
  let lastCheck = Number.NEGATIVE_INFINITY
  let stopped = false
  const check = async () => {
    lastCheck = now()
    const builds = await latest()
    const kind = builds ? outdated(options.running(), builds) : null
    if (stopped || !kind) return
    stop()
    options.onOutdated(kind)
  }
  const onVisible = () => {
    if (document.visibilityState === 'visible' && now() - lastCheck >= NEW_VERSION_FOCUS_GAP_MS) void check()
  }
  const timer = setInterval(() => void check(), options.intervalMs ?? NEW_VERSION_CHECK_MS)
  document.addEventListener('visibilitychange', onVisible)
  window.addEventListener('focus', onVisible)
  function stop() {
    stopped = true
    clearInterval(timer)
    document.removeEventListener('visibilitychange', onVisible)
    window.removeEventListener('focus', onVisible)
  }
  return stop
}
