import { TOTP, endpoints } from '@koma/contracts/server'
import { generate } from 'otplib'
import type { TestApp } from './testApp'
import { grantOperator } from '../modules/ops/operators'

/** Test helpers: make a member an operator (as the command does) and pass the second factor as the app would. */

/** The code an authenticator app shows for `secret`, `stepsAhead` time steps from now. */
export function totpCode(secret: string, stepsAhead = 0, now = new Date()): Promise<string> {
  return generate({ secret, epoch: Math.floor(now.getTime() / 1000) + stepsAhead * TOTP.periodSeconds, digits: TOTP.digits, period: TOTP.periodSeconds })
}

/** Grant the role as `npm run operator -- grant` does; returns the set-up code it printed (null when it printed none). */
export async function grantForTest(t: TestApp, email: string): Promise<string | null> {
  const result = await grantOperator({ db: t.db, clock: t.clock }, { memberId: null, label: 'cli:test' }, email)
  if (!result.ok) throw new Error(result.message)
  return result.enrolment?.code ?? null
}

/** Grant the role, set up the authenticator with the printed code and confirm a code in this session: the session may now call operator endpoints. */
export async function becomeOperator(
  t: TestApp,
  member: { email: string; cookies: Record<string, string>; headers?: Record<string, string>; ip?: string },
): Promise<{ secret: string }> {
  const enrolmentCode = await grantForTest(t, member.email)
  if (!enrolmentCode) throw new Error(`${member.email} has an authenticator already`)
  const as = { cookies: member.cookies, headers: member.headers, ...(member.ip ? { ip: member.ip } : {}) }
  const enrol = await t.call(endpoints.opsTotpEnrol, { ...as, body: { enrolmentCode } })
  if (enrol.statusCode !== 200) throw new Error(`enrol: ${enrol.statusCode} ${enrol.body}`)
  const { secret } = enrol.json().result as { secret: string }
  const verify = await t.call(endpoints.opsTotpVerify, { ...as, body: { code: await totpCode(secret) } })
  if (verify.statusCode !== 200) throw new Error(`verify: ${verify.statusCode} ${verify.body}`)
  return { secret }
}

/** A multipart/form-data body as a browser's FormData sends it: fields, then files (name, bytes, type). */
export function multipartBody(
  fields: Record<string, string>,
  files: { field: string; name: string; bytes: Buffer; type?: string }[],
): { payload: Buffer; type: string } {
  const boundary = `----koma-test-${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` }
}
