import Fastify, { type FastifyInstance } from 'fastify'
import { PageMetadata } from './pageMeta'
import { endpoints } from '@koma/contracts/server'
import { pageContext } from './pageHints'

describe("the page metadata's copies of the API's public answers", () => {
  let api: FastifyInstance
  let apiUrl: string
  let calls = 0
  let name = 'First name'

  beforeAll(async () => {
    api = Fastify()
    api.get('/api/comic/1', async (_req, reply) => {
      calls += 1
      return reply.header('cache-control', 'public, max-age=300').send({ result: { name } })
    })
    apiUrl = await api.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(() => api.close())

  it('keeps a public answer at most a minute, and forgets it when told (an operator changed the title)', async () => {
    let now = 1_000
    const meta = new PageMetadata(apiUrl, { now: () => now })
    const ask = async () => (await meta.answer(endpoints.content, { type: 'comic', id: '1' }, 'en', '203.0.113.9')).result
    expect(await ask()).toEqual({ name: 'First name' })
    name = 'Second name'
    now += 59_000
    expect(await ask()).toEqual({ name: 'First name' })
    expect(calls).toBe(1)
    now += 2_000
    expect(await ask()).toEqual({ name: 'Second name' })
    name = 'Third name'
    meta.forget()
    expect(await ask()).toEqual({ name: 'Third name' })
    expect(calls).toBe(3)
  })
})

describe('canonical and hreflang in each language variant (issue 35: /ja)', () => {
  const meta = new PageMetadata('http://127.0.0.1:9', { publicUrl: 'https://koma.example/', waitMs: 0 })
  const links = async (url: string, headers: { cookie?: string; acceptLanguage?: string } = {}) => {
    const { head, locale, status } = await meta.describe(
      pageContext({ url, clientIp: '203.0.113.9', cookie: headers.cookie, acceptLanguage: headers.acceptLanguage }),
      { origin: 'http://ignored', clientIp: '203.0.113.9' },
    )
    const canonical = /<link rel="canonical" href="([^"]*)">/.exec(head)?.[1] ?? null
    const alternates = Object.fromEntries([...head.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)">/g)].map((match) => [match[1], match[2]]))
    return { status, locale, canonical, alternates }
  }
  const ALTERNATES = {
    ja: 'https://koma.example/ja/document/faq',
    en: 'https://koma.example/en/document/faq',
    fr: 'https://koma.example/fr/document/faq',
    'x-default': 'https://koma.example/document/faq',
  }

  it('/ja is Japanese whatever the cookie and the browser say, and is its own canonical', async () => {
    expect(await links('/ja/document/faq', { cookie: 'koma_locale=fr', acceptLanguage: 'en-US' })).toEqual({
      status: 200,
      locale: 'ja',
      canonical: ALTERNATES.ja,
      alternates: ALTERNATES,
    })
  })

  it('/en and /fr name the same alternates and themselves as canonical', async () => {
    expect(await links('/en/document/faq', { cookie: 'koma_locale=ja' })).toMatchObject({ locale: 'en', canonical: ALTERNATES.en, alternates: ALTERNATES })
    expect(await links('/fr/document/faq')).toMatchObject({ locale: 'fr', canonical: ALTERNATES.fr, alternates: ALTERNATES })
  })

  it('an unprefixed page resolves as before and names the prefixed page of the language it shows as canonical', async () => {
    expect(await links('/document/faq')).toMatchObject({ locale: 'en', canonical: ALTERNATES.en, alternates: ALTERNATES })
    expect(await links('/document/faq', { acceptLanguage: 'ja,en;q=0.5' })).toMatchObject({ locale: 'ja', canonical: ALTERNATES.ja, alternates: ALTERNATES })
    expect(await links('/document/faq', { cookie: 'koma_locale=fr', acceptLanguage: 'ja' })).toMatchObject({ locale: 'fr', canonical: ALTERNATES.fr })
  })

  it('home: /ja, and x-default on /', async () => {
    expect(await links('/ja')).toMatchObject({
      locale: 'ja',
      canonical: 'https://koma.example/ja',
      alternates: { ja: 'https://koma.example/ja', en: 'https://koma.example/en', fr: 'https://koma.example/fr', 'x-default': 'https://koma.example/' },
    })
  })
})
