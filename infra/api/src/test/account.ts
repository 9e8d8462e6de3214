import { HEADERS, endpoints } from '@koma/contracts/server'
import type { LightMyRequestResponse } from 'fastify'
import { cookiesOf, type CallOptions, type TestApp } from './testApp'
import { readerIp, sealedPassword } from './fixtures'

export { readerIp }

/** Helpers for the account API tests: codes from the outbox, sealed payloads, members and guests. */
export async function sealed(t: TestApp, payload: Record<string, string>): Promise<{ sessionKey: string; rsaEncryptedString: string }> {
  const { constants, createPublicKey, publicEncrypt } = await import('node:crypto')
  // Each form's key, as each reader's browser asks for it: from its own address (the key has a limit per address).
  const issued = await t.call(endpoints.rsaKey, { params: { purpose: 'account' }, ip: readerIp() })
  const { sessionKey, publicKey } = issued.json().result as { sessionKey: string; publicKey: string }
  const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' })
  const data = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(JSON.stringify({ sessionKey, ...payload })))
  return { sessionKey, rsaEncryptedString: data.toString('base64') }
}

/** The last code mailed to an address. */
export function lastCode(t: TestApp, email: string): string {
  const mail = [...t.outbox()].reverse().find((item) => item.to === email && item.tag === 'code')
  const code = mail && /(\d{6})/.exec(mail.subject)?.[1]
  if (!code) throw new Error(`no code mailed to ${email}`)
  return code
}

export const device = (id: string): Record<string, string> => ({ [HEADERS.clientUid]: id })

let counter = 0
export const uniqueEmail = (label = 'new'): string => `${label}.${Date.now().toString(36)}${(counter += 1)}@koma.example`

/** Register a member through the real flow (code from the outbox); returns its cookies and id. */
export async function registerMember(
  t: TestApp,
  options: { email?: string; password?: string; nickname?: string; cookies?: Record<string, string>; headers?: Record<string, string>; ip?: string } = {},
): Promise<{ email: string; password: string; cookies: Record<string, string>; userId: number; response: LightMyRequestResponse }> {
  const email = options.email ?? uniqueEmail()
  const password = options.password ?? 'koma-reader-9'
  const base: CallOptions = { cookies: options.cookies, headers: options.headers, ip: options.ip ?? readerIp() }
  const sent = await t.call(endpoints.sendVerifyToken, { ...base, body: { email } })
  if (sent.statusCode !== 200) throw new Error(`send code: ${sent.statusCode} ${sent.body}`)
  const checked = await t.call(endpoints.checkVerifyToken, { ...base, body: { email, token: lastCode(t, email) } })
  if (checked.statusCode !== 200) throw new Error(`check code: ${checked.statusCode} ${checked.body}`)
  const response = await t.call(endpoints.signup, {
    ...base,
    body: {
      email,
      nickname: options.nickname ?? (email.split('@')[0] ?? '').slice(0, 20),
      birthday: '2000-05-05',
      termsAgree: 'true',
      privacyAgree: 'true',
      marketingAgree: 'false',
      ...(await sealed(t, { password })),
    },
  })
  if (response.statusCode !== 200) throw new Error(`signup: ${response.statusCode} ${response.body}`)
  return { email, password, cookies: { ...options.cookies, ...cookiesOf(response) }, userId: response.json().result.userId, response }
}

/** A guest session for a device id. */
export async function guest(
  t: TestApp,
  deviceId: string,
  ip?: string,
): Promise<{ cookies: Record<string, string>; userId: number; response: LightMyRequestResponse }> {
  const response = await t.call(endpoints.guestSession, { headers: device(deviceId), ip })
  if (response.statusCode !== 200) throw new Error(`guest: ${response.statusCode} ${response.body}`)
  return { cookies: cookiesOf(response), userId: response.json().result.userId, response }
}

export { sealedPassword }
