import type { RemoteName } from '../remotes'

/**
 * What the edge publishes about the live versions, declared once for the edge that writes these
 * files and the host that reads them (types only).
 */

/** One remote's live version: its manifest (`/remotes/<folder>/<version>/mf-manifest.json`). */
export interface LiveRemote {
  version: string
  entry: string
  /** Open tabs running an older version must reload (deploy --required). */
  required?: true
}

/**
 * `/registry.json`, and the page's `koma-registry` element: which version of the shell and of
 * each remote is live for this reader (during a canary, their side of it). `K`: the edge keeps
 * any package name it finds on disk; the browser knows only the remotes.
 */
export interface PublicRegistry<K extends string = RemoteName> {
  /** `required`: open tabs on an older shell must reload (npm run deploy -- host --required). */
  host?: { version: string; base: string; required?: true }
  remotes: Partial<Record<K, LiveRemote>>
}

/** `/builds/latest.json`: the live versions an open tab compares its own with (SPEC §7). */
export interface LatestBuilds {
  host: string | null
  /** Version by federation container name. */
  remotes: Partial<Record<string, string>>
  /** `host` and remote names whose live version is marked required (deploy --required). */
  required?: string[]
}

/** A published version of a package, as `npm run versions` and the console's release table list it. */
export interface VersionInfo {
  version: string
  deployedAt: string
  live: boolean
  /** The version `rollback` would make live. */
  rollbackTarget: boolean
  /** The percent of readers trying this version as a canary. */
  canaryShare?: number
  /** The canary is promoted by the edge after a clean window. */
  autoPromote?: boolean
  required?: boolean
  sourceHash?: string
}
