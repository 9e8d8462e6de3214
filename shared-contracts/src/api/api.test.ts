import { ApiClient, fillPath, formEncode, type ClientEnvironment } from './client'
import { endpoints } from './endpoints'
import { ApiError, classifyFailure, loadFailureMessage } from './errors'
import type { ApiErrorName } from './failures'
import { clientOsFromUserAgent, HEADERS, requestChecksum } from './headers'
import { events } from '../events/bus'
import { bootKey } from '../host/pageData'
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios'
import { forgetPageCookies } from '../browser/cookies'

// The page's copy of its cookies (issue 39): whether a response makes the page forget it.
jest.mock('../browser/cookies', () => ({ ...jest.requireActual<object>('../browser/cookies'), forgetPageCookies: jest.fn() }))

const env: ClientEnvironment = {
  locale: () => 'fr',
  acceptMature: () => true,
  clientUid: () => 'uid-1',
  userAgent: () => 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
  timezone: () => 'Europe/Paris',
  now: () => 1_700_000_000_000,
}

type Reply = { status: number; data: unknown }
function adapter(handler: (config: InternalAxiosRequestConfig) => Reply | 'network' | 'timeout'): AxiosAdapter & { calls: InternalAxiosRequestConfig[] } {
  const calls: InternalAxiosRequestConfig[] = []
  const fn = (async (config: InternalAxiosRequestConfig) => {
    calls.push(config)
    const reply = handler(config)
    if (reply === 'network') throw Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK', config })
    if (reply === 'timeout') throw Object.assign(new Error('timeout of 20000ms exceeded'), { isAxiosError: true, code: 'ECONNABORTED', config })
    return { ...reply, statusText: '', headers: {}, config }
  }) as AxiosAdapter & { calls: InternalAxiosRequestConfig[] }
  fn.calls = calls
  return fn
}

const ipReply = (config: InternalAxiosRequestConfig): Reply | null =>
  config.url === '/api/ip' ? { status: 200, data: { result: { ip: '203.0.113.9', now: 1_700_000_060_000 } } } : null

describe('request checksum', () => {
  it('is the SHA-256 of request time and client IP', async () => {
    const a = await requestChecksum('1700000000000', '203.0.113.9')
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(await requestChecksum('1700000000000', '203.0.113.9')).toBe(a)
    expect(await requestChecksum('1700000000001', '203.0.113.9')).not.toBe(a)
    expect(await requestChecksum('1700000000000', '203.0.113.8')).not.toBe(a)
  })
  it('names the client OS', () => {
    expect(clientOsFromUserAgent(env.userAgent())).toBe('iOS')
    expect(clientOsFromUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('Windows')
  })
})

describe('ApiClient, as the page is left (issue 35)', () => {
  it('sends a form call with fetch keepalive before returning, with SPEC §7 headers made ahead; none made, it sends nothing', async () => {
    const http = adapter((config) => ipReply(config) ?? { status: 200, data: { result: {} } })
    let clock = env.now()
    const client = new ApiClient({ baseURL: '/api', environment: { ...env, now: () => clock }, adapter: http })
    const fetched: [string, RequestInit][] = []
    const realFetch = global.fetch
    global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      fetched.push([String(url), init ?? {}])
      return new Response('{}')
    }) as typeof fetch
    try {
      const body = { events: '[{"name":"page_view"}]' }
      expect(client.sendWhileLeaving(endpoints.analyticsEvents, { body })).toBe(false)
      await client.prepareLeaving()
      expect(client.sendWhileLeaving(endpoints.analyticsEvents, { body })).toBe(true)
      // Started synchronously: the page may be gone at the next await.
      expect(fetched).toHaveLength(1)
      const [url, init] = fetched[0]!
      expect([url, init.method, init.keepalive, init.credentials, init.body]).toEqual(['/api/analytics/events', 'POST', true, 'include', formEncode(body)])
      const headers = init.headers as Record<string, string>
      // Signed with the server's clock, as every call (ipReply's server is 60 s ahead).
      expect(headers[HEADERS.requestTime]).toBe(String(env.now() + 60_000))
      expect(headers[HEADERS.checksum]).toBe(await requestChecksum(String(env.now() + 60_000), '203.0.113.9'))
      // Headers near the end of the API's 5-minute window are not used: made again on the next prepare.
      clock += 4.5 * 60_000
      expect(client.sendWhileLeaving(endpoints.analyticsEvents, { body })).toBe(false)
      await client.prepareLeaving()
      expect(client.sendWhileLeaving(endpoints.analyticsEvents, { body })).toBe(true)
      expect((fetched[1]![1].headers as Record<string, string>)[HEADERS.requestTime]).toBe(String(clock + 60_000))
    } finally {
      global.fetch = realFetch
    }
  })
})

describe('ApiClient', () => {
  it('sends every SPEC §7 header, signed with the server clock offset', async () => {
    const http = adapter((config) => ipReply(config) ?? { status: 200, data: { result: { ok: 1 } } })
    const client = new ApiClient({ baseURL: '/api', environment: env, adapter: http })
    await client.request(endpoints.home, { params: { lang: 'fr' } })
    const call = http.calls.find((config) => config.url === '/fr/home')!
    const headers = call.headers as Record<string, string>
    expect(headers[HEADERS.platform]).toBe('web')
    expect(headers[HEADERS.clientOs]).toBe('iOS')
    expect(headers[HEADERS.store]).toBe('web')
    expect(headers[HEADERS.timezone]).toBe('Europe/Paris')
    expect(headers[HEADERS.language]).toBe('fr')
    expect(headers[HEADERS.clientUid]).toBe('uid-1')
    expect(headers[HEADERS.acceptMature]).toBe('Y')
    expect(headers[HEADERS.requestTime]).toBe('1700000060000')
    expect(headers[HEADERS.checksum]).toBe(await requestChecksum('1700000060000', '203.0.113.9'))
  })

  it('sends a keepalive request (a save made as the page goes) with fetch keepalive, others without', async () => {
    const http = adapter((config) => ipReply(config) ?? { status: 200, data: { result: { saved: true } } })
    const client = new ApiClient({ baseURL: '/api', environment: env, adapter: http })
    const params = { type: 'comic', id: '1', chapterId: '2' } as const
    const body = { href: 'a.xhtml', type: 'application/xhtml+xml', progression: '0.5', totalProgression: '0.1', position: '3' }
    await client.request(endpoints.readProgress, { params, body, keepalive: true })
    await client.request(endpoints.readProgress, { params, body })
    const saves = http.calls.filter((config) => config.url === '/comic/1/chapter/2/read')
    expect(saves.map((config) => (config as { fetchOptions?: { keepalive?: boolean } }).fetchOptions?.keepalive)).toEqual([true, undefined])
  })

  it('sends a FormData as multipart (the browser sets its boundary), with its progress and its own time limit', async () => {
    const http = adapter((config) => ipReply(config) ?? { status: 200, data: { result: { uploaded: true } } })
    const client = new ApiClient({ baseURL: '/api', environment: env, adapter: http })
    const form = new FormData()
    form.append('kind', 'epub')
    const seen: { loaded: number; total: number | null }[] = []
    await client.request(endpoints.avatarUpload, { raw: form as unknown as Blob, timeoutMs: 0, onUploadProgress: (progress) => seen.push(progress) })
    const call = http.calls.find((config) => config.url === '/member/profile/avatar')!
    expect(call.data).toBe(form)
    expect(call.headers.getContentType()).toBe('multipart/form-data')
    expect(call.timeout).toBe(0)
    call.onUploadProgress?.({ loaded: 5, total: 10, bytes: 5, lengthComputable: true })
    expect(seen).toEqual([{ loaded: 5, total: 10 }])
  })

  it('form-encodes bodies, arrays as repeated keys', () => {
    expect(formEncode({ chapterIds: [1, 2], token: 'a b', skip: undefined })).toBe('chapterIds=1&chapterIds=2&token=a+b')
    expect(fillPath('/:type/:id', { type: 'comic', id: '1/2' })).toBe('/comic/1%2F2')
  })

  it('turns a missing result object into a server error', async () => {
    const client = new ApiClient({ baseURL: '/api', environment: env, adapter: adapter((c) => ipReply(c) ?? { status: 200, data: { nope: 1 } }) })
    await expect(client.request(endpoints.home, { params: { lang: 'en' } })).rejects.toMatchObject({ status: 500 })
  })

  it('reports network failure as code 9999 and emits one failure event', async () => {
    const seen: unknown[] = []
    const off = events.on('api:failure', (event) => seen.push(event.action))
    const client = new ApiClient({ baseURL: '/api', environment: env, adapter: adapter((c) => ipReply(c) ?? 'network') })
    await expect(client.request(endpoints.home, { params: { lang: 'en' } })).rejects.toMatchObject({ status: 9999, code: 9999, message: 'connexion perdue' })
    off()
    expect(seen).toEqual([{ kind: 'dialog', title: 'networkFailure', message: 'connexion perdue', code: 9999 }])
  })

  it('downloads axios only for a call the edge did not answer; a failed download is a network failure, tried again next call', async () => {
    let downloads = 0
    let fail = true
    jest.resetModules()
    jest.doMock('axios', () => {
      downloads += 1
      if (fail) throw new Error('Loading chunk 8 failed')
      return jest.requireActual('axios')
    })
    const fresh = await import('./client')
    const home = { popups: [] }
    const boot = {
      ip: () => ({ ip: '203.0.113.9', now: Date.now() }),
      // The edge writes the answer under bootKey; the client looks it up by the same key.
      take: (path: string) => (path === bootKey(endpoints.home, { lang: 'fr' }) ? { found: true, result: home } : { found: false }),
    }
    const http = adapter((c) => ipReply(c) ?? { status: 200, data: { result: { ok: 1 } } })
    const client = new fresh.ApiClient({ baseURL: '/api', environment: env, adapter: http, boot })
    await expect(client.request(endpoints.home, { params: { lang: 'fr' } })).resolves.toBe(home)
    expect(downloads).toBe(0)
    await expect(client.request(endpoints.home, { params: { lang: 'en' } })).rejects.toMatchObject({ status: 9999, message: 'connexion perdue' })
    expect(http.calls).toEqual([])
    fail = false
    await expect(client.request(endpoints.home, { params: { lang: 'en' } })).resolves.toEqual({ ok: 1 })
    expect(http.calls.map((call) => call.url)).toEqual(['/en/home'])
    jest.dontMock('axios')
  })

  it("takes a GET with a query from the page by its path and query, the query's names in any order (issue 39)", async () => {
    const publication = { manifest: {}, positions: [] }
    const params = { type: 'comic' as const, id: '49' }
    const written = bootKey(endpoints.chapterEpub, params, { chapterId: '540', chapterFileSalesType: 'product', languageId: 'en' })
    expect(written).toBe('/comic/49/chapter/epub?chapterFileSalesType=product&chapterId=540&languageId=en')
    const taken: string[] = []
    const boot = {
      ip: () => ({ ip: '203.0.113.9', now: Date.now() }),
      take: (path: string) => {
        taken.push(path)
        return path === written ? { found: true, result: publication } : { found: false }
      },
    }
    const http = adapter((c) => ipReply(c) ?? { status: 200, data: { result: { asked: true } } })
    const client = new ApiClient({ baseURL: '/api', environment: env, adapter: http, boot })
    const query = { languageId: 'en', chapterFileSalesType: 'product', chapterId: '540' }
    await expect(client.request(endpoints.chapterEpub, { params, query })).resolves.toBe(publication)
    // Another chapter's query is not the page's answer: the API is asked.
    await expect(client.request(endpoints.chapterEpub, { params, query: { ...query, chapterId: '541' } })).resolves.toEqual({ asked: true })
    expect(taken[1]).toBe('/comic/49/chapter/epub?chapterFileSalesType=product&chapterId=541&languageId=en')
    expect(http.calls.filter((call) => call.url !== '/ip' && call.url !== '/api/ip').length).toBe(1)
  })

  it("forgets the page's copy of its cookies once the API answered or failed (a response may set one), not for the page's own answers (issue 39)", async () => {
    const forget = forgetPageCookies as jest.Mock
    const boot = {
      ip: () => ({ ip: '203.0.113.9', now: Date.now() }),
      take: (path: string) => (path === bootKey(endpoints.home, { lang: 'fr' }) ? { found: true, result: { popups: [] } } : { found: false }),
    }
    const client = new ApiClient({ baseURL: '/api', environment: env, adapter: adapter((c) => ipReply(c) ?? { status: 200, data: { result: {} } }), boot })
    forget.mockClear()
    await client.request(endpoints.home, { params: { lang: 'fr' } })
    expect(forget).not.toHaveBeenCalled()
    await client.request(endpoints.home, { params: { lang: 'en' } })
    expect(forget).toHaveBeenCalled()
    const failing = new ApiClient({ baseURL: '/api', environment: env, adapter: adapter((c) => ipReply(c) ?? 'network') })
    forget.mockClear()
    await expect(failing.request(endpoints.home, { params: { lang: 'en' } })).rejects.toBeInstanceOf(ApiError)
    expect(forget).toHaveBeenCalled()
  })

  it('says a request that timed out is an unstable internet connection, as the same network failure (SPEC §8)', async () => {
    const client = new ApiClient({ baseURL: '/api', environment: env, adapter: adapter((c) => ipReply(c) ?? 'timeout') })
    await expect(client.request(endpoints.home, { params: { lang: 'en' } })).rejects.toMatchObject({
      status: 9999,
      code: 9999,
      message: 'Votre connexion internet est instable. Vérifiez-la puis réessayez.',
    })
  })

  it('reads the edge saying the API is unreachable (502/504 with code 9999) as the same network failure', async () => {
    const seen: unknown[] = []
    const off = events.on('api:failure', (event) => seen.push(event.action))
    const client = new ApiClient({
      baseURL: '/api',
      environment: env,
      adapter: adapter((c) => ipReply(c) ?? { status: 502, data: { code: 9999, message: 'connection lost' } }),
    })
    await expect(client.request(endpoints.home, { params: { lang: 'en' } })).rejects.toMatchObject({ status: 9999, code: 9999, message: 'connexion perdue' })
    off()
    expect(seen).toEqual([{ kind: 'dialog', title: 'networkFailure', message: 'connexion perdue', code: 9999 }])
  })

  it('retries once after invalidRequestHashToken (by name, in any language) with a fresh IP lookup', async () => {
    let homeCalls = 0
    const http = adapter((config) => {
      const ip = ipReply(config)
      if (ip) return ip
      homeCalls += 1
      return homeCalls === 1
        ? { status: 400, data: { name: 'invalidRequestHashToken', code: 400, message: 'Jeton de hachage invalide' } }
        : { status: 200, data: { result: 'ok' } }
    })
    const client = new ApiClient({ baseURL: '/api', environment: env, adapter: http })
    await expect(client.request(endpoints.home, { params: { lang: 'en' } })).resolves.toBe('ok')
    expect(http.calls.filter((config) => config.url === '/api/ip')).toHaveLength(2)
  })

  it("does not retry another 400, even one whose text is the hash token's", async () => {
    const http = adapter((config) => ipReply(config) ?? { status: 400, data: { name: 'invalidParameter', code: 400, message: 'Invalid request hash token' } })
    const client = new ApiClient({ baseURL: '/api', environment: env, adapter: http })
    await expect(client.request(endpoints.home, { params: { lang: 'en' }, policy: { silent: true } })).rejects.toMatchObject({
      failure: 'invalidParameter',
      status: 400,
    })
    expect(http.calls.filter((config) => config.url === '/api/ip')).toHaveLength(1)
  })

  it("gives every failure its name: the body's, or the client's own for no answer and a broken envelope", async () => {
    const named = new ApiClient({
      baseURL: '/api',
      environment: env,
      adapter: adapter((c) => ipReply(c) ?? { status: 402, data: { name: 'notEnoughCoins', code: 402, message: 'short' } }),
    })
    await expect(named.request(endpoints.home, { params: { lang: 'en' }, policy: { silent: true } })).rejects.toMatchObject({ failure: 'notEnoughCoins' })
    const proxy = new ApiClient({ baseURL: '/api', environment: env, adapter: adapter((c) => ipReply(c) ?? { status: 502, data: 'Bad gateway' }) })
    await expect(proxy.request(endpoints.home, { params: { lang: 'en' }, policy: { silent: true } })).rejects.toMatchObject({ failure: null, status: 502 })
    const broken = new ApiClient({ baseURL: '/api', environment: env, adapter: adapter((c) => ipReply(c) ?? { status: 200, data: { nope: 1 } }) })
    await expect(broken.request(endpoints.home, { params: { lang: 'en' }, policy: { silent: true } })).rejects.toMatchObject({ failure: 'badServerResponse' })
    const gone = new ApiClient({ baseURL: '/api', environment: env, adapter: adapter((c) => ipReply(c) ?? 'timeout') })
    await expect(gone.request(endpoints.home, { params: { lang: 'en' }, policy: { silent: true } })).rejects.toMatchObject({ failure: 'networkFailure' })
  })
})

describe('SPEC §8 failure classification', () => {
  const err = (status: number, message = 'boom', body: object | null = null, url = '/x') => new ApiError({ status, message, body: body as never, url })
  const named = (name: ApiErrorName, status: number, message = 'boom') => new ApiError({ status, message, body: { name, code: status, message }, url: '/x' })

  it('503 raises maintenance with its title, description and end time', () => {
    const maintenance = { title: 'Maintenance', description: 'Back soon', endAt: '2026-11-23T01:00:00Z' }
    expect(classifyFailure(err(503, 'm', { code: 503, message: 'm', maintenance }))).toEqual({ kind: 'maintenance', maintenance })
  })
  it('401 logs out and goes to login', () => {
    expect(classifyFailure(err(401))).toEqual({ kind: 'logout', redirectToLogin: true })
  })
  it('a caller that handles 401 itself (the viewer) signs out without going to login', () => {
    expect(classifyFailure(err(401), { suppress: [401, 403, 428] })).toEqual({ kind: 'logout', redirectToLogin: false })
  })
  it('campaign pages: 401 in the app web view logs out only; 400 goes to the campaign error', () => {
    expect(classifyFailure(err(401), { campaign: true, appWebView: true })).toEqual({ kind: 'logout', redirectToLogin: false })
    expect(classifyFailure(err(400, 'bad', { code: 400, message: 'bad' }), { campaign: true })).toEqual({ kind: 'campaignError' })
  })
  it('suppresses a failure by name, leaving others of its status to the handler', () => {
    expect(classifyFailure(named('commentAlreadyLiked', 409), { suppress: ['commentAlreadyLiked'] }).kind).toBe('none')
    expect(classifyFailure(named('couponUsed', 409), { suppress: ['commentAlreadyLiked'] }).kind).toBe('dialog')
    expect(classifyFailure(named('authenticationError', 401), { suppress: ['authenticationError'] })).toEqual({ kind: 'logout', redirectToLogin: false })
  })
  it.each([200, 208, 303, 404, 428])('%i is not an error for the handler', (status) => {
    expect(classifyFailure(err(status))).toEqual({ kind: 'none' })
  })
  it('stays silent for silent requests, suppressed codes, 400 without message, hasNextPage and the hash token', () => {
    expect(classifyFailure(err(409), { silent: true }).kind).toBe('none')
    expect(classifyFailure(err(409), { suppress: [409] }).kind).toBe('none')
    expect(classifyFailure(err(400, '', { code: 400, message: '' })).kind).toBe('none')
    expect(classifyFailure(err(409, 'x', { code: 409, message: 'x', hasNextPage: true })).kind).toBe('none')
    expect(classifyFailure(named('invalidRequestHashToken', 400, 'Jeton invalide')).kind).toBe('none')
    expect(classifyFailure(named('invalidParameter', 400, 'Invalid request hash token')).kind).toBe('dialog')
  })
  it('500 uses the bad-server-response title; others the plain error dialog', () => {
    expect(classifyFailure(err(500))).toMatchObject({ kind: 'dialog', title: 'badServerResponse' })
    expect(classifyFailure(err(409, 'conflict', { code: 409, message: 'conflict' }))).toMatchObject({ kind: 'dialog', title: 'error', message: 'conflict' })
  })
})

describe('failed loads (SPEC §8)', () => {
  it('say the API’s own refusal, else that the data could not be obtained, in the reader’s language', () => {
    expect(loadFailureMessage({ status: 404, message: 'This comic cannot be found.' }, 'en')).toBe('This comic cannot be found.')
    expect(loadFailureMessage({ status: 500, message: 'boom' }, 'fr')).toBe('Les données n’ont pas pu être obtenues. Veuillez réessayer plus tard.')
    expect(loadFailureMessage({ status: 9999, message: 'connection lost' }, 'ja')).toBe(
      'データを取得できませんでした。しばらくしてからもう一度お試しください。',
    )
    expect(loadFailureMessage(new TypeError('x'), 'en')).toBe('The data could not be obtained. Please try again later.')
    expect(loadFailureMessage({ status: 404, message: '' }, 'en')).toBe('The data could not be obtained. Please try again later.')
  })
})
