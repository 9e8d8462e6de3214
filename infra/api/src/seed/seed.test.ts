import { verify } from '@node-rs/argon2'
import type { Kysely } from 'kysely'
import sharp from 'sharp'
import { connect, type DatabaseHandle } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import type { Database } from '../db/schema'
import { planCatalogue } from './catalogue'
import { ImageBank } from './images'
import { databaseIsEmpty, SEEDED_MEMBER, seedDatabase, type SeedSummary } from '.'
import { coinBalance, ledgerSum, memberExpiringCoins } from '../modules/coin/ledger'
import { databaseStore, sha256Of } from '../storage'

jest.setTimeout(120_000)

const NOW = new Date('2026-11-20T03:00:00.000Z')
const LANGS = ['en', 'fr', 'ja']

let handle: DatabaseHandle
let db: Kysely<Database>
let summary: SeedSummary

beforeAll(async () => {
  handle = await connect({ dataDir: ':memory:' })
  db = handle.db
  await migrateToLatest(db)
  expect(await databaseIsEmpty(db)).toBe(true)
  summary = await seedDatabase(db, { now: NOW })
})

afterAll(async () => {
  await handle?.close()
})

describe('seedDatabase', () => {
  it('writes a catalogue of both content types and both orientations', async () => {
    expect(summary.skipped).toBe(false)
    const contents = await db.selectFrom('contents').selectAll().execute()
    expect(contents.length).toBeGreaterThanOrEqual(40)
    expect(contents.length).toBe(summary.contents)
    expect(new Set(contents.map((c) => c.type))).toEqual(new Set(['comic', 'magazine_comic']))
    expect(new Set(contents.map((c) => c.orientation))).toEqual(new Set(['vertical', 'paged']))
    expect(new Set(contents.map((c) => c.reading_direction))).toEqual(new Set(['ttb', 'rtl', 'ltr']))
    expect(new Set(contents.map((c) => c.status))).toEqual(new Set(['ongoing', 'completed', 'hiatus', 'coming_soon']))
    // Ids 1..N on a fresh database.
    expect(contents.map((c) => Number(c.id)).sort((a, b) => a - b)).toEqual(contents.map((_, i) => i + 1))
    const mature = contents.filter((c) => c.mature)
    expect(mature.length).toBe(3)
    for (const c of mature) expect([c.restricted_age, c.badge]).toEqual([18, null])
    for (const c of contents.filter((c) => c.status === 'coming_soon')) expect(new Date(c.published_at).getTime()).toBeGreaterThan(NOW.getTime())
    const days = new Set(contents.filter((c) => c.status === 'ongoing').flatMap((c) => c.publish_days))
    expect([...days].sort()).toEqual([1, 2, 3, 4, 5, 6, 7])
    const views = contents.map((c) => Number(c.total_views))
    expect(Math.min(...views)).toBeLessThan(1000)
    expect(Math.max(...views)).toBeGreaterThan(100_000_000)
  })

  it('gives every seeded member settings that agree with their consents (news e-mails reach those who agreed)', async () => {
    const rows = await db
      .selectFrom('members')
      .innerJoin('member_settings', 'member_settings.member_id', 'members.id')
      .select(['members.email_notify', 'members.marketing_agree', 'member_settings.notify_news_email', 'member_settings.notify_marketing'])
      .where('members.guest', '=', false)
      .execute()
    expect(rows.length).toBeGreaterThan(2)
    expect(rows.some((row) => row.email_notify)).toBe(true)
    for (const row of rows) expect([row.notify_news_email, row.notify_marketing]).toEqual([row.email_notify, row.marketing_agree])
  })

  it('gives every content, chapter, genre and author a text in ja, en and fr', async () => {
    for (const [table, key, parent] of [
      ['content_texts', 'content_id', 'contents'],
      ['chapter_texts', 'chapter_id', 'chapters'],
      ['genre_texts', 'genre_id', 'genres'],
      ['author_texts', 'author_id', 'authors'],
    ] as const) {
      const parents = await db.selectFrom(parent).select('id').execute()
      const rows = await db
        .selectFrom(table)
        .select([`${key} as owner` as never, 'lang'])
        .execute()
      const langsOf = new Map<number, string[]>()
      for (const row of rows as unknown as { owner: number; lang: string }[])
        langsOf.set(Number(row.owner), [...(langsOf.get(Number(row.owner)) ?? []), row.lang])
      for (const { id } of parents) expect([table, id, (langsOf.get(Number(id)) ?? []).sort()]).toEqual([table, id, LANGS])
    }
    const blank = await db
      .selectFrom('content_texts')
      .select('content_id')
      .where((eb) => eb.or([eb('name', '=', ''), eb('description', '=', '')]))
      .execute()
    expect(blank).toEqual([])
    const ja = await db.selectFrom('content_texts').select('name').where('lang', '=', 'ja').execute()
    expect(ja.filter((row) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(row.name)).length).toBeGreaterThan(ja.length * 0.9)
  })

  it('gives every chapter product pages, and trial chapters their first three pages as the trial', async () => {
    const counts = await db
      .selectFrom('chapters as ch')
      .innerJoin('contents as c', 'c.id', 'ch.content_id')
      .leftJoin('chapter_pages as p', (join) => join.onRef('p.chapter_id', '=', 'ch.id').on('p.sales_type', '=', 'product'))
      .select((eb) => ['ch.id', 'c.chapter_file_format', eb.fn.count<number>('p.image_id').as('pages')])
      .groupBy(['ch.id', 'c.chapter_file_format'])
      .execute()
    expect(counts.length).toBe(summary.chapters)
    for (const row of counts) if (row.chapter_file_format === 'image') expect([row.id, Number(row.pages) >= 1]).toEqual([row.id, true])
    const trials = await db.selectFrom('chapters').select('id').where('has_trial', '=', true).execute()
    expect(trials.length).toBeGreaterThan(0)
    for (const { id } of trials) {
      const pages = await db.selectFrom('chapter_pages').select(['sales_type', 'image_id']).where('chapter_id', '=', id).orderBy('sort').execute()
      const product = pages.filter((p) => p.sales_type === 'product').map((p) => p.image_id)
      expect(pages.filter((p) => p.sales_type === 'trial').map((p) => p.image_id)).toEqual(product.slice(0, 3))
    }
  })

  it('sells chapters free, for coins, for rent, and rent-only', async () => {
    const chapters = await db.selectFrom('chapters').selectAll().execute()
    const free = chapters.filter((c) => c.free)
    const paid = chapters.filter((c) => !c.free && c.price >= 0)
    const rentable = chapters.filter((c) => c.rental_price >= 0)
    const rentOnly = chapters.filter((c) => !c.free && c.price < 0 && c.rental_price >= 0)
    expect(free.length).toBeGreaterThan(0)
    expect(paid.length).toBeGreaterThan(0)
    expect(rentable.length).toBeGreaterThan(0)
    expect(rentOnly.length).toBeGreaterThan(0)
    for (const c of free) expect([c.price, c.rental_price]).toEqual([-1, -1])
    for (const c of paid) {
      expect(c.price).toBeGreaterThanOrEqual(1)
      expect(c.original_price).toBeGreaterThanOrEqual(c.price)
      expect(c.purchase_allowed_with).toEqual(['coin'])
    }
    for (const c of rentable) expect(c.rent_allowed_with).toContain('coin')
    expect(rentable.some((c) => c.rent_allowed_with.includes('gauge'))).toBe(true)
    expect(paid.some((c) => c.original_price > c.price)).toBe(true)
    expect(chapters.filter((c) => c.aborted).length).toBe(1)
    expect(chapters.every((c) => c.thumbnail_image_id !== null)).toBe(true)
  })

  it('gives the seeded reader booked reward coins: bonus coins that stay, free coins that expire in three days', async () => {
    const member = await db.selectFrom('members').select('id').where('email', '=', SEEDED_MEMBER.email).executeTakeFirstOrThrow()
    expect(await coinBalance(db, member.id, NOW)).toEqual({ free: 15, bonus: 10, purchased: 0, total: 25 })
    expect(await ledgerSum(db, member.id)).toBe(25)
    expect(await memberExpiringCoins(db, member.id, NOW)).toEqual([{ amount: 15, expireAt: new Date(NOW.getTime() + 3 * 86_400_000).toISOString() }])
    const grants = await db.selectFrom('reward_grants').selectAll().where('member_id', '=', member.id).execute()
    expect(grants.every((grant) => grant.booked_at !== null && grant.ledger_ref !== null)).toBe(true)
  })

  it('credits authors in several roles, some titles with a whole team', async () => {
    const credits = await db.selectFrom('content_authors').select(['content_id', 'role']).execute()
    expect(new Set(credits.map((c) => c.role)).size).toBeGreaterThanOrEqual(6)
    const rolesPerTitle = new Map<number, Set<string>>()
    for (const c of credits) rolesPerTitle.set(Number(c.content_id), (rolesPerTitle.get(Number(c.content_id)) ?? new Set()).add(c.role))
    expect([...rolesPerTitle.values()].filter((roles) => roles.size >= 3).length).toBeGreaterThanOrEqual(3)
    expect(rolesPerTitle.size).toBe(summary.contents)
  })

  it('lays out the home page: a top banner, shuffle groups, an untyped and a mature section', async () => {
    const sections = await db.selectFrom('home_sections').selectAll().orderBy('sort').execute()
    const top = sections.filter((s) => s.top_banner)
    expect(top.length).toBe(1)
    const banners = await db.selectFrom('home_elements').selectAll().where('section_id', '=', top[0]!.id).execute()
    expect(banners.length).toBe(5)
    const groups = sections.filter((s) => s.shuffle_group).map((s) => `${s.shuffle_group}:${s.element_ui_type}`)
    expect(groups.filter((g) => g === 'A:banner_list_content_big_group').length).toBe(3)
    expect(groups.filter((g) => g === 'B:banner_list_group').length).toBe(2)
    expect(sections.some((s) => s.section_ui_type === null)).toBe(true)
    expect(sections.some((s) => s.mature)).toBe(true)
    const elements = await db
      .selectFrom('home_elements as e')
      .innerJoin('contents as c', 'c.id', 'e.content_id')
      .select(['e.url_http', 'c.id', 'c.type', 'c.status'])
      .execute()
    for (const e of elements) expect(e.url_http).toBe(e.status === 'coming_soon' ? `/${e.type}/coming_soon/${e.id}` : `/${e.type}/${e.id}`)
    const menu = await db.selectFrom('menu_items').select('code').orderBy('sort').execute()
    expect(menu.map((m) => m.code)).toEqual(['home', 'new', 'ranking', 'free', 'daily', 'completed', 'genre', 'store', 'event'])
    const coins = await db.selectFrom('coin_products').selectAll().where('currency', '=', 'JPY').orderBy('sort').execute()
    expect(coins.map((c) => c.price)).toEqual([120, 370, 610, 1220, 3680, 6100])
  })

  it('creates the seeded member with an argon2id hash of the known password', async () => {
    const member = await db.selectFrom('members').selectAll().where('email', '=', SEEDED_MEMBER.email).executeTakeFirstOrThrow()
    expect(member).toMatchObject({ nickname: SEEDED_MEMBER.nickname, guest: false, email_notify: true })
    expect(member.password_hash).toMatch(/^\$argon2id\$/)
    expect(await verify(member.password_hash as string, SEEDED_MEMBER.password)).toBe(true)
    expect(await verify(member.password_hash as string, 'wrong-password')).toBe(false)
    const comments = await db.selectFrom('comments').select(['member_id', 'created_at']).orderBy('id').execute()
    expect(comments.length).toBeGreaterThan(20)
    expect(comments.some((c) => Number(c.member_id) === Number(member.id))).toBe(false)
    const times = comments.map((c) => new Date(c.created_at).getTime())
    expect(times).toEqual([...times].sort((a, b) => a - b))
  })

  it('stores valid SVG artwork whose declared size matches its row, and it rasterises', async () => {
    const images = await db.selectFrom('images').select(['id', 'width', 'height', 'mime', 'bytes', 'storage_key', 'sha256']).execute()
    expect(images.length).toBe(summary.images)
    for (const image of images) {
      // The default store keeps the bytes in the row, with their hash.
      const bytes = await databaseStore.get(image)
      expect([image.storage_key, image.sha256]).toEqual([null, sha256Of(bytes)])
      const svg = bytes.toString('utf8')
      expect(image.mime).toBe('image/svg+xml')
      expect(svg.startsWith('<svg')).toBe(true)
      expect(svg.endsWith('</svg>')).toBe(true)
      const root = svg.slice(0, svg.indexOf('>'))
      expect([image.id, root.match(/ width="(\d+)"/)?.[1], root.match(/ height="(\d+)"/)?.[1]]).toEqual([image.id, String(image.width), String(image.height)])
    }
    const cover = await db
      .selectFrom('content_images as ci')
      .innerJoin('images as i', 'i.id', 'ci.image_id')
      .select(['i.bytes', 'i.storage_key', 'i.width', 'i.height'])
      .where('ci.type', '=', 'cover')
      .limit(1)
      .executeTakeFirstOrThrow()
    expect([cover.width, cover.height]).toEqual([384, 544])
    const webp = await sharp(await databaseStore.get(cover))
      .webp()
      .toBuffer()
    expect(webp.subarray(8, 12).toString()).toBe('WEBP')
    const page = await db
      .selectFrom('chapter_pages as p')
      .innerJoin('images as i', 'i.id', 'p.image_id')
      .select(['i.bytes', 'i.storage_key'])
      .limit(1)
      .executeTakeFirstOrThrow()
    const { info } = await sharp(await databaseStore.get(page))
      .resize({ width: 360 })
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect(info.width).toBe(360)
  })

  it('is guarded: the database is no longer empty and a second run writes nothing', async () => {
    expect(await databaseIsEmpty(db)).toBe(false)
    const before = await db
      .selectFrom('images')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const again = await seedDatabase(db, { now: NOW })
    expect(again.skipped).toBe(true)
    expect(again.contents).toBe(0)
    const after = await db
      .selectFrom('images')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })

  it('describes every comic page in ja, en and fr, from what its artwork was drawn from (issue 37)', async () => {
    const pages = await db.selectFrom('chapter_pages').select('image_id').distinct().execute()
    expect(pages.length).toBeGreaterThan(100)
    const rows = await db.selectFrom('page_descriptions').select(['image_id', 'lang', 'description']).execute()
    for (const page of pages)
      expect(
        rows
          .filter((row) => Number(row.image_id) === Number(page.image_id))
          .map((row) => row.lang)
          .sort(),
      ).toEqual(LANGS)
    const english = rows.find((row) => row.lang === 'en')?.description ?? ''
    expect(english).toMatch(/^A (vertical strip|page) of \d+ panels\. Panel 1: /)
  })

  it('is deterministic: the same plan, artwork included, for the same now', () => {
    const a = new ImageBank()
    const b = new ImageBank()
    const first = planCatalogue(NOW, a)
    const second = planCatalogue(NOW, b)
    expect(JSON.stringify(second.map((p) => [p.texts, p.totalViews, p.themeColor, p.chapters]))).toBe(
      JSON.stringify(first.map((p) => [p.texts, p.totalViews, p.themeColor, p.chapters])),
    )
    expect(b.size).toBe(a.size)
    expect(b.fingerprint()).toBe(a.fingerprint())
  })
})
