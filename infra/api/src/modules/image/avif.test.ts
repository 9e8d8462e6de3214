import { pickedPageUrl, stripPageSources, tileHeights } from '@koma/contracts/server'
import sharp from 'sharp'
import { readerIp } from '../../test/account'
import { createTestApp, type TestApp } from '../../test/testApp'
import { IMAGE_QUEUES, startImageJobs, type ImageJobs } from './jobs'
import { negotiateFormat } from './render'
import { AVIF_PENDING_SECONDS } from './routes'
import { signedPageUrl } from './signing'
import { insertImage } from './stored'
import { backfillStatus, backfillStep, encodeImageVariants, plannedVariants, setBackfillState } from './variants'
import { eventually } from '../../../../e2e/support/eventually'

jest.setTimeout(300_000)

/**
 * AVIF page and cover images (issue 34): negotiated on Accept (AVIF, then WebP, then JPEG), every
 * answer `Vary: Accept`; AVIF only once the job queue encoded it, never on a reader's request (a
 * browser that asks it first gets WebP at once, kept minutes); the backfill gives older images theirs.
 */
const CHROME = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'
const SAFARI_15 = 'image/webp,image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5'
const OLD = 'image/png,image/*;q=0.8,*/*;q=0.5'

describe('negotiateFormat', () => {
  it('AVIF, then WebP, then JPEG, by what the browser names; an explicit webp or jpeg in the URL wins', () => {
    expect(negotiateFormat(CHROME, undefined)).toEqual({ wanted: 'avif', onDemand: 'webp' })
    expect(negotiateFormat(SAFARI_15, undefined)).toEqual({ wanted: 'webp', onDemand: 'webp' })
    expect(negotiateFormat(OLD, undefined)).toEqual({ wanted: 'jpeg', onDemand: 'jpeg' })
    expect(negotiateFormat(undefined, undefined)).toEqual({ wanted: 'jpeg', onDemand: 'jpeg' })
    expect(negotiateFormat('image/avif', undefined)).toEqual({ wanted: 'avif', onDemand: 'jpeg' })
    expect(negotiateFormat(CHROME, 'jpeg')).toEqual({ wanted: 'jpeg', onDemand: 'jpeg' })
    expect(negotiateFormat(CHROME, 'webp')).toEqual({ wanted: 'webp', onDemand: 'webp' })
    // A format the URL names that is not rendered on demand is ignored (the Accept decides).
    expect(negotiateFormat(SAFARI_15, 'avif').wanted).toBe('webp')
  })

  it('refused, lower-ranked, wildcard or malformed entries never give AVIF', () => {
    expect(negotiateFormat('image/avif;q=0, image/webp', undefined).wanted).toBe('webp')
    expect(negotiateFormat('image/avif;q=0.000,image/webp', undefined).wanted).toBe('webp')
    expect(negotiateFormat('image/avif;q=0.4, image/webp;q=0.9', undefined).wanted).toBe('webp')
    expect(negotiateFormat('image/*, */*', undefined).wanted).toBe('jpeg')
    expect(negotiateFormat('IMAGE/AVIF ; Q=1', undefined).wanted).toBe('avif')
    for (const weird of [
      'image/avif;q=2',
      'image/avif;q=-1',
      'image/avif;q=NaN',
      'image/avif;q=1e3',
      'image/avif;q=',
      'image/avif;q=0.5000',
      'image/avifx',
      'ximage/avif',
    ])
      expect([weird, negotiateFormat(weird, undefined).wanted]).toEqual([weird, 'jpeg'])
    // Past the entries and characters looked at: ignored, never an error.
    expect(negotiateFormat(`${'text/x,'.repeat(2000)}image/avif`, undefined).wanted).toBe('jpeg')
    expect(negotiateFormat(`${';'.repeat(10_000)},image/webp`, undefined).wanted).toBe('jpeg')
  })
})

let t: TestApp
let pageId: number
let coverId: number
beforeAll(async () => {
  t = await createTestApp()
  // A free chapter's first page (a tall strip: served in bands) and a title's cover.
  const page = await t.db
    .selectFrom('chapter_pages as cp')
    .innerJoin('chapters as ch', 'ch.id', 'cp.chapter_id')
    .innerJoin('contents as c', 'c.id', 'ch.content_id')
    .innerJoin('images as i', 'i.id', 'cp.image_id')
    .select('cp.image_id')
    .where('ch.free', '=', true)
    .where('c.mature', '=', false)
    .where('c.orientation', '=', 'vertical')
    .orderBy('ch.id')
    .orderBy('cp.sort')
    .executeTakeFirstOrThrow()
  pageId = Number(page.image_id)
  const cover = await t.db
    .selectFrom('content_images as ci')
    .innerJoin('contents as c', 'c.id', 'ci.content_id')
    .select('ci.image_id')
    .where('ci.type', '=', 'cover')
    .where('c.mature', '=', false)
    .orderBy('ci.image_id')
    .executeTakeFirstOrThrow()
  coverId = Number(cover.image_id)
})
afterAll(async () => {
  await t?.close()
})

const get = (url: string, accept: string | undefined) => t.call('GET', url, { ip: readerIp(), headers: accept === undefined ? {} : { accept } })

const band = (id: number) => signedPageUrl(t.deps, id, `/tile/0/2`)

describe('the image routes', () => {
  it('a browser that asks AVIF gets WebP at once until the job queue encoded it, then AVIF; others never get AVIF', async () => {
    const [width, height] = [720, 1600]
    expect(tileHeights(width, height)).toHaveLength(2)
    const pageUrl = `${band(pageId)}&w=768`
    const coverUrl = `/api/image/${coverId}?w=320`
    for (const url of [pageUrl, coverUrl]) {
      const before = await get(url, CHROME)
      expect([before.statusCode, before.headers['content-type'], before.headers.vary]).toEqual([200, 'image/webp', 'Accept'])
      // Kept minutes, not a year (nor the page URL's hours): the AVIF is on its way.
      expect(before.headers['cache-control']).toMatch(new RegExp(`^public, max-age=([1-9]\\d*)$`))
      expect(Number(/max-age=(\d+)/.exec(String(before.headers['cache-control']))?.[1])).toBeLessThanOrEqual(AVIF_PENDING_SECONDS)
      // Nothing was encoded for that request.
      expect(await t.db.selectFrom('image_variants').select('id').where('image_id', 'in', [pageId, coverId]).execute()).toEqual([])
    }

    const encoded = await encodeImageVariants(t.deps, pageId)
    // Six widths (a vector page renders at every preset), two bands each.
    expect(encoded.variants).toBe(12)
    expect((await encodeImageVariants(t.deps, coverId)).variants).toBe(
      plannedVariants({ width: 384, height: 544, mime: 'image/svg+xml', access: 'public' }).length,
    )
    // A second encode (a retried job, another process) finds them stored.
    expect(await encodeImageVariants(t.deps, pageId)).toEqual({ variants: 0, bytes: 0 })

    // Every API process asks the database again once told (the cache bus: at once on PGlite's one process).
    const served = async (url: string) => (await get(url, CHROME)).headers['content-type'] === 'image/avif'
    await eventually(async () => (await served(pageUrl)) && (await served(pageUrl)) && (await served(coverUrl)) && (await served(coverUrl)), Boolean, 30_000)
    for (const url of [pageUrl, coverUrl]) {
      const avif = await get(url, CHROME)
      expect([avif.statusCode, avif.headers['content-type'], avif.headers.vary]).toEqual([200, 'image/avif', 'Accept'])
      expect((await sharp(avif.rawPayload).metadata()).format).toBe('heif')
      expect(avif.headers['cache-control']).toMatch(/immutable/)
      const webp = await get(url, SAFARI_15)
      expect([webp.headers['content-type'], webp.headers.vary]).toEqual(['image/webp', 'Accept'])
      expect(webp.headers.etag).not.toBe(avif.headers.etag)
      for (const accept of [OLD, undefined, '*/*', 'image/*', 'image/avif;q=0,image/webp;q=0'])
        expect([accept, (await get(url, accept)).headers['content-type']]).toEqual([accept, 'image/jpeg'])
      // The AVIF's own ETag revalidates it.
      const again = await t.call('GET', url, { ip: readerIp(), headers: { accept: CHROME, 'if-none-match': String(avif.headers.etag) } })
      expect(again.statusCode).toBe(304)
    }
    // The bands of the page are both there, and the other widths the strip offers.
    for (const w of ['640', '1536'])
      expect((await get(`${signedPageUrl(t.deps, pageId, '/tile/1/2')}&w=${w}`, CHROME)).headers['content-type']).toBe('image/avif')
  })

  it('hostile Accept headers never make a 500', async () => {
    for (const accept of [
      'image/avif;q=0.5;q=2;;;,,,',
      `image/avif;${'a=b;'.repeat(1500)}`,
      'image/avif'.repeat(1500),
      ',,,,;;;;====',
      '\u00e9\u00e8image/avif',
      'image/avif; q="1"',
    ]) {
      const answer = await get(`/api/image/${coverId}?w=320`, accept)
      expect([accept.slice(0, 30), answer.statusCode, answer.headers.vary]).toEqual([accept.slice(0, 30), 200, 'Accept'])
    }
  })
})

describe('data saving (SPEC §2 image quality)', () => {
  it('picks a smaller variant of the same page: fewer bytes in AVIF, WebP and JPEG', async () => {
    const phone = { cssWidth: 390, density: 3 }
    const url = band(pageId)
    const high = pickedPageUrl(stripPageSources(url, false), phone.cssWidth, phone.density)
    const saving = pickedPageUrl(stripPageSources(url, true, phone.cssWidth), phone.cssWidth, 1)
    await encodeImageVariants(t.deps, pageId)
    for (const [format, accept] of [
      ['avif', CHROME],
      ['webp', SAFARI_15],
      ['jpeg', OLD],
    ] as const) {
      const [highBytes = 0, savingBytes = Infinity] = await Promise.all(
        [high, saving].map(async (asked) => {
          const answer = await get(asked, accept)
          expect([asked, answer.headers['content-type']]).toEqual([asked, `image/${format}`])
          return answer.rawPayload.length
        }),
      )
      // 640 pixels against 1280 for a 390-wide phone at density 3: well under two thirds of the bytes.
      expect([format, savingBytes < highBytes * 0.6]).toEqual([format, true])
    }
  })
})

describe('the job queue (pg-boss)', () => {
  let jobs: ImageJobs | null = null
  afterEach(async () => {
    await jobs?.stop()
    jobs = null
  })

  const tinyPng = (colour: string) =>
    sharp({ create: { width: 12, height: 12, channels: 3, background: colour } })
      .png()
      .toBuffer()

  it('encodes a published image in the job queue; the backfill resumes after the last image it finished, stops and goes on', async () => {
    const quiet = { tickMs: 60_000, pollingSeconds: 0.5, onError: () => undefined, log: () => undefined }
    jobs = await startImageJobs(t.deps, t.jobsConnection, quiet)
    // Published: its encode is queued, and the queue's worker does it.
    const published = await insertImage(t.db, t.deps.objects, { width: 12, height: 12, mime: 'image/png', access: 'public' }, await tinyPng('#c33'))
    await jobs.queue([published])
    await eventually(async () => !!(await t.db.selectFrom('image_variants').select('id').where('image_id', '=', published).executeTakeFirst()), Boolean, 30_000)
    const served = await get(`/api/image/${published}?w=320`, CHROME)
    expect([served.headers['content-type'], served.headers.vary]).toEqual(['image/avif', 'Accept'])
    await jobs.stop()
    jobs = null

    // The backfill: old images (three tiny ones here; the seeded ones are left behind its mark).
    const old = []
    for (const colour of ['#111', '#222', '#333'])
      old.push(await insertImage(t.db, t.deps.objects, { width: 12, height: 12, mime: 'image/png', access: 'public' }, await tinyPng(colour)))
    const privateOne = await insertImage(t.db, t.deps.objects, { width: 12, height: 12, mime: 'image/png', access: 'private' }, await tinyPng('#444'))
    await setBackfillState(t.db, 'running')
    await t.db.updateTable('image_backfill').set({ last_image_id: published }).where('name', '=', 'avif').execute()
    const first = await backfillStep(t.deps, { limit: 1 })
    expect([first.images, first.variants, first.more]).toEqual([1, 1, true])
    expect((await backfillStatus(t.db)).lastImageId).toBe(old[0])
    // An operator stops it: nothing moves; started again, it resumes after old[0].
    await setBackfillState(t.db, 'stopped')
    expect((await backfillStep(t.deps, { limit: 5 })).images).toBe(0)
    await setBackfillState(t.db, 'running')
    const rest = await backfillStep(t.deps, { limit: 5 })
    expect([rest.images, rest.variants]).toEqual([2, 2])
    expect((await backfillStep(t.deps, { limit: 5 })).more).toBe(false)
    const status = await backfillStatus(t.db)
    expect([status.state, status.lastImageId, status.remaining]).toEqual(['done', old[2], 0])
    expect(await t.db.selectFrom('image_variants').select('id').where('image_id', '=', privateOne).execute()).toEqual([])

    // Through the job queue: an image arriving after the mark takes the backfill back up.
    const late = await insertImage(t.db, t.deps.objects, { width: 12, height: 12, mime: 'image/png', access: 'public' }, await tinyPng('#555'))
    jobs = await startImageJobs(t.deps, t.jobsConnection, quiet)
    await eventually(async () => (await backfillStatus(t.db)).lastImageId >= late, Boolean, 30_000)
    expect(await t.db.selectFrom('image_variants').select('variant').where('image_id', '=', late).execute()).toEqual([{ variant: 'avif:w12' }])
    expect(Object.values(IMAGE_QUEUES)).toHaveLength(2)
  })
})
