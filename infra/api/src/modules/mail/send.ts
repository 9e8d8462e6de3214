import type { Locale } from '@koma/contracts/server'
import path from 'node:path'
import type { AppDeps } from '../../deps'
import { outboxMailer, smtpMailer, type Mailer } from './mailer'
import { renderMail, type MailTemplate } from './templates'

const mailers = new WeakMap<AppDeps, Mailer>()

/** The mail interface for this API: SMTP when KOMA_SMTP_URL is set, else DATA_DIR/outbox (KOMA_OUTBOX_DIR). */
export function mailerOf(deps: AppDeps): Mailer {
  let mailer = mailers.get(deps)
  if (!mailer) {
    const smtp = process.env.KOMA_SMTP_URL
    mailer = smtp
      ? smtpMailer(smtp, process.env.KOMA_MAIL_FROM)
      : outboxMailer(outboxDir(deps), { echo: !deps.config.production && process.env.JEST_WORKER_ID === undefined && process.env.KOMA_MAIL_ECHO !== '0' })
    mailers.set(deps, mailer)
  }
  return mailer
}

export const outboxDir = (deps: AppDeps): string => process.env.KOMA_OUTBOX_DIR ?? path.join(deps.config.dataDir, 'outbox')

export async function sendMail(deps: AppDeps, to: string, template: MailTemplate, locale: Locale, values: Record<string, string> = {}): Promise<void> {
  const { subject, text } = renderMail(template, locale, values)
  await mailerOf(deps).send({ to, subject, text, tag: template })
}
