import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { AppDeps } from '../../deps'
import type { Database } from '../../db/schema'
import { appSecret } from '../../db/secrets'

/**
 * Chapter pages are served only through short-lived signed URLs (issue 11): the chapter call
 * checks that the reader may read the chapter, then hands out page URLs carrying an expiry and
 * an HMAC of the image id and that expiry. The image route checks the signature, not the
 * session, so a CDN may cache a page until its URL expires; a bare page id reveals nothing.
 *
 * Expiries are rounded up to the hour, so a page's URL stays the same for an hour (browser and
 * CDN caches hit across reloads) and lives between LIFETIME and LIFETIME + 1 h. Time is the real
 * clock: the faketime debug hook moves rentals, not URL lifetimes.
 */
export const PAGE_URL_LIFETIME_MS = 6 * 60 * 60 * 1000
export const PAGE_URL_STEP_MS = 60 * 60 * 1000
const SIGNATURE_CHARS = 22 // 132 bits of HMAC-SHA256, base64url
const SECRET_NAME = 'page-url-signing'

export interface PageSignature {
  /** Expiry, epoch seconds. */
  e: string
  /** Signature of the image id and expiry. */
  s: string
}

export interface PageUrlSigner {
  sign(imageId: number, now: Date): PageSignature
  /** True when the signature is ours, for this image, and not expired at `now`. */
  verify(imageId: number, e: unknown, s: unknown, now: Date): boolean
  /** Seconds a response for this signature may be cached (until the URL expires). */
  maxAge(e: string, now: Date): number
}

export function pageUrlSigner(key: Buffer): PageUrlSigner {
  const mac = (imageId: number, e: string) => createHmac('sha256', key).update(`page|${imageId}|${e}`).digest('base64url').slice(0, SIGNATURE_CHARS)
  return {
    sign(imageId, now) {
      const expires = Math.ceil((now.getTime() + PAGE_URL_LIFETIME_MS) / PAGE_URL_STEP_MS) * PAGE_URL_STEP_MS
      const e = String(expires / 1000)
      return { e, s: mac(imageId, e) }
    },
    verify(imageId, e, s, now) {
      if (typeof e !== 'string' || typeof s !== 'string' || !/^\d{9,11}$/.test(e) || s.length !== SIGNATURE_CHARS) return false
      if (Number(e) * 1000 <= now.getTime()) return false
      const expected = Buffer.from(mac(imageId, e))
      const given = Buffer.from(s)
      return expected.length === given.length && timingSafeEqual(expected, given)
    },
    maxAge(e, now) {
      return Math.max(0, Math.floor(Number(e) - now.getTime() / 1000))
    },
  }
}

/** The signing key: KOMA_PAGE_URL_KEY when set, else one generated once and kept in the database (shared by every API process). */
export async function loadSigningKey(db: Kysely<Database>, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  const configured = env.KOMA_PAGE_URL_KEY
  if (configured) return Buffer.from(configured, 'utf8')
  return appSecret(db, SECRET_NAME)
}

const signers = new WeakMap<AppDeps, PageUrlSigner>()

/** Called once by buildApp, before any route answers. */
export async function initPageUrls(deps: AppDeps): Promise<void> {
  signers.set(deps, pageUrlSigner(await loadSigningKey(deps.db)))
}

export function pageUrls(deps: AppDeps): PageUrlSigner {
  const signer = signers.get(deps)
  if (!signer) throw new Error('page URL signing was not initialised (buildApp does it)')
  return signer
}

/** A page's URL (or one band of it) with its signature, relative to the site. */
export function signedPageUrl(deps: AppDeps, imageId: number, suffix = ''): string {
  const { e, s } = pageUrls(deps).sign(imageId, deps.clock.realNow())
  return `/api/image/${imageId}${suffix}?e=${e}&s=${s}`
}
