/**
 * Deployment rules the API's production start check and the edge both apply (issue 33). Server
 * only: exported from `@koma/contracts/server`.
 */

/** The setting that acknowledges TRUST_PROXY=1 in production (see trustProxyProblem). */
export const TRUST_ANY_HOP_ACKNOWLEDGEMENT = 'KOMA_TRUST_ANY_PROXY'

/** Whether TRUST_PROXY trusts every hop (the edge's reading: 1 or true). */
export const trustsAnyHop = (value: string | undefined): boolean => value === '1' || value === 'true'

/**
 * TRUST_PROXY=1 makes the edge believe any X-Forwarded-For: every client then names its own
 * address and passes every limit counted per address. In production it is refused unless
 * acknowledged: the proxy's addresses are the right setting; the acknowledgement is for a proxy
 * whose addresses cannot be named (a managed load balancer) when nothing else can reach the edge.
 * Null when the setting is fine (the caller decides whether production applies).
 */
export function trustProxyProblem(env: Record<string, string | undefined>): string | null {
  if (!trustsAnyHop(env.TRUST_PROXY) || env[TRUST_ANY_HOP_ACKNOWLEDGEMENT] === '1') return null
  return (
    `TRUST_PROXY=${env.TRUST_PROXY} trusts every hop: any client could then name its own address in X-Forwarded-For and pass every ` +
    'limit counted per address (sign-in lock, sign-up and code mails, payments, the second factor). Set TRUST_PROXY to the addresses ' +
    'or subnets of the proxy in front of the edge (e.g. TRUST_PROXY=10.0.0.0/8); only if the edge is reachable through that proxy ' +
    `alone (firewalled) and its addresses cannot be named, acknowledge it with ${TRUST_ANY_HOP_ACKNOWLEDGEMENT}=1`
  )
}
