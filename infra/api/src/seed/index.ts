import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { databaseStore, type ObjectStore } from '../storage'
import { insertAccountData } from './accounts'
import { planCatalogue } from './catalogue'
import { insertCoinProducts } from './coin-products'
import { insertStartingCoins } from './coins'
import { insertComments } from './comments'
import { planHome } from './home'
import { seedDiscovery } from './discovery'
import { ImageBank } from './images'
import { hashPasswords, insertMembers } from './members'
import { insertMenu } from './menu'
import { seedNovels } from './novels'
import { writeCatalogue } from './write-catalogue'
import { writeHome } from './write-home'

export { SEEDED_MEMBER } from './members'

export interface SeedSummary {
  /** True when the database already had a catalogue and nothing was written. */
  skipped: boolean
  contents: number
  chapters: number
  pages: number
  images: number
  /** Total size of the generated SVG files, in bytes. */
  imageBytes: number
  genres: number
  authors: number
  homeSections: number
  homeElements: number
  menuItems: number
  coinProducts: number
  members: number
  comments: number
  /** Wall-clock time of the whole seed, in milliseconds. */
  ms: number
}

/** True when the catalogue has no titles: the seed's signal to run. */
export async function databaseIsEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('contents').select('id').limit(1).executeTakeFirst()
  return row === undefined
}

/** Any number, so replicas starting together on one PostgreSQL seed once. */
const SEED_LOCK = 0x6b6f6d61 // "koma"

/**
 * Fills an empty database with the demonstration catalogue: titles, chapters and pages with
 * generated artwork, the home page, the menu, coin products, members and comments. `demo`: the
 * demo readers (published passwords), coupons and comments; `production`: no account for trying
 * the operator console even then (seed/members.ts DEMO_OPERATOR).
 *
 * Deterministic: the same rows in the same order on every run (ids 1..N on a fresh database);
 * dates are relative to `options.now`. Guarded: everything is written in one transaction that
 * first takes an advisory lock and checks `databaseIsEmpty`; on a database that already has
 * titles it writes nothing and returns `skipped: true`, so running it twice is harmless.
 * Image and EPUB bytes go through `options.objects` (the configured store; the database by default).
 */
export async function seedDatabase(
  db: Kysely<Database>,
  options: { now?: Date; demo?: boolean; production?: boolean; objects?: ObjectStore } = {},
): Promise<SeedSummary> {
  const demo = options.demo ?? true
  const objects = options.objects ?? databaseStore
  const started = Date.now()
  const now = options.now ?? new Date()
  const summary: SeedSummary = {
    skipped: true,
    contents: 0,
    chapters: 0,
    pages: 0,
    images: 0,
    imageBytes: 0,
    genres: 0,
    authors: 0,
    homeSections: 0,
    homeElements: 0,
    menuItems: 0,
    coinProducts: 0,
    members: 0,
    comments: 0,
    ms: 0,
  }
  if (!(await databaseIsEmpty(db))) return { ...summary, ms: Date.now() - started }

  // Hash on the thread pool while the artwork is drawn on this thread.
  const hashing = demo ? hashPasswords() : Promise.resolve(null)
  const bank = new ImageBank()
  const plans = planCatalogue(now, bank)
  const home = planHome(plans, bank, now)
  const hashes = await hashing

  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx)
    if (!(await databaseIsEmpty(trx))) return
    await bank.insert(trx, objects, now)
    const catalogue = await writeCatalogue(trx, plans, bank, now)
    const written = await writeHome(trx, home, plans, catalogue.contentIds, bank)
    summary.menuItems = await insertMenu(trx)
    await seedDiscovery(trx, now)
    summary.coinProducts = await insertCoinProducts(trx)
    if (demo) {
      // Demo readers with published passwords, their coins, inbox and comments, and demo coupons.
      if (!hashes) throw new Error('demo passwords were not hashed')
      const members = await insertMembers(trx, hashes, now, { operatorAccount: !options.production })
      summary.members = members.inserted
      await insertAccountData(
        trx,
        {
          seededId: members.seededId,
          secondId: members.secondId,
          ...(members.operatorId ? { operatorId: members.operatorId } : {}),
          readerIds: members.readerIds,
          contentIds: catalogue.contentIds,
        },
        now,
      )
      await insertStartingCoins(trx, members.seededId, now)
      summary.comments = await insertComments(
        trx,
        { plans, contentIds: catalogue.contentIds, chapterIds: catalogue.chapterIds, readerIds: members.readerIds },
        now,
      )
    } else {
      await insertAccountData(trx, null, now)
    }
    Object.assign(summary, catalogue.counts, {
      homeSections: written.sections,
      homeElements: written.elements,
      images: bank.size,
      imageBytes: bank.bytes,
      skipped: false,
    })
    const novels = await seedNovels(trx, objects, now)
    summary.contents += novels.contents
    summary.chapters += novels.chapters
    summary.images += novels.images
    summary.imageBytes += novels.imageBytes
  })
  return { ...summary, ms: Date.now() - started }
}
