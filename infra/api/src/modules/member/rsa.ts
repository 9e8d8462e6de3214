import { constants, generateKeyPair, privateDecrypt, randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import type { Kysely } from 'kysely'
import type { Clock } from '../../clock'
import type { Database } from '../../db/schema'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'

const generate = promisify(generateKeyPair)

/** A key pair serves sign-ins for a day; each sign-in form gets its own one-time session key. */
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000
const NONCE_LIFETIME_MS = 10 * 60 * 1000
/** A session key is 32 characters and a 2048-bit ciphertext 344 in base64: longer input is not ours. */
const SESSION_KEY_MAX = 64
const SEALED_MAX = 1024

async function currentKey(db: Kysely<Database>, clock: Clock): Promise<{ id: number; publicSpki: string }> {
  const fresh = await db
    .selectFrom('rsa_keys')
    .select(['id', 'public_spki'])
    .where('created_at', '>', new Date(clock.realNow().getTime() - KEY_LIFETIME_MS))
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (fresh) return { id: fresh.id, publicSpki: fresh.public_spki }
  const { publicKey, privateKey } = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  const publicSpki = Buffer.from(publicKey).toString('base64')
  const row = await db.insertInto('rsa_keys').values({ private_pem: privateKey, public_spki: publicSpki }).returning('id').executeTakeFirstOrThrow()
  return { id: row.id, publicSpki }
}

/** GET /member/rsa/{x}: the public key (SPKI, base64) and a one-time session key. */
export async function issueSigninKey(db: Kysely<Database>, clock: Clock): Promise<{ sessionKey: string; publicKey: string }> {
  const key = await currentKey(db, clock)
  const sessionKey = randomBytes(24).toString('base64url')
  await db
    .insertInto('signin_nonces')
    .values({ session_key: sessionKey, key_id: key.id, expires_at: new Date(clock.realNow().getTime() + NONCE_LIFETIME_MS) })
    .execute()
  // Housekeeping: forget expired nonces so the table stays small.
  await db.deleteFrom('signin_nonces').where('expires_at', '<', clock.realNow()).execute()
  return { sessionKey, publicKey: key.publicSpki }
}

/**
 * Decrypt what the browser encrypted for `sessionKey`, using that key once. Returns null when the
 * key is unknown, expired or already used, or the ciphertext does not decrypt to the same key.
 */
export async function openSealedPayload<T extends { sessionKey: string }>(
  db: Kysely<Database>,
  clock: Clock,
  sessionKey: string,
  rsaEncryptedString: string,
): Promise<T | null> {
  // Refused by length before any query, decoding or decryption.
  if (sessionKey.length > SESSION_KEY_MAX || rsaEncryptedString.length > SEALED_MAX) return null
  const nonce = await db
    .deleteFrom('signin_nonces')
    .where('session_key', '=', sessionKey)
    .where('expires_at', '>', clock.realNow())
    .returning('key_id')
    .executeTakeFirst()
  if (!nonce) return null
  const key = await db.selectFrom('rsa_keys').select('private_pem').where('id', '=', nonce.key_id).executeTakeFirst()
  if (!key) return null
  try {
    const plain = privateDecrypt(
      { key: key.private_pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(rsaEncryptedString, 'base64'),
    )
    const payload = JSON.parse(plain.toString('utf8')) as T
    return payload && payload.sessionKey === sessionKey ? payload : null
  } catch {
    return null
  }
}

/** Decrypt a sealed payload (RSA, one-time session key) or refuse with 400. */
export async function sealed<T extends Record<string, unknown>>(
  deps: AppDeps,
  body: { sessionKey?: unknown; rsaEncryptedString?: unknown },
): Promise<T & { sessionKey: string }> {
  if (typeof body.sessionKey !== 'string' || typeof body.rsaEncryptedString !== 'string') throw apiError('invalidParameter', { field: 'rsaEncryptedString' })
  const payload = await openSealedPayload<T & { sessionKey: string }>(deps.db, deps.clock, body.sessionKey, body.rsaEncryptedString)
  if (!payload) throw apiError('invalidParameter', { field: 'sessionKey' })
  return payload
}
