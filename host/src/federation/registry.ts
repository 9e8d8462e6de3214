import { REMOTES, type RemoteName } from '@koma/contracts'

/** /registry.json as the edge serves it: which version of each remote is live. */
export interface Registry {
  host?: { version: string; base: string }
  remotes: Partial<Record<RemoteName, { version: string; entry: string }>>
}

/**
 * The registry is served no-cache: the first read may use index.html's preload (same request
 * mode), a retry revalidates with the edge.
 */
export async function fetchRegistry(options: { revalidate?: boolean } = {}, fetchImpl: typeof fetch = fetch): Promise<Registry> {
  const response = await fetchImpl('/registry.json', { credentials: 'same-origin', ...(options.revalidate ? { cache: 'no-cache' as const } : {}) })
  if (!response.ok) throw new Error(`registry.json answered ${response.status}`)
  const registry = (await response.json()) as Registry
  if (!registry || typeof registry !== 'object' || typeof registry.remotes !== 'object') throw new Error('registry.json is malformed')
  return registry
}

/** The federation runtime's remote list for a registry (remotes it does not name are left out). */
export function remotesOf(registry: Registry): { name: RemoteName; entry: string }[] {
  return REMOTES.flatMap((name) => {
    const remote = registry.remotes[name]
    return remote?.entry ? [{ name, entry: remote.entry }] : []
  })
}
