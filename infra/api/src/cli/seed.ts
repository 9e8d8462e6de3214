/**
 * Seed the API database with the demonstration catalogue, if it has none yet.
 * `npx tsx infra/api/src/cli/seed.ts` (or `npm run seed`); DATA_DIR and DATABASE_URL as for the API.
 */
import { loadConfig, pgliteDir } from '../config'
import { connect, DataDirInUseError } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import { databaseIsEmpty, seedDatabase } from '../seed'
import { objectStoreOf } from '../storage'

async function main(): Promise<void> {
  const config = loadConfig()
  const handle = await connect(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config) })
  const where = config.databaseUrl ? 'PostgreSQL' : pgliteDir(config)
  const objects = objectStoreOf(config.objectStore)
  try {
    await migrateToLatest(handle.db)
    if (!(await databaseIsEmpty(handle.db))) {
      console.log(`seed: ${where} already has a catalogue; nothing to do`)
      return
    }
    const s = await seedDatabase(handle.db, { demo: config.demoData, production: config.production, objects })
    if (s.skipped) {
      console.log(`seed: ${where} was seeded meanwhile; nothing to do`)
      return
    }
    console.log(
      `seed: ${s.contents} titles, ${s.chapters} chapters, ${s.pages} pages, ${s.images} images (${(s.imageBytes / 1e6).toFixed(1)} MB), ` +
        `${s.authors} authors, ${s.homeSections} home sections, ${s.members} members, ${s.comments} comments into ${where} in ${(s.ms / 1000).toFixed(1)} s`,
    )
  } finally {
    await handle.close()
    await objects.close()
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) console.error(`seed: ${error.message}`)
  else console.error('seed failed:', error)
  process.exitCode = 1
})
