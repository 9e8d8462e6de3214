import { api, endpoints } from '@koma/contracts'

export interface QueryHookDeps {
  search: string
  pathname: string
  setFakeTime(time: string): Promise<unknown>
  clearFakeTime(): Promise<unknown>
  /** Leave for another page (full load). */
  replace(url: string): void
  /** Drop the handled parameter from the address bar. */
  rewrite(url: string): void
}

const PREFIX = /^\/(en|fr)(?=\/|$)/

/**
 * SPEC §2/§7 query hooks run on load: `faketime` moves the API clock (debug, refused in
 * production by the API): a non-zero value posts it and goes home, 0 clears it.
 */
export async function runQueryHooks(deps: QueryHookDeps): Promise<void> {
  const params = new URLSearchParams(deps.search)
  const faketime = params.get('faketime')
  if (faketime === null) return
  const home = `${PREFIX.exec(deps.pathname)?.[0] ?? ''}/`
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
    setFakeTime: (time) => api.request(endpoints.debugFaketimeSet, { query: { time }, policy: { silent: true } }),
    clearFakeTime: () => api.request(endpoints.debugFaketimeClear, { policy: { silent: true } }),
    replace: (url) => location.replace(url),
    rewrite: (url) => history.replaceState(history.state, '', url),
  })
}
