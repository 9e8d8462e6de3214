import type { FastifyReply } from 'fastify'

/** An HTML page (its security headers are added on the way out: security.ts). */
export function htmlHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('content-type', 'text/html; charset=utf-8')
}

/** A plain 404: missing assets must never fall back to HTML (a script tag would choke on it). */
export function notFound(reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .headers({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' })
    .send('Not found\n')
}

export function jsonError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply
    .code(status)
    .headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    .send(JSON.stringify({ code: status, message }))
}

/** Text for HTML or XML, in an element or a double-quoted attribute. */
export const escapeMarkup = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
