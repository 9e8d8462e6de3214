import { HEADERS, endpoints } from '@koma/contracts/server'
import { createTestApp, cookiesOf, type TestApp, urlOf } from './testApp'
import { findChapter, sealedPassword, SEEDED, signIn } from './fixtures'

jest.setTimeout(60_000)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('SPEC §7 request signature', () => {
  it('answers the public IP lookup without headers', async () => {
    const response = await t.call(endpoints.clientIp, { unsigned: true, ip: '198.51.100.4' })
    expect(response.statusCode).toBe(200)
    expect(response.json().result.ip).toBe('198.51.100.4')
    expect(typeof response.json().result.now).toBe('number')
  })

  it('refuses a missing, forged or stale checksum with 400 "Invalid request hash token"', async () => {
    const missing = await t.call(endpoints.home, { params: { lang: 'en' }, unsigned: true })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({ name: 'invalidRequestHashToken', code: 400, message: 'Invalid request hash token' })

    const forged = await t.call(endpoints.home, { params: { lang: 'en' }, headers: { [HEADERS.checksum]: 'f'.repeat(64) } })
    expect(forged.statusCode).toBe(400)

    const stale = String(Date.now() - 10 * 60 * 1000)
    const { requestChecksum } = await import('@koma/contracts/server')
    const old = await t.call(endpoints.home, {
      params: { lang: 'en' },
      headers: { [HEADERS.requestTime]: stale, [HEADERS.checksum]: await requestChecksum(stale, '127.0.0.1') },
    })
    expect(old.statusCode).toBe(400)
  })

  it('refuses a checksum made for another IP', async () => {
    const time = String(Date.now())
    const { requestChecksum } = await import('@koma/contracts/server')
    const response = await t.call(endpoints.home, {
      params: { lang: 'en' },
      unsigned: true,
      headers: { [HEADERS.requestTime]: time, [HEADERS.checksum]: await requestChecksum(time, '10.0.0.1') },
    })
    expect(response.statusCode).toBe(400)
  })
})

describe('errors (SPEC §8)', () => {
  it.each([
    ['/api/comic/007', 'notFound'],
    ['/api/comic/abc', 'notFound'],
    ['/api/novel/1', 'notFound'],
    ['/api/comic/99999999', 'comicNotFound'],
    ['/api/comic/1/chapter/1/full', 'notFound'],
    ['/api/nowhere/at/all/really', 'notFound'],
  ])('%s is a 404 with its name, a code and a message, never a 500', async (url, name) => {
    const response = await t.call('GET', url)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ name, code: 404, message: expect.any(String) })
  })

  it('answers in the reader language', async () => {
    const response = await t.call(endpoints.content, { params: { type: 'comic', id: '99999999' }, locale: 'fr' })
    expect(response.json().message).toBe('Cette bande dessinée est introuvable.')
  })

  it('treats a malformed body as a 400, not a 500', async () => {
    const response = await t.inject({ method: 'POST', url: urlOf(endpoints.signin), headers: { 'content-type': 'application/json' }, payload: '{oops' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ name: 'requestRefused', code: 400 })
  })
})

describe('home', () => {
  it('returns sections, a top banner and the menu in each language', async () => {
    for (const locale of ['ja', 'en', 'fr'] as const) {
      const response = await t.call(endpoints.home, { params: { lang: locale }, locale })
      expect(response.statusCode).toBe(200)
      const home = response.json().result
      expect(home.sections.length).toBeGreaterThan(3)
      expect(home.topBanner.elements.length).toBeGreaterThan(0)
      expect(home.menu.items.map((item: { code: string }) => item.code)).toContain('ranking')
      for (const section of home.sections) expect(section.sectionUiType).toEqual(expect.any(String))
    }
    const ja = (await t.call(endpoints.home, { params: { lang: 'ja' }, locale: 'ja' })).json().result
    const en = (await t.call(endpoints.home, { params: { lang: 'en' } })).json().result
    expect(ja.sections[0].title).not.toBe(en.sections[0].title)
  })

  it('leaves mature sections out of the ordinary home', async () => {
    const home = (await t.call(endpoints.home, { params: { lang: 'en' } })).json().result
    const matureIds = (await t.db.selectFrom('home_sections').select('id').where('mature', '=', true).execute()).map((row) => row.id)
    for (const section of home.sections) expect(matureIds).not.toContain(section.id)
  })

  it('404s an unknown language', async () => {
    expect((await t.call('GET', '/api/de/home')).statusCode).toBe(404)
  })
})

describe('episode list and chapters', () => {
  it('lists a title with chapters, sales configs, authors and images', async () => {
    const { contentId, type } = await findChapter(t, { free: true, mature: false })
    const content = (await t.call(endpoints.content, { params: { type, id: contentId } })).json().result
    expect(content.id).toBe(contentId)
    expect(content.name).toEqual(expect.any(String))
    expect(content.chapters.length).toBeGreaterThan(0)
    expect(content.authors.length).toBeGreaterThan(0)
    expect(content.thumbnails.find((thumb: { type: string }) => thumb.type === 'cover')).toBeDefined()
    expect(content.chapters[0].salesConfig).toMatchObject({ free: expect.any(Boolean), price: expect.any(Number) })
  })

  it('serves a free chapter to anyone, with its pages', async () => {
    const { contentId, chapterId, type } = await findChapter(t, { free: true, mature: false })
    const response = await t.call(endpoints.chapter, { params: { type, id: contentId, chapterId, salesType: 'product' } })
    expect(response.statusCode).toBe(200)
    const chapter = response.json().result
    expect(chapter.images.length).toBeGreaterThan(0)
    expect(chapter.images[0]).toMatchObject({
      url: expect.stringMatching(/^\/api\/image\/\d+\?e=\d+&s=[\w-]+$/),
      width: expect.any(Number),
      height: expect.any(Number),
    })
  })

  it('refuses a paid chapter: 401 signed out, 403 signed in without owning it', async () => {
    const { contentId, chapterId, type } = await findChapter(t, { free: false, mature: false })
    expect((await t.call(endpoints.chapter, { params: { type, id: contentId, chapterId, salesType: 'product' } })).statusCode).toBe(401)
    const cookies = await signIn(t)
    const signedIn = await t.call(endpoints.chapter, { params: { type, id: contentId, chapterId, salesType: 'product' }, cookies })
    expect(signedIn.statusCode).toBe(403)
    expect(signedIn.json().message).toBe('Unlock this episode to read it.')
  })

  it('serves the trial pages of a chapter that has a trial', async () => {
    const { contentId, chapterId, type } = await findChapter(t, { free: false, hasTrial: true, mature: false })
    const response = await t.call(endpoints.chapter, { params: { type, id: contentId, chapterId, salesType: 'trial' } })
    expect(response.statusCode).toBe(200)
    expect(response.json().result.salesType).toBe('trial')
  })

  it('a mature title is the 451 of SPEC §8 for a visitor, the accept-mature header or not (issue 33: verified members only)', async () => {
    const { contentId, type } = await findChapter(t, { mature: true })
    expect((await t.call(endpoints.content, { params: { type, id: contentId } })).statusCode).toBe(451)
    expect((await t.call(endpoints.content, { params: { type, id: contentId }, headers: { [HEADERS.acceptMature]: 'Y' } })).statusCode).toBe(451)
  })

  it('404s a chapter of another title', async () => {
    const a = await findChapter(t, { free: true, mature: false })
    const other = await t.db.selectFrom('contents').select(['id', 'type']).where('id', '!=', a.contentId).where('mature', '=', false).executeTakeFirstOrThrow()
    expect((await t.call(endpoints.chapter, { params: { type: other.type, id: other.id, chapterId: a.chapterId, salesType: 'product' } })).statusCode).toBe(404)
  })
})

describe('images', () => {
  it('renders stored artwork as WebP when accepted, JPEG otherwise, with long caching', async () => {
    const image = await t.db.selectFrom('images').select('id').where('access', '=', 'public').orderBy('id').executeTakeFirstOrThrow()
    const webp = await t.inject({
      method: 'GET',
      url: urlOf(endpoints.image, { imageId: image.id }),
      query: { w: '320' },
      headers: { accept: 'image/webp,*/*' },
    })
    expect(webp.statusCode).toBe(200)
    expect(webp.headers['content-type']).toBe('image/webp')
    expect(webp.headers['cache-control']).toContain('immutable')
    expect(webp.rawPayload.subarray(8, 12).toString()).toBe('WEBP')
    const jpeg = await t.inject({ method: 'GET', url: urlOf(endpoints.image, { imageId: image.id }), query: { w: '320' }, headers: { accept: 'image/*' } })
    expect(jpeg.headers['content-type']).toBe('image/jpeg')
    expect(jpeg.rawPayload[0]).toBe(0xff)
    expect((await t.inject({ method: 'GET', url: urlOf(endpoints.image, { imageId: 999999999 }) })).statusCode).toBe(404)
  })
})

describe('sign-in (seeded member)', () => {
  it('signs in with a sealed password, sets an httpOnly session and the login-check cookie, then signs out', async () => {
    const sealed = await sealedPassword(t, SEEDED.password)
    const response = await t.call(endpoints.signin, { body: { email: SEEDED.email, ...sealed, stayLogged: 'false' } })
    expect(response.statusCode).toBe(200)
    const session = response.cookies.find((cookie) => cookie.name === 'koma_session')
    const loginCheck = response.cookies.find((cookie) => cookie.name === 'koma_lc')
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
    expect(loginCheck?.httpOnly).toBeFalsy()
    expect(loginCheck?.value).toBe('1')
    const cookies = cookiesOf(response)

    const profile = await t.call(endpoints.profile, { cookies })
    expect(profile.json().result).toMatchObject({ email: SEEDED.email, nickname: 'Reader', guest: false })

    expect((await t.call(endpoints.signout, { cookies })).statusCode).toBe(200)
    expect((await t.call(endpoints.profile, { cookies })).statusCode).toBe(401)
  })

  it('says "Incorrect email or password" for a wrong password or an unknown e-mail', async () => {
    for (const [email, password] of [
      [SEEDED.email, 'wrong-password-1'],
      ['nobody@koma.example', SEEDED.password],
    ] as const) {
      const sealed = await sealedPassword(t, password)
      const response = await t.call(endpoints.signin, { body: { email, ...sealed, stayLogged: 'false' } })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe('Incorrect email or password')
    }
  })

  it('never accepts the same sealed password twice (one-time session key)', async () => {
    const sealed = await sealedPassword(t, SEEDED.password)
    const body = { email: SEEDED.email, ...sealed, stayLogged: 'false' }
    expect((await t.call(endpoints.signin, { body })).statusCode).toBe(200)
    expect((await t.call(endpoints.signin, { body })).statusCode).toBe(400)
  })

  it('validates the e-mail with the SPEC message in the reader language', async () => {
    const sealed = await sealedPassword(t, SEEDED.password)
    const response = await t.call(endpoints.signin, { body: { email: 'nope', ...sealed, stayLogged: 'false' }, locale: 'ja' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ name: 'invalidInput', message: 'メールアドレスの形式が正しくありません。' })
  })

  it('401s the profile without a session', async () => {
    const signedOut = await t.call(endpoints.profile)
    expect([signedOut.statusCode, signedOut.json().name]).toEqual([401, 'authenticationError'])
    expect((await t.call(endpoints.profile, { cookies: { koma_session: 'forged' } })).statusCode).toBe(401)
  })
})

describe('coin products', () => {
  it('are in yen for Japanese and US dollars otherwise', async () => {
    const ja = (await t.call(endpoints.coinSalesConfig, { locale: 'ja' })).json().result.products
    const fr = (await t.call(endpoints.coinSalesConfig, { locale: 'fr' })).json().result.products
    expect(ja.length).toBeGreaterThan(0)
    expect(ja.every((product: { currency: string }) => product.currency === 'JPY')).toBe(true)
    expect(fr.every((product: { currency: string }) => product.currency === 'USD')).toBe(true)
  })
})

describe('comments', () => {
  it("lists a chapter's comments newest first, or by likes, paged", async () => {
    const row = await t.db
      .selectFrom('comments as cm')
      .innerJoin('contents as c', 'c.id', 'cm.content_id')
      .select(['cm.chapter_id', 'c.id', 'c.type'])
      .where('c.mature', '=', false)
      .executeTakeFirstOrThrow()
    const newest = (await t.call(endpoints.chapterComments, { params: { type: row.type, id: row.id, chapterId: row.chapter_id } })).json().result
    expect(newest.comments.length).toBeGreaterThan(0)
    expect(newest.totalComments).toBe(newest.comments.length)
    const dates = newest.comments.map((comment: { id: number }) => comment.id)
    expect([...dates].sort((a, b) => b - a)).toEqual(dates)
    const liked = (
      await t.call(endpoints.chapterComments, { params: { type: row.type, id: row.id, chapterId: row.chapter_id }, query: { order: 'likes' } })
    ).json().result
    const likes = liked.comments.map((comment: { likes: number }) => comment.likes)
    expect([...likes].sort((a, b) => b - a)).toEqual(likes)
    expect(
      (await t.call(endpoints.chapterComments, { params: { type: row.type, id: row.id, chapterId: row.chapter_id }, query: { pageNo: '0' } })).statusCode,
    ).toBe(404)
  })
})

describe('SPEC §7 e-mail link report', () => {
  it('records mmid and mmc, with the reader when signed in', async () => {
    const anonymous = await t.call(endpoints.pushEmailReport, { params: { mmid: 'msg-20261122', mmc: 'spring_sale' } })
    expect(anonymous.statusCode).toBe(200)
    expect(anonymous.json().result).toEqual({ reported: true })
    const cookies = await signIn(t)
    expect((await t.call(endpoints.pushEmailReport, { params: { mmid: 'msg-20261122', mmc: 'spring_sale' }, cookies })).statusCode).toBe(200)
    const rows = await t.db.selectFrom('push_email_reports').select(['mmid', 'mmc', 'member_id']).where('mmid', '=', 'msg-20261122').orderBy('id').execute()
    expect(rows.map((row) => [row.mmc, row.member_id === null])).toEqual([
      ['spring_sale', true],
      ['spring_sale', false],
    ])
  })

  it('refuses ids outside the mailer alphabet with 400, storing nothing', async () => {
    const hostile = await t.call('POST', `/api/push/email/report/${encodeURIComponent('<script>')}/x`)
    expect(hostile.statusCode).toBe(400)
    expect((await t.call('POST', `/api/push/email/report/${'a'.repeat(65)}/x`)).statusCode).toBe(400)
    const stored = await t.db.selectFrom('push_email_reports').select('mmid').where('mmid', 'like', '%script%').execute()
    expect(stored).toEqual([])
  })
})
