import { runQueryHooks, type QueryHookDeps } from './queryHooks'

function deps(search: string, pathname = '/en/comic/3', fail = false, hostname = '127.0.0.1'): QueryHookDeps & { calls: string[] } {
  const calls: string[] = []
  return {
    calls,
    search,
    pathname,
    hostname,
    setFakeTime: async (time) => {
      calls.push(`set ${time}`)
      if (fail) throw new Error('403')
    },
    clearFakeTime: async () => {
      calls.push('clear')
    },
    reportEmail: async (mmid, mmc) => {
      calls.push(`report ${mmid} ${mmc}`)
      if (fail) throw new Error('400')
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

  it('runs only on pages served from this machine', async () => {
    for (const hostname of ['koma.example', '10.0.0.5', 'localhost.evil.example']) {
      const remote = deps('?faketime=123', '/en', false, hostname)
      await runQueryHooks(remote)
      expect(remote.calls).toEqual([])
    }
    for (const hostname of ['localhost', '127.0.0.1', '[::1]']) {
      const local = deps('?faketime=123', '/en', false, hostname)
      await runQueryHooks(local)
      expect(local.calls).toEqual(['set 123', 'replace /en/'])
    }
  })
})

describe('SPEC §7 e-mail link report', () => {
  it('reports mmid and mmc once and drops them from the address bar, keeping the rest', async () => {
    const d = deps('?mmid=msg-1&x=2&mmc=spring', '/en/comic/3')
    await runQueryHooks(d)
    expect(d.calls).toEqual(['report msg-1 spring', 'rewrite /en/comic/3?x=2'])
  })

  it('needs both parameters, and stays quiet when the API refuses', async () => {
    const one = deps('?mmid=msg-1')
    await runQueryHooks(one)
    expect(one.calls).toEqual([])
    const refused = deps('?mmid=%3Cb%3E&mmc=1', '/fr', true)
    await runQueryHooks(refused)
    expect(refused.calls).toEqual(['report <b> 1', 'rewrite /fr'])
  })

  it('runs before a faketime in the same address', async () => {
    const d = deps('?mmid=a&mmc=b&faketime=0', '/en/library/recent')
    await runQueryHooks(d)
    expect(d.calls).toEqual(['report a b', 'rewrite /en/library/recent?faketime=0', 'clear', 'rewrite /en/library/recent'])
  })
})
