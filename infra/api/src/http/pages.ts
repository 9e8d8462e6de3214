import type { FastifyReply } from 'fastify'

/**
 * The few HTML pages the API serves itself (the sandbox sign-in consent, adult verification and
 * payment pages): no script at all, their own inline style, forms that post back to us, shown
 * only as a top-level page (never framed), sending no referrer to other sites (their URLs carry OAuth state).
 */
export const PAGE_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

export function sendPage(reply: FastifyReply, html: string): FastifyReply {
  return reply
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': PAGE_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'same-origin',
    })
    .send(html)
}
