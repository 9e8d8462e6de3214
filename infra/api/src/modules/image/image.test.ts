import { endpoints } from '@koma/contracts/server'
import { createTestApp, type TestApp } from '../../test/testApp'
import { atLeast } from '../../test/lists'
import { registerMember } from '../../test/account'
import { creditCoins } from '../coin/ledger'
import { loadSigningKey, PAGE_URL_LIFETIME_MS, PAGE_URL_STEP_MS, pageUrlSigner } from './signing'

jest.setTimeout(120_000)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

type PageImage = { url: string; width: number; height: number; tiles?: { url: string }[] }

/** A paid, non-mature image chapter nobody owns yet, with a tall first page (so it has bands). */
async function paidChapter() {
  const row = await t.db
    .selectFrom('chapters as ch')
    .innerJoin('contents as c', 'c.id', 'ch.content_id')
    .select(['ch.id', 'c.id as contentId', 'c.type', 'ch.price'])
    .where('c.mature', '=', false)
    .where('c.chapter_file_format', '=', 'image')
    .where('c.orientation', '=', 'vertical')
    .where('ch.free', '=', false)
    .where('ch.aborted', '=', false)
    .where('ch.price', '>=', 1)
    .where(({ eb, val }) => eb(val('coin'), '=', eb.fn.any('ch.purchase_allowed_with')))
    .orderBy('ch.id')
    .executeTakeFirstOrThrow()
  return { id: Number(row.id), contentId: Number(row.contentId), type: row.type, price: row.price }
}

async function owner(chapter: Awaited<ReturnType<typeof paidChapter>>) {
  const member = await registerMember(t)
  await t.db.transaction().execute((trx) =>
    creditCoins(trx, {
      memberId: member.userId,
      coinType: 'purchased',
      amount: 500,
      expiresAt: null,
      reason: 'order',
      ref: `image-test-${member.userId}`,
      now: t.clock.now(),
    }),
  )
  const token = (await t.call(endpoints.coinTransactionToken, { cookies: member.cookies })).json().result.token as string
  const unlock = await t.call(endpoints.chapterUnlock, {
    params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id },
    cookies: member.cookies,
    body: { token, price: String(chapter.price) },
  })
  expect(unlock.statusCode).toBe(200)
  return member
}

const get = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers: { accept: 'image/webp', ...headers } })
const bare = (url: string) => url.split('?')[0]

describe('chapter pages stay paid (issue 11)', () => {
  it('hands signed page URLs to an entitled reader only, and a bare page id is a 404 like a missing one', async () => {
    const chapter = await paidChapter()
    expect(
      (await t.call(endpoints.chapter, { params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id, salesType: 'product' } })).statusCode,
    ).toBe(401)
    const stranger = await registerMember(t)
    expect(
      (
        await t.call(endpoints.chapter, {
          params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id, salesType: 'product' },
          cookies: stranger.cookies,
        })
      ).statusCode,
    ).toBe(403)

    const reader = await owner(chapter)
    const opened = await t.call(endpoints.chapter, {
      params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id, salesType: 'product' },
      cookies: reader.cookies,
    })
    expect(opened.statusCode).toBe(200)
    const images = atLeast(opened.json().result.images as PageImage[], 1, 'page images')
    for (const image of images) expect(image.url).toMatch(/^\/api\/image\/\d+\?e=\d+&s=[\w-]{22}$/)

    // The signed URL works with no session at all (a CDN may cache it), at any preset.
    const page = await get(`${images[0].url}&w=320`)
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('image/webp')
    const maxAge = Number(/max-age=(\d+)/.exec(String(page.headers['cache-control']))?.[1])
    expect(maxAge).toBeGreaterThan((PAGE_URL_LIFETIME_MS - 60_000) / 1000)
    expect(maxAge).toBeLessThanOrEqual((PAGE_URL_LIFETIME_MS + PAGE_URL_STEP_MS) / 1000)

    // Every page of the chapter, by bare id: the same 404 as an id that does not exist.
    const missing = await get('/api/image/999999999?w=320')
    expect(missing.statusCode).toBe(404)
    for (const image of images) {
      const refused = await get(`${bare(image.url)}?w=320`)
      expect(refused.statusCode).toBe(404)
      expect(refused.json()).toEqual(missing.json())
    }
    // Nor with a forged, truncated, borrowed or stale signature.
    const [, id, e, s] = /\/api\/image\/(\d+)\?e=(\d+)&s=([\w-]+)/.exec(images[0].url) ?? []
    if (id === undefined || e === undefined || s === undefined) throw new Error(`not a signed page URL: ${images[0].url}`)
    const flipped = `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`
    expect((await get(`/api/image/${id}?e=${e}&s=${flipped}`)).statusCode).toBe(404)
    expect((await get(`/api/image/${id}?e=${e}&s=${s.slice(0, 10)}`)).statusCode).toBe(404)
    expect((await get(`/api/image/${id}?e=${Number(e) + 3600}&s=${s}`)).statusCode).toBe(404)
    const other = /\/api\/image\/(\d+)/.exec(images[1]?.url ?? images[0].url)?.[1]
    if (other !== id) expect((await get(`/api/image/${other}?e=${e}&s=${s}`)).statusCode).toBe(404)
    const signer = pageUrlSigner(await loadSigningKey(t.db))
    const stale = signer.sign(Number(id), new Date(Date.now() - PAGE_URL_LIFETIME_MS - 2 * PAGE_URL_STEP_MS))
    expect((await get(`/api/image/${id}?e=${stale.e}&s=${stale.s}`)).statusCode).toBe(404)
    // A 304 is no way around it either.
    expect((await get(`${bare(images[0].url)}?w=320`, { 'if-none-match': String(page.headers.etag) })).statusCode).toBe(404)
  })

  it('signs the bands of tall strips too, and renders every band of a width from one render', async () => {
    const chapter = await paidChapter()
    const reader = await owner(chapter)
    const opened = await t.call(endpoints.chapter, {
      params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id, salesType: 'product' },
      cookies: reader.cookies,
    })
    const tall = (opened.json().result.images as PageImage[]).find((image) => image.tiles)
    expect(tall?.tiles?.length).toBeGreaterThan(1)
    for (const tile of tall?.tiles ?? []) {
      expect(tile.url).toMatch(/^\/api\/image\/\d+\/tile\/\d+\/\d+\?e=\d+&s=[\w-]{22}$/)
      expect((await get(`${tile.url}&w=640`)).statusCode).toBe(200)
      expect((await get(`${bare(tile.url)}?w=640`)).statusCode).toBe(404)
    }
    // Widths snap to the SPEC §9 presets: an odd width costs no new render.
    const a = await get(`${tall?.tiles?.[0]?.url}&w=601`)
    const b = await get(`${tall?.tiles?.[0]?.url}&w=640`)
    expect(a.headers.etag).toBe(b.headers.etag)
    expect((await get(`${tall?.tiles?.[0]?.url}&w=0`)).statusCode).toBe(400)
  })

  it('keeps covers, thumbnails and avatars public, and inquiry attachments private', async () => {
    const cover = await t.db.selectFrom('content_images').select('image_id').orderBy('content_id').executeTakeFirstOrThrow()
    const publicCover = await get(`/api/image/${cover.image_id}?w=320`)
    expect(publicCover.statusCode).toBe(200)
    expect(publicCover.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const thumb = await t.db.selectFrom('chapters').select('thumbnail_image_id').where('thumbnail_image_id', 'is not', null).executeTakeFirstOrThrow()
    expect((await get(`/api/image/${thumb.thumbnail_image_id}?w=320`)).statusCode).toBe(200)

    const sharp = (await import('sharp')).default
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer()
    const member = await registerMember(t)
    const avatar = await t.call(endpoints.avatarUpload, { cookies: member.cookies, raw: { payload: png, type: 'application/octet-stream' } })
    expect(avatar.statusCode).toBe(200)
    expect((await get(`${avatar.json().result.avatarImageUrl}?w=320`)).statusCode).toBe(200)

    const upload = await t.call(endpoints.inquiryImage, {
      raw: { payload: png, type: 'application/octet-stream' },
      headers: { 'x-koma-client-uid': 'inquiry-device-1' },
    })
    expect(upload.statusCode).toBe(200)
    const attached = await t.db
      .selectFrom('inquiry_uploads')
      .select('image_id')
      .where('token', '=', upload.json().result.imageId as string)
      .executeTakeFirstOrThrow()
    expect((await get(`/api/image/${attached.image_id}?w=320`)).statusCode).toBe(404)
  })
})
