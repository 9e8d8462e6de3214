import { endpoints, type ContentType } from '@koma/contracts/server'
import { constants, createPublicKey, publicEncrypt } from 'node:crypto'
import type { TestApp } from './testApp'
import { cookiesOf } from './testApp'

let addresses = 0
/**
 * A fresh reader address (198.18.0.0/15, the benchmarking range): each new member of a test comes
 * from its own machine, as readers do, so a file that registers dozens of members does not meet
 * the per-address sign-up limits (limits.ts) meant for one machine.
 */
export const readerIp = (): string => {
  addresses += 1
  return `198.18.${(addresses >> 8) & 255}.${addresses & 255}`
}

export const SEEDED = { email: 'reader@koma.example', password: 'koma-reader-1' }

/** Seal a password the way the browser does (RSA-OAEP SHA-256 over { sessionKey, password }). */
export async function sealedPassword(t: TestApp, password: string): Promise<{ sessionKey: string; rsaEncryptedString: string }> {
  // Each form's key from its own address, as each reader's browser asks (the key has a limit per address).
  const issued = await t.call(endpoints.rsaKey, { params: { purpose: 'signin' }, ip: readerIp() })
  const { sessionKey, publicKey } = issued.json().result as { sessionKey: string; publicKey: string }
  const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' })
  const sealed = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(JSON.stringify({ sessionKey, password })))
  return { sessionKey, rsaEncryptedString: sealed.toString('base64') }
}

/** Sign the seeded member in and return the cookies of the session. */
export async function signIn(t: TestApp, email = SEEDED.email, password = SEEDED.password): Promise<Record<string, string>> {
  const sealed = await sealedPassword(t, password)
  const response = await t.call(endpoints.signin, { body: { email, ...sealed, stayLogged: 'true' } })
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`)
  return cookiesOf(response)
}

/** A chapter matching a condition, from the seeded catalogue. */
export async function findChapter(t: TestApp, where: { free?: boolean; mature?: boolean; hasTrial?: boolean; type?: 'comic' | 'magazine_comic' }) {
  let query = t.db
    .selectFrom('chapters as ch')
    .innerJoin('contents as c', 'c.id', 'ch.content_id')
    .select(['ch.id as chapterId', 'c.id as contentId', 'c.type', 'ch.sort'])
    .where('ch.aborted', '=', false)
    .orderBy('c.id')
    .orderBy('ch.sort')
  if (where.free !== undefined) query = query.where('ch.free', '=', where.free)
  if (where.mature !== undefined) query = query.where('c.mature', '=', where.mature)
  if (where.hasTrial !== undefined) query = query.where('ch.has_trial', '=', where.hasTrial)
  if (where.type) query = query.where('c.type', '=', where.type)
  const row = await query.executeTakeFirstOrThrow()
  return row
}

/** Every chapter sold for coins (not free, not mature, not aborted, published), in catalogue order. */
export async function coinChapters(db: TestApp['db']): Promise<{ id: number; contentId: number; type: string; price: number }[]> {
  const rows = await db
    .selectFrom('chapters as ch')
    .innerJoin('contents as c', 'c.id', 'ch.content_id')
    .select(['ch.id', 'c.id as contentId', 'c.type', 'ch.price'])
    .where('c.mature', '=', false)
    .where('ch.free', '=', false)
    .where('ch.aborted', '=', false)
    .where('ch.price', '>=', 1)
    .where('ch.published_at', '<=', new Date())
    .orderBy('c.id')
    .orderBy('ch.sort')
    .execute()
  return rows.map((row) => ({ id: Number(row.id), contentId: Number(row.contentId), type: row.type, price: Number(row.price) }))
}

/** The first title every reader may open (not mature, not coming soon). */
export async function readableTitle(db: TestApp['db']): Promise<{ type: ContentType; id: number }> {
  const row = await db
    .selectFrom('contents')
    .select(['id', 'type'])
    .where('mature', '=', false)
    .where('status', '!=', 'coming_soon')
    .orderBy('id')
    .executeTakeFirstOrThrow()
  return { type: row.type as ContentType, id: Number(row.id) }
}
