import { HEADERS, pathInLocale, readerDay, type Locale, type TextKey } from '@koma/contracts/server'
import { validate } from '@koma/contracts/validation'
import type { FastifyRequest } from 'fastify'
import type Joi from 'joi'
import { createHash, randomBytes } from 'node:crypto'
import path from 'node:path'
import type { AppDeps } from '../../deps'
import { badRequest, HttpError } from '../../http/errors'
import { outboxMailer, smtpMailer, type Mailer } from '../mail/mailer'
import { renderMail, type MailTemplate } from '../mail/templates'
import { openSealedPayload } from '../member/rsa'

/** Validate with a shared schema; the first failure is a 400 with its SPEC message in the reader's language. */
export function checked<T>(schema: Joi.Schema<T>, value: unknown, locale: Locale, context?: Record<string, unknown>): T {
  const result = validate(schema, value, locale, context)
  if (result.errors.length) throw badRequest(result.errors[0].message)
  return result.value
}

export const fail = (status: number, key: TextKey): HttpError => new HttpError(status, key)

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex')
export const randomToken = (bytes = 24): string => randomBytes(bytes).toString('base64url')

/** Decrypt a sealed payload (RSA, one-time session key) or refuse with 400. */
export async function sealed<T extends Record<string, unknown>>(deps: AppDeps, body: { sessionKey?: unknown; rsaEncryptedString?: unknown }): Promise<T & { sessionKey: string }> {
  if (typeof body.sessionKey !== 'string' || typeof body.rsaEncryptedString !== 'string') throw new HttpError(400, 'invalidParameter', { field: 'rsaEncryptedString' })
  const payload = await openSealedPayload<T & { sessionKey: string }>(deps.db, deps.clock, body.sessionKey, body.rsaEncryptedString)
  if (!payload) throw new HttpError(400, 'invalidParameter', { field: 'sessionKey' })
  return payload
}

/** The reader's time zone (SPEC §7 header) and calendar day. */
export function readerTimeZone(req: FastifyRequest): string {
  const value = req.headers[HEADERS.timezone]
  return typeof value === 'string' && value.length < 64 ? value : 'Asia/Seoul'
}
export const today = (deps: AppDeps, req: FastifyRequest): string => readerDay(deps.clock.now(), readerTimeZone(req))

/** A moment for a mail, SPEC §9 style in the reader's time zone: '2026/11/20 21:05 (Asia/Tokyo)'. */
export function mailTime(at: Date, timeZone: string): string {
  const format = (zone: string): string => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at)
    const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((item) => item.type === type)?.value ?? ''
    return `${part('year')}/${part('month')}/${part('day')} ${part('hour')}:${part('minute')} (${zone})`
  }
  try {
    return format(timeZone)
  } catch {
    return format('Asia/Seoul')
  }
}

/**
 * The site's public origin for links in e-mails and OAuth redirect URIs: the configured one only
 * (KOMA_PUBLIC_URL, `config.publicUrl`), never the request's Origin, Referer or Host.
 */
export const publicOrigin = (deps: AppDeps): string => deps.config.publicUrl

/** A site path in the reader's language ('/password/find' → '/fr/password/find'). */
export const localePath = pathInLocale

const mailers = new WeakMap<AppDeps, Mailer>()

/** The mail interface for this API: SMTP when KOMA_SMTP_URL is set, else DATA_DIR/outbox (KOMA_OUTBOX_DIR). */
export function mailerOf(deps: AppDeps): Mailer {
  let mailer = mailers.get(deps)
  if (!mailer) {
    const smtp = process.env.KOMA_SMTP_URL
    mailer = smtp
      ? smtpMailer(smtp, process.env.KOMA_MAIL_FROM)
      : outboxMailer(outboxDir(deps), { echo: !deps.config.production && process.env.JEST_WORKER_ID === undefined })
    mailers.set(deps, mailer)
  }
  return mailer
}

export const outboxDir = (deps: AppDeps): string => process.env.KOMA_OUTBOX_DIR ?? path.join(deps.config.dataDir, 'outbox')

export async function sendMail(deps: AppDeps, to: string, template: MailTemplate, locale: Locale, values: Record<string, string> = {}): Promise<void> {
  const { subject, text } = renderMail(template, locale, values)
  await mailerOf(deps).send({ to, subject, text, tag: template })
}

export const iso = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null)
