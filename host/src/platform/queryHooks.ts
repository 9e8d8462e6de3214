import { api, endpoints, splitLocalePrefix } from '@koma/contracts'

export interface QueryHookDeps {
  search: string
  pathname: string
  /** The page's host name: the debug clock hook runs only on this machine's own pages. */
  hostname: string
  setFakeTime(time: string): Promise<unknown>
  clearFakeTime(): Promise<unknown>
  reportEmail(mmid: string, mmc: string): Promise<unknown>
  /** Leave for another page (full load). */
  replace(url: string): void
  /** Drop the handled parameter from the address bar. */
  rewrite(url: string): void
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * SPEC §2/§7 query hooks run on load: `mmid` with `mmc` (an e-mail link) is reported once, then
 * dropped from the address bar so a reload or a shared link does not report it again; `faketime`
 * moves the API clock (debug): a non-zero value posts it and goes home, 0 clears it. It runs
 * only on pages served from this machine (the API's hook answers only loopback callers and does
 * not exist in production), so a link cannot make a visitor's browser move a shared site's clock.
 */
export async function runQueryHooks(deps: QueryHookDeps): Promise<void> {
  await reportEmailLink(deps)
  await runFakeTime(deps)
}

async function reportEmailLink(deps: QueryHookDeps): Promise<void> {
  const params = new URLSearchParams(deps.search)
  const mmid = params.get('mmid')
  const mmc = params.get('mmc')
  if (!mmid || !mmc) return
  try {
    await deps.reportEmail(mmid, mmc)
  } catch {
    // A refused or failed report shows nothing (SPEC: no body shown).
  }
  params.delete('mmid')
  params.delete('mmc')
  const rest = params.toString()
  deps.rewrite(deps.pathname + (rest ? `?${rest}` : ''))
  deps.search = rest ? `?${rest}` : ''
}

async function runFakeTime(deps: QueryHookDeps): Promise<void> {
  const params = new URLSearchParams(deps.search)
  const faketime = params.get('faketime')
  if (faketime === null || !LOOPBACK.has(deps.hostname)) return
  const prefix = splitLocalePrefix(deps.pathname).prefix
  const home = prefix ? `/${prefix}/` : '/'
  try {
    if (faketime === '0' || faketime === '') {
      await deps.clearFakeTime()
      params.delete('faketime')
      const rest = params.toString()
      deps.rewrite(deps.pathname + (rest ? `?${rest}` : ''))
      return
    }
    await deps.setFakeTime(faketime)
    deps.replace(home)
  } catch {
    // Refused (production) or unreachable: the page carries on as it is.
  }
}

export function installQueryHooks(): void {
  void runQueryHooks({
    search: location.search,
    pathname: location.pathname,
    hostname: location.hostname,
    setFakeTime: (time) => api.request(endpoints.debugFaketimeSet, { query: { time }, policy: { silent: true } }),
    clearFakeTime: () => api.request(endpoints.debugFaketimeClear, { policy: { silent: true } }),
    reportEmail: (mmid, mmc) => api.request(endpoints.pushEmailReport, { params: { mmid, mmc }, policy: { silent: true } }),
    replace: (url) => location.replace(url),
    rewrite: (url) => history.replaceState(history.state, '', url),
  })
}
