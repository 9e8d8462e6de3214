import fs from 'node:fs'
import path from 'node:path'
import nodemailer from 'nodemailer'

/** One e-mail as the account module writes it. */
export interface Mail {
  to: string
  subject: string
  text: string
  /** What kind of mail (tests and the outbox index read it): 'signup-code', 'password-reset', … */
  tag: string
  /** Extra headers, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post on notifications. */
  headers?: Record<string, string>
}

/** The one mail interface: a local outbox folder by default, SMTP when configured. */
export interface Mailer {
  send(mail: Mail): Promise<void>
}

export const FROM_ADDRESS = 'Koma <no-reply@koma.example>'

/**
 * The default: every mail is a JSON file in `dir` (tests and the end-to-end run read codes and
 * links from it) and, outside production, a line on the console so a developer sees it.
 */
export function outboxMailer(dir: string, options: { echo?: boolean } = {}): Mailer {
  let sequence = 0
  return {
    async send(mail) {
      await fs.promises.mkdir(dir, { recursive: true })
      sequence += 1
      const sentAt = new Date()
      const file = path.join(dir, `${sentAt.getTime()}-${process.pid}-${String(sequence).padStart(4, '0')}-${mail.tag}.json`)
      // Written aside, then renamed: whoever reads the outbox (another process, a test, the e2e
      // run) sees a whole mail or none, never half a file.
      const partial = `${file}.partial`
      await fs.promises.writeFile(partial, JSON.stringify({ from: FROM_ADDRESS, ...mail, sentAt: sentAt.toISOString() }, null, 2))
      await fs.promises.rename(partial, file)
      if (options.echo) console.log(`[mail] to ${mail.to}: ${mail.subject}\n${mail.text}\n`)
    },
  }
}

/** SMTP through nodemailer (KOMA_SMTP_URL, e.g. smtps://user:pass@smtp.example.com). */
export function smtpMailer(url: string, from: string = FROM_ADDRESS): Mailer {
  const transport = nodemailer.createTransport(url)
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, headers: { ...mail.headers, 'X-Koma-Mail': mail.tag } })
    },
  }
}

/** Mails in an outbox folder, oldest first (tests and the e2e run use this). */
export function readOutbox(dir: string): (Mail & { sentAt: string })[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Mail & { sentAt: string })
}
