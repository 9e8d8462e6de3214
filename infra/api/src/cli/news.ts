/**
 * Send a news e-mail to every member who keeps news e-mails on (SPEC §2 settings), by e-mail and
 * as an inbox message, each at a decent hour in the member's own time zone (night window):
 *
 *   npm run news -- --subject "Summer festival" --body "Forty titles free until Sunday." \
 *     [--subject-ja … --body-ja … --subject-fr … --body-fr …] [--link /menu/all_comic/event] [--deliver]
 *
 * Languages without their own text get the English one. The news is queued in the database;
 * the API's notification jobs deliver it (at once, or at 8:00 for members in their night).
 * `--deliver` also sends what is due right away from this command (when the API is stopped).
 * DATA_DIR and DATABASE_URL as for the API; a PGlite folder is held by a running API: stop it
 * first, or use PostgreSQL.
 */
import { LOCALES, safeSitePath, type Locale } from '@koma/contracts/server'
import { parseArgs } from 'node:util'
import { createClock } from '../clock'
import { loadConfig, pgliteDir } from '../config'
import { connect, DataDirInUseError } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import { createNews, runNotificationsOnce } from '../modules/notify/service'
import { objectStoreOf } from '../storage'

const USAGE =
  'usage: npm run news -- --subject TEXT --body TEXT [--subject-ja TEXT --body-ja TEXT] [--subject-fr TEXT --body-fr TEXT] [--link /path] [--deliver]'

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      subject: { type: 'string' },
      body: { type: 'string' },
      'subject-ja': { type: 'string' },
      'body-ja': { type: 'string' },
      'subject-fr': { type: 'string' },
      'body-fr': { type: 'string' },
      link: { type: 'string' },
      deliver: { type: 'boolean', default: false },
    },
  })
  const subject = values.subject?.trim()
  const body = values.body?.trim()
  if (!subject || !body) {
    console.error(USAGE)
    process.exitCode = 2
    return
  }
  const link = values.link ? safeSitePath(values.link) : null
  if (values.link && !link) {
    console.error(`news: --link must be a path on the site (e.g. /document/notice), not ${values.link}`)
    process.exitCode = 2
    return
  }
  const texts = Object.fromEntries(
    LOCALES.map((locale) => {
      const own = locale === 'en' ? null : { subject: values[`subject-${locale}`]?.trim(), body: values[`body-${locale}`]?.trim() }
      return [locale, { subject: own?.subject || subject, body: own?.body || body }]
    }),
  ) as Record<Locale, { subject: string; body: string }>

  const config = loadConfig()
  const handle = await connect(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config) })
  try {
    await migrateToLatest(handle.db)
    const clock = createClock()
    const { newsId, recipients } = await createNews(handle.db, clock.now(), { texts, link })
    console.log(`news #${newsId}: queued for ${recipients} member${recipients === 1 ? '' : 's'} who keep news e-mails on`)
    if (values.deliver) {
      const { sent, skipped } = await runNotificationsOnce({ db: handle.db, clock, config, objects: objectStoreOf(config.objectStore) })
      console.log(`news: ${sent} notification${sent === 1 ? '' : 's'} sent now, ${skipped} skipped; the rest wait for the morning in their readers' time zones`)
    }
  } finally {
    await handle.close()
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) console.error(`news: ${error.message}`)
  else console.error('news failed:', error)
  process.exitCode = 1
})
