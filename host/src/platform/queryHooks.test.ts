import { runQueryHooks, type QueryHookDeps } from './queryHooks'

function deps(search: string, pathname = '/en/comic/3', fail = false): QueryHookDeps & { calls: string[] } {
  const calls: string[] = []
  return {
    calls,
    search,
    pathname,
    setFakeTime: async (time) => {
      calls.push(`set ${time}`)
      if (fail) throw new Error('403')
    },
    clearFakeTime: async () => {
      calls.push('clear')
    },
    replace: (url) => calls.push(`replace ${url}`),
    rewrite: (url) => calls.push(`rewrite ${url}`),
  }
}

describe('SPEC §7 faketime query hook', () => {
  it('posts a non-zero time, then goes home in the same language', async () => {
    const d = deps('?faketime=2026-12-01T00:00:00Z')
    await runQueryHooks(d)
    expect(d.calls).toEqual(['set 2026-12-01T00:00:00Z', 'replace /en/'])
    const ja = deps('?faketime=1764547200000', '/comic/3')
    await runQueryHooks(ja)
    expect(ja.calls).toEqual(['set 1764547200000', 'replace /'])
  })

  it('clears with 0 and keeps the page, without the parameter', async () => {
    const d = deps('?faketime=0&x=1', '/fr/library/recent')
    await runQueryHooks(d)
    expect(d.calls).toEqual(['clear', 'rewrite /fr/library/recent?x=1'])
  })

  it('does nothing without the parameter, and stays put when the API refuses', async () => {
    const none = deps('?mmc=1')
    await runQueryHooks(none)
    expect(none.calls).toEqual([])
    const refused = deps('?faketime=123', '/en', true)
    await runQueryHooks(refused)
    expect(refused.calls).toEqual(['set 123'])
  })
})
