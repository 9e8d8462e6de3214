import type { FastifyInstance, FastifyRequest } from 'fastify'
import { COOKIES, doNotShare, readCookie, tagCspSources, type TagConfig } from '@koma/contracts/server'

/**
 * The browser-side security headers of everything the edge itself serves (not /api: the API
 * sets its own). One place, so a new header (HSTS, …) is added once.
 */
export interface SecurityOptions {
  /** PayPal's real JS SDK is in use (KOMA_PAYPAL_CLIENT_ID set): allow its hosts. */
  paypal: boolean
  /** The operator's tag manager / pixel (validated ids, KOMA_TAG_MANAGER_ID, KOMA_META_PIXEL_ID): allow their hosts, for readers who share. */
  tags?: TagConfig
}

const PAYPAL_HOSTS = ['https://*.paypal.com', 'https://*.paypalobjects.com']

/**
 * The site's Content-Security-Policy. Scripts only from our origin; `blob:` because the EPUB
 * reader (Readium) injects its own scripts and styles into the book's frames as blob: URLs.
 * Those frames are blob: documents created by our page, so they inherit this policy: a book's
 * inline scripts, event-handler attributes and javascript: URLs never run (its script files
 * are never served by the API). Styles allow 'unsafe-inline' for emotion and the books' own.
 */
export function contentSecurityPolicy(options: SecurityOptions): string {
  const paypal = options.paypal ? PAYPAL_HOSTS : []
  const tags = tagCspSources(options.tags ?? {})
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", 'blob:', ...paypal, ...tags['script-src']],
    'style-src': ["'self'", "'unsafe-inline'", 'blob:', ...paypal],
    'img-src': ["'self'", 'data:', 'blob:', ...paypal, ...tags['img-src']],
    'font-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'connect-src': ["'self'", ...paypal, ...tags['connect-src']],
    'frame-src': ["'self'", 'blob:', ...paypal],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

/** What every HTML page of the edge carries. */
export function htmlSecurityHeaders(options: SecurityOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=()',
  }
}

/**
 * HSTS on every answer to a request that came over TLS (the TLS proxy in front of the edge, which
 * TRUST_PROXY names, says so): a year, subdomains included. Plain-HTTP answers (the local demo)
 * never carry it, as browsers ignore it there anyway.
 */
export const HSTS = 'max-age=31536000; includeSubDomains'

/** The request says do-not-share (the footer cookie, which a member's setting also sets, or Global Privacy Control). */
export function requestDoesNotShare(req: Pick<FastifyRequest, 'headers'>): boolean {
  const gpc = req.headers['sec-gpc']
  return doNotShare({ gpc: Array.isArray(gpc) ? gpc[0] : gpc, cookie: readCookie(COOKIES.doNotShare, req.headers.cookie ?? '') })
}

/** Adds the headers to every response of the edge's own (HTML pages: the policy; all: nosniff; over TLS: HSTS). */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): void {
  const html = htmlSecurityHeaders(options)
  // A reader who does not share gets a policy without the providers' hosts: the browser itself refuses them.
  const htmlPrivate = htmlSecurityHeaders({ ...options, tags: {} })
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS)
    if (/^\/api(\/|\?|$)/.test(req.url)) return payload
    if (/^text\/html\b/i.test(String(reply.getHeader('content-type') ?? ''))) reply.headers(requestDoesNotShare(req) ? htmlPrivate : html)
    else reply.header('x-content-type-options', 'nosniff')
    return payload
  })
}
