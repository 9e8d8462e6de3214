import { INLINE_REGISTRY_ID, REMOTES, type PublicRegistry, type RemoteName } from '@koma/contracts'

/** /registry.json as the edge serves it: which version of each remote is live (declared in contracts). */
export type Registry = PublicRegistry

/**
 * The registry is served no-cache: the first read may use index.html's preload (same request
 * mode), a retry revalidates with the edge.
 */
export async function fetchRegistry(options: { revalidate?: boolean } = {}, fetchImpl: typeof fetch = fetch): Promise<Registry> {
  // The edge writes the live registry into the page it serves: the first read needs no request.
  const inline = options.revalidate ? null : inlineRegistry()
  if (inline) return inline
  const response = await fetchImpl('/registry.json', { credentials: 'same-origin', ...(options.revalidate ? { cache: 'no-cache' as const } : {}) })
  if (!response.ok) throw new Error(`registry.json answered ${response.status}`)
  const registry = (await response.json()) as Registry
  if (!registry || typeof registry !== 'object' || typeof registry.remotes !== 'object') throw new Error('registry.json is malformed')
  return registry
}

/** `<script type="application/json" id="koma-registry">` of the edge's page, read once. */
function inlineRegistry(): Registry | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(INLINE_REGISTRY_ID)
  if (!element?.textContent) return null
  element.remove()
  try {
    const registry = JSON.parse(element.textContent) as Registry
    return registry && typeof registry === 'object' && typeof registry.remotes === 'object' ? registry : null
  } catch {
    return null
  }
}

/** The federation runtime's remote list for a registry (remotes it does not name are left out). */
export function remotesOf(registry: Registry): { name: RemoteName; entry: string }[] {
  return REMOTES.flatMap((name) => {
    const remote = registry.remotes[name]
    // The registry names each version's manifest; its remoteEntry.js sits beside it. Loading the
    // entry directly saves the manifest's round trip and the runtime's manifest code.
    return remote?.entry ? [{ name, entry: remote.entry.replace(/mf-manifest\.json$/, 'remoteEntry.js') }] : []
  })
}
