import { remoteOfFolder, VERSION_ID_SOURCE, type RemoteName } from '@koma/contracts'

/** A remote version's failure as the page saw it (SPEC-free, no personal data: names and versions only). */
export interface Failure {
  remote: RemoteName
  version: string
  kind: 'load' | 'boundary' | 'error'
}

const FLUSH_MS = 2_000
const MAX_PER_BEACON = 20
/** A page that keeps failing says so a few times, not on every render. */
const MAX_PER_PAGE = 40

const queue: Failure[] = []
let sentThisPage = 0
let timer: ReturnType<typeof setTimeout> | null = null

function flush(): void {
  if (timer) clearTimeout(timer)
  timer = null
  while (queue.length) {
    const batch = queue.splice(0, MAX_PER_BEACON)
    const counted = new Map<string, Failure & { count: number }>()
    for (const failure of batch) {
      const key = `${failure.remote}@${failure.version}:${failure.kind}`
      const known = counted.get(key)
      if (known) known.count++
      else counted.set(key, { ...failure, count: 1 })
    }
    const body = new Blob([JSON.stringify({ failures: [...counted.values()] })], { type: 'application/json' })
    try {
      navigator.sendBeacon?.('/beacons', body)
    } catch {
      /* the report is best effort: a page that cannot send it loses nothing else */
    }
  }
}

/** Tell the edge, batched, that a remote version failed on this page (the canary's health). */
export function reportFailure(failure: Failure): void {
  if (sentThisPage >= MAX_PER_PAGE) return
  sentThisPage++
  queue.push(failure)
  timer ??= setTimeout(flush, FLUSH_MS)
}

const SCRIPT_PATH = new RegExp(`/remotes/(mf-[a-z]+)/(${VERSION_ID_SOURCE})/`)

/** `/remotes/mf-catalog/<version>/…` in a script URL or a stack: which remote version's code it is. */
export function remoteOfScript(text: string | undefined): { remote: RemoteName; version: string } | null {
  const match = SCRIPT_PATH.exec(text ?? '')
  const remote = match ? remoteOfFolder(match[1]!) : null
  return match && remote ? { remote, version: match[2]! } : null
}

/** Unhandled errors thrown by a remote's code, and the page going away (send what is queued). */
export function installFailureBeacons(): void {
  window.addEventListener('error', (event) => {
    const from = remoteOfScript(event.filename) ?? remoteOfScript((event.error as Error | undefined)?.stack)
    if (from) reportFailure({ ...from, kind: 'error' })
  })
  window.addEventListener('unhandledrejection', (event) => {
    const from = remoteOfScript((event.reason as Error | undefined)?.stack)
    if (from) reportFailure({ ...from, kind: 'error' })
  })
  window.addEventListener('pagehide', flush)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush()
  })
}
