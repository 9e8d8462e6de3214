import { LEGAL_TYPES, type FaqEntry, type InquiryCategory, type LegalDocument, type Locale } from '@koma/contracts/server'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { randomToken } from '../../http/tokens'
import { reencoded, sniffImage, uploadedImage } from '../image/uploaded'
import { sendMail } from '../mail/send'
import type { SessionMember } from '../session/session'
import * as queries from './queries'

/** An inquiry image: re-encoded (whatever rode along in the original file, scripts or metadata, is dropped), at most 2000 px. */
export async function storeInquiryImage(deps: AppDeps, body: Buffer, deviceId: string, member: SessionMember | null): Promise<{ imageId: string }> {
  const { width, height } = await sniffImage(body)
  const scale = Math.min(1, 2000 / Math.max(width, height))
  const bytes = await reencoded(() =>
    uploadedImage(body)
      .rotate()
      .resize(Math.round(width * scale), Math.round(height * scale))
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true }),
  )
  const token = randomToken(18)
  // Who sent it (device, and member or guest when signed in): only they may attach it.
  await queries.saveInquiryUpload(
    deps.db,
    deps.objects,
    { width: bytes.info.width, height: bytes.info.height, bytes: bytes.data },
    { token, deviceId, memberId: member?.memberId ?? null, now: deps.clock.now() },
  )
  return { imageId: token }
}

/** Save an inquiry (already checked) with its images; mail the confirmation to a member's own address. */
export async function submitInquiry(
  deps: AppDeps,
  form: { email: string; category: string; text: string; imageIds: string[] },
  deviceId: string | null,
  member: SessionMember | null,
  locale: Locale,
) {
  const now = deps.clock.now()
  const inquiry = await deps.db.transaction().execute(async (trx) => {
    const row = await queries.insertInquiry(trx, {
      memberId: member?.memberId ?? null,
      email: form.email.trim(),
      category: form.category,
      body: form.text,
      locale,
      now,
    })
    if (form.imageIds.length) {
      const attached = await queries.attachUploads(trx, row.id, form.imageIds, deviceId ?? '', member?.memberId ?? null)
      if (attached !== new Set(form.imageIds).size) throw apiError('uploadFormatInvalid')
    }
    return row
  })
  // Koma mails only a member's own (verified) account address, whatever the form says: an
  // address typed into the form is kept for the support team's answer, never mailed by us.
  const accountEmail = member && !member.guest ? await queries.accountEmailOf(deps.db, member.memberId) : null
  if (accountEmail) await sendMail(deps, accountEmail, 'inquiry', locale, { id: String(inquiry.id) })
  return { inquiryId: inquiry.id, createdAt: new Date(inquiry.created_at).toISOString(), confirmationSent: accountEmail !== null }
}

export const toFaq = (row: { id: number; category: string; question: string; answer: string }): FaqEntry => ({
  id: row.id,
  category: row.category as InquiryCategory,
  question: row.question,
  answer: row.answer,
})

/** A legal document in effect (its latest version, or the one asked for), with the list of versions. */
export async function legalDocument(deps: AppDeps, type: string, version: number | null, locale: Locale): Promise<LegalDocument> {
  if (!(LEGAL_TYPES as readonly string[]).includes(type)) throw apiError('notFound')
  const versions = await queries.legalVersions(deps.db, type, deps.clock.now())
  const chosen = version === null ? versions[0] : versions.find((row) => row.version === version)
  if (!chosen) throw apiError('notFound')
  const text = await queries.legalText(deps.db, type, chosen.version, locale)
  if (!text) throw apiError('notFound')
  return {
    type: type as LegalDocument['type'],
    version: chosen.version,
    title: text.title,
    body: text.body,
    effectiveAt: new Date(chosen.effective_at).toISOString(),
    versions: versions.map((row) => ({ version: row.version, effectiveAt: new Date(row.effective_at).toISOString() })),
  }
}
