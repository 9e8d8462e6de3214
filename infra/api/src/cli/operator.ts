/**
 * Operators (issue 17): `npm run operator -- grant someone@example.com`, `revoke …`,
 * `reset-totp …` (a lost authenticator app), `list`. DATA_DIR and DATABASE_URL as for the API; on
 * PGlite stop the API first (the data folder is held by one process). Every change is written to
 * the audit log as `cli:<system user>`. `grant` and `reset-totp` print a one-time set-up code
 * (issue 33): the only way an operator's first authenticator is set up; the site never mails it.
 */
import { userInfo } from 'node:os'
import { createClock } from '../clock'
import { loadConfig, pgliteDir } from '../config'
import { connect, DataDirInUseError } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import type { AppDeps } from '../deps'
import { grantOperator, listOperators, resetOperatorFactor, revokeOperator } from '../modules/ops/operators'
import { objectStoreOf } from '../storage'

const USAGE = `usage: npm run operator -- grant <e-mail> | revoke <e-mail> | reset-totp <e-mail> | list`

function systemUser(): string {
  try {
    return userInfo().username
  } catch {
    return process.env.USER ?? 'unknown'
  }
}

async function main(): Promise<void> {
  const [command, email = ''] = process.argv.slice(2)
  const commands = ['grant', 'revoke', 'reset-totp', 'list']
  if (!command || !commands.includes(command) || (command !== 'list' && !email)) {
    console.error(USAGE)
    process.exitCode = 2
    return
  }
  const config = loadConfig()
  const handle = await connect(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config) })
  try {
    await migrateToLatest(handle.db)
    const deps: AppDeps = { db: handle.db, clock: createClock(), config, objects: objectStoreOf(config.objectStore) }
    const actor = { memberId: null, label: `cli:${systemUser()}` }
    if (command === 'list') {
      const operators = await listOperators(deps)
      if (!operators.length) console.log('operator: no operators')
      for (const op of operators)
        console.log(`#${op.id}\t${op.email ?? ''}\t${op.nickname}\t${op.enrolled ? 'authenticator set up' : 'authenticator not set up yet'}`)
      return
    }
    const result =
      command === 'grant'
        ? await grantOperator(deps, actor, email, { production: config.production })
        : command === 'revoke'
          ? await revokeOperator(deps, actor, email)
          : await resetOperatorFactor(deps, actor, email)
    if (result.ok) {
      console.log(`operator: ${result.message}`)
      if (result.enrolment) {
        console.log(`operator: set-up code: ${result.enrolment.code}`)
        console.log(`operator: it works once, until ${result.enrolment.expiresAt.toISOString()} (24 hours); reset-totp prints a new one`)
      }
    } else {
      console.error(`operator: ${result.message}`)
      process.exitCode = 1
    }
  } finally {
    await handle.close()
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) console.error(`operator: ${error.message}`)
  else console.error('operator failed:', error)
  process.exitCode = 1
})
