/**
 * Export the first-party analytics events (SPEC §7) as CSV or JSON lines:
 *
 *   npm run analytics -- export [--format csv|jsonl] [--since 2026-11-01] [--until 2026-12-01] [--out events.csv]
 *
 * Oldest first, paged from the database (an export of millions of events does not sit in
 * memory); to standard output unless --out names a file. DATA_DIR and DATABASE_URL as for the
 * API; a PGlite folder is held by a running API: stop it first, or use PostgreSQL.
 */
import fs from 'node:fs'
import { once } from 'node:events'
import { parseArgs } from 'node:util'
import { loadConfig, pgliteDir } from '../config'
import { connect, DataDirInUseError } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import { csvHeader, csvLine, exportEvents, jsonLine } from '../modules/analytics/service'

const USAGE = 'usage: npm run analytics -- export [--format csv|jsonl] [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--out FILE]'

function dateArg(name: string, value: string | undefined): Date | undefined | null {
  if (value === undefined) return undefined
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) {
    console.error(`analytics: --${name} must be a date (YYYY-MM-DD or ISO time), not ${value}`)
    return null
  }
  return date
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { format: { type: 'string', default: 'csv' }, since: { type: 'string' }, until: { type: 'string' }, out: { type: 'string' } },
  })
  const since = dateArg('since', values.since)
  const until = dateArg('until', values.until)
  if (positionals[0] !== 'export' || (values.format !== 'csv' && values.format !== 'jsonl') || since === null || until === null) {
    console.error(USAGE)
    process.exitCode = 2
    return
  }
  const config = loadConfig()
  const handle = await connect(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config) })
  const out = values.out ? fs.createWriteStream(values.out) : process.stdout
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain')
  }
  let count = 0
  try {
    await migrateToLatest(handle.db)
    if (values.format === 'csv') await write(csvHeader())
    for await (const event of exportEvents(handle, { since, until })) {
      await write(values.format === 'csv' ? csvLine(event) : jsonLine(event))
      count += 1
    }
  } finally {
    await handle.close()
    if (out !== process.stdout) await new Promise<void>((resolve) => (out as fs.WriteStream).end(resolve))
  }
  console.error(`analytics: ${count} event${count === 1 ? '' : 's'} exported${values.out ? ` to ${values.out}` : ''}`)
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) console.error(`analytics: ${error.message}`)
  else console.error('analytics failed:', error)
  process.exitCode = 1
})
