import { secureCookies } from '../../http/cookies'
import type { AppDeps } from '../../deps'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { timingSafeEqual } from 'node:crypto'
import { API_PREFIX } from '../../http/route'
import { randomToken, sha256 } from '../../http/tokens'

/** How long a social round trip may take, from authorize to the callback. */
export const STATE_MINUTES = 10

/**
 * The OAuth state is bound to the browser that asked for it: authorize sets this httpOnly cookie
 * (a random value; the state row keeps its hash) and the callback must bring it back. A callback
 * URL handed to someone else (login CSRF: "sign in as me") finds no matching cookie there.
 */
export const STATE_COOKIE = 'koma_oauth'
/** Sent only where it is needed: authorize sets it, sign-in and link read and clear it. */
export const STATE_COOKIE_PATH = `${API_PREFIX}/member/external-idp`

/** Set a fresh binding cookie for one round trip; returns the hash to keep with the state. */
export function bindToBrowser(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): string {
  const value = randomToken(32)
  reply.setCookie(STATE_COOKIE, value, {
    path: STATE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(deps, req),
    maxAge: STATE_MINUTES * 60,
  })
  return sha256(value)
}

/** Read and clear the binding cookie (one use, whatever the outcome): its hash, or null when missing. */
export function takeBrowserBinding(req: FastifyRequest, reply: FastifyReply): string | null {
  const value = req.cookies[STATE_COOKIE]
  reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH })
  return typeof value === 'string' && value.length >= 32 && value.length <= 64 ? sha256(value) : null
}

/** Constant-time comparison of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
