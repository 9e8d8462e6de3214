import { endpoints, HEADERS } from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import { clientIp } from './api-proxy'
import { apiCall } from './apiFetch'
import { callerLocale, edgeError } from './errorCatalogue'

/**
 * Who may use the operator console's calls the edge answers itself (releases, health): the API
 * decides. Each call first asks it `GET /api/ops/me` with the caller's own cookie and SPEC §7
 * headers: an operator with a confirmed second factor goes on; anyone else gets the API's own
 * refusal as it came (401, 403), or the edge's step-up refusal.
 */

const FORWARDED = [...Object.values(HEADERS), 'cookie', 'user-agent', 'accept-language']

/** The caller's own headers, to call the API as them. */
export function asCaller(req: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = { 'x-forwarded-for': clientIp(req) }
  for (const name of FORWARDED) {
    const value = req.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  return headers
}

/** The caller's language as its SPEC §7 header says (the console's own), for the edge's few messages. */
export const localeOf = (req: FastifyRequest) => callerLocale(req, 'en')

export type Check = { ok: true } | { ok: false; status: number; body: unknown }

/** The edge's own refusal, as a check's answer. */
function refused(name: 'operatorStepUp' | 'releaseCannotCheck', req: FastifyRequest): Check {
  const { status, name: failure, code, message } = edgeError(name, localeOf(req))
  return { ok: false, status, body: { name: failure, code, message } }
}

export async function operatorCheck(apiUrl: string, req: FastifyRequest): Promise<Check> {
  const answer = await apiCall(apiUrl, endpoints.opsMe, {}, { asCaller: asCaller(req) })
  if (answer.status === 0) return refused('releaseCannotCheck', req)
  if (answer.result?.verified) return { ok: true }
  if (answer.status >= 200 && answer.status < 300) return refused('operatorStepUp', req)
  return { ok: false, status: answer.status, body: answer.refusal ?? null }
}
