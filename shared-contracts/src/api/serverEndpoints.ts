import { endpoints as browserEndpoints } from './endpoints'
import { endpoint, type Endpoint, type None } from './endpoint'
import { edgeOpsEndpoints, opsEndpoints } from './endpoints/ops'

export * from './endpoints'

/** Every API endpoint, the operator console's included (`@koma/contracts/server` only). */
export const endpoints = {
  ...browserEndpoints,
  ...opsEndpoints,
} as const

export type Endpoints = typeof endpoints

/** The operator console's calls the edge answers itself (it holds the registry). */
export { edgeOpsEndpoints }

const OPERATOR_ENDPOINTS: ReadonlySet<Endpoint<unknown, unknown, unknown, unknown>> = new Set(Object.values(opsEndpoints))

/** A call of the operator API (the API answers its writes with RESPONSE_HEADERS.operatorWrite). */
export const isOperatorEndpoint = (endpoint: Endpoint<unknown, unknown, unknown, unknown>): boolean => OPERATOR_ENDPOINTS.has(endpoint)

/** An API process's own health (the edge's balancing asks each process): outside the endpoint table, no SPEC §7 headers. */
export const healthEndpoint = endpoint<None, None, None, { ok: true; instance: string }>('GET', '/health', true)
