import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from './schema'

const known = new WeakMap<Kysely<Database>, Map<string, Promise<Buffer>>>()

/**
 * A key the API generates once and keeps in `app_secrets`, shared by every API process on the
 * database (page-URL signing, unsubscribe links, analytics pseudonyms): 32 random bytes, made by
 * whichever process asks first (a race keeps one), read once per process.
 */
export function appSecret(db: Kysely<Database>, name: string): Promise<Buffer> {
  let byName = known.get(db)
  if (!byName) known.set(db, (byName = new Map()))
  let secret = byName.get(name)
  if (!secret) {
    secret = (async () => {
      await db
        .insertInto('app_secrets')
        .values({ name, value: randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute()
      const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow()
      return Buffer.from(row.value, 'base64url')
    })()
    secret.catch(() => byName.delete(name))
    byName.set(name, secret)
  }
  return secret
}
