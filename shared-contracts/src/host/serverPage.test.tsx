import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { ApiClient, ServerRenderMiss } from '../api/client'
import { endpoint } from '../api/endpoint'
import { readCookie } from '../browser/cookies'
import { useHydrated } from './browserValue'
import { readBootData, takeBootResult } from './pageData'
import { readPageScripts } from './pageScripts'
import { usePageRandom } from './pageRandom'
import { setServerPage } from './serverPage'

const page = {
  cookie: 'koma_locale=fr; koma_tz=Asia%2FTokyo',
  gpc: false,
  languages: ['fr-FR'],
  boot: { results: { '/comic/1': { id: 1 } }, locale: 'en' as const, seed: 42 },
}

afterEach(() => setServerPage(null))

describe('while the edge draws a page (issue 13)', () => {
  it('reads the request’s cookies and the boot data it writes, and takes nothing away from it', () => {
    setServerPage(page)
    expect(readCookie('koma_locale')).toBe('fr')
    expect(readCookie('koma_tz')).toBe('Asia/Tokyo')
    expect(readBootData()).toBe(page.boot)
    expect(takeBootResult('/comic/1', 'en')).toEqual({ found: true, result: { id: 1 } })
    // The page carries the same answer for the browser's first render.
    expect(takeBootResult('/comic/1', 'en')).toEqual({ found: true, result: { id: 1 } })
    setServerPage(null)
    expect(readCookie('koma_locale')).toBeNull()
  })

  it('reads a cookie that is not valid percent-encoding as it is, never throwing', () => {
    setServerPage({ ...page, cookie: 'koma_locale=%E0%A4%A; koma_tz=%ZZ; koma_dns=1' })
    expect(readCookie('koma_locale')).toBe('%E0%A4%A')
    expect(readCookie('koma_tz')).toBe('%ZZ')
    expect(readCookie('koma_dns')).toBe('1')
  })

  it('answers API calls from the boot data only, and sends nothing', async () => {
    const adapter = jest.fn()
    const only = { value: true }
    const client = new ApiClient({
      baseURL: '/api',
      environment: { locale: () => 'en', acceptMature: () => false, clientUid: () => 'x', userAgent: () => '', timezone: () => 'UTC', now: () => 0 },
      boot: { ip: () => null, take: (path) => (path === '/comic/1' ? { found: true, result: { id: 1 } } : { found: false }), only: () => only.value },
      adapter,
    })
    const title = endpoint<{ id: string }, never, never, { id: number }>('GET', '/comic/:id')
    await expect(client.request(title, { params: { id: '1' } })).resolves.toEqual({ id: 1 })
    await expect(client.request(title, { params: { id: '2' } })).rejects.toBeInstanceOf(ServerRenderMiss)
    const post = endpoint<{ id: string }, never, never, { id: number }>('POST', '/comic/:id')
    await expect(client.request(post, { params: { id: '1' } })).rejects.toBeInstanceOf(ServerRenderMiss)
    expect(adapter).not.toHaveBeenCalled()
  })
})

describe('the script list of a drawn page', () => {
  it('keeps same-origin paths only', () => {
    const element = document.createElement('script')
    element.type = 'application/json'
    element.id = 'koma-scripts'
    element.textContent = JSON.stringify(['/host/1/a.js', 'https://elsewhere.example/x.js', '//elsewhere.example/y.js', 3, '/remotes/mf-catalog/2/b.js'])
    document.body.append(element)
    expect(readPageScripts(document)).toEqual(['/host/1/a.js', '/remotes/mf-catalog/2/b.js'])
    element.textContent = 'not json'
    expect(readPageScripts(document)).toEqual([])
    element.remove()
  })
})

describe('hydrating what the edge drew', () => {
  function Probe({ seen }: { seen: string[] }) {
    const hydrated = useHydrated()
    const random = usePageRandom('probe')
    const draw = random()
    const choice = [draw(), draw()].map((n) => n.toFixed(6)).join(',')
    seen.push(`${hydrated ? 'browser' : 'drawn'}:${choice}`)
    return <p>{`${hydrated}|${choice}`}</p>
  }

  it('renders first as the edge did (browser-only state unread, the same seeded choices), then as the browser', async () => {
    setServerPage(page)
    const serverSeen: string[] = []
    const html = renderToString(<Probe seen={serverSeen} />)
    setServerPage(null)
    expect(html).toContain('false|')

    const boot = document.createElement('script')
    boot.type = 'application/json'
    boot.id = 'koma-boot'
    boot.textContent = JSON.stringify(page.boot)
    document.head.append(boot)
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const recoverable = jest.fn()
    const seen: string[] = []
    await act(async () => {
      hydrateRoot(container, <Probe seen={seen} />, { onRecoverableError: recoverable })
    })
    expect(recoverable).not.toHaveBeenCalled()
    // The hydrating render matched the edge's, seed and all; the next one is the browser's own.
    expect(seen[0]).toBe(serverSeen[0])
    expect(seen[seen.length - 1]?.startsWith('browser:')).toBe(true)
    expect(container.textContent?.startsWith('true|')).toBe(true)
  })
})
