import type { Locale } from '@koma/contracts/server'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { ObjectStore } from '../../storage'
import { insertImage } from '../image/stored'

/** The SQL of support: inquiry uploads and forms, notices, FAQ and legal documents. */
type Db = Kysely<Database>

/** Keep an uploaded inquiry image (private, its bytes through the object store) and the token that lets only its sender attach it. */
export async function saveInquiryUpload(
  db: Db,
  objects: ObjectStore,
  image: { width: number; height: number; bytes: Buffer },
  owner: { token: string; deviceId: string; memberId: number | null; now: Date },
): Promise<void> {
  const imageId = await insertImage(db, objects, { width: image.width, height: image.height, mime: 'image/jpeg', access: 'private' }, image.bytes)
  await db
    .insertInto('inquiry_uploads')
    .values({ token: owner.token, image_id: imageId, device_id: owner.deviceId, member_id: owner.memberId, created_at: owner.now })
    .execute()
}

export const insertInquiry = (db: Db, row: { memberId: number | null; email: string; category: string; body: string; locale: Locale; now: Date }) =>
  db
    .insertInto('inquiries')
    .values({ member_id: row.memberId, email: row.email, category: row.category, body: row.body, locale: row.locale, created_at: row.now })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow()

/**
 * Attach uploads to an inquiry: only tokens uploaded on this device, signed out or by this very
 * member, and not attached yet. Answers how many were attached.
 */
export async function attachUploads(db: Db, inquiryId: number, tokens: string[], deviceId: string, memberId: number | null): Promise<number> {
  const attached = await db
    .updateTable('inquiry_uploads')
    .set({ inquiry_id: inquiryId })
    .where('token', 'in', tokens)
    .where('device_id', '=', deviceId)
    .where((eb) => (memberId !== null ? eb.or([eb('member_id', 'is', null), eb('member_id', '=', memberId)]) : eb('member_id', 'is', null)))
    .where('inquiry_id', 'is', null)
    .executeTakeFirst()
  return Number(attached.numUpdatedRows)
}

export const accountEmailOf = async (db: Db, memberId: number): Promise<string | null> =>
  (await db.selectFrom('members').select('email').where('id', '=', memberId).executeTakeFirst())?.email ?? null

/** Published notices in a language, pinned first then newest, one page (and one row more to tell if there is a next). */
export const noticesPage = (db: Db, locale: Locale, now: Date, pageNo: number, pageSize: number) =>
  db
    .selectFrom('notices as n')
    .innerJoin('notice_texts as t', (join) => join.onRef('t.notice_id', '=', 'n.id').on('t.lang', '=', locale))
    .select(['n.id', 'n.category', 'n.pinned', 'n.published_at', 't.title'])
    .where('n.published_at', '<=', now)
    .orderBy('n.pinned', 'desc')
    .orderBy('n.published_at', 'desc')
    .limit(pageSize + 1)
    .offset((pageNo - 1) * pageSize)
    .execute()

export const publishedNotice = (db: Db, id: number, locale: Locale, now: Date) =>
  db
    .selectFrom('notices as n')
    .innerJoin('notice_texts as t', (join) => join.onRef('t.notice_id', '=', 'n.id').on('t.lang', '=', locale))
    .select(['n.id', 'n.category', 'n.pinned', 'n.published_at', 't.title', 't.body'])
    .where('n.id', '=', id)
    .where('n.published_at', '<=', now)
    .executeTakeFirst()

const faqQuery = (db: Db, locale: Locale) =>
  db
    .selectFrom('faqs as f')
    .innerJoin('faq_texts as t', (join) => join.onRef('t.faq_id', '=', 'f.id').on('t.lang', '=', locale))
    .select(['f.id', 'f.category', 'f.sort', 't.question', 't.answer'])

export function faqs(db: Db, locale: Locale, category: string | null) {
  let query = faqQuery(db, locale).orderBy('f.sort').orderBy('f.id')
  if (category) query = query.where('f.category', '=', category)
  return query.execute()
}

export const faq = (db: Db, locale: Locale, id: number) => faqQuery(db, locale).where('f.id', '=', id).executeTakeFirst()

/** The versions of a legal document in effect by now, newest first. */
export const legalVersions = (db: Db, type: string, now: Date) =>
  db
    .selectFrom('legal_documents')
    .select(['version', 'effective_at'])
    .where('type', '=', type)
    .where('effective_at', '<=', now)
    .orderBy('version', 'desc')
    .execute()

/** A version's text in the reader's language, else English. */
export const legalText = (db: Db, type: string, version: number, locale: Locale) =>
  db
    .selectFrom('legal_texts')
    .select(['title', 'body'])
    .where('type', '=', type)
    .where('version', '=', version)
    .where('lang', 'in', [locale, 'en'])
    .orderBy((eb) => eb.case().when('lang', '=', locale).then(0).else(1).end())
    .executeTakeFirst()
