/** `registry.json`: public, read by the browser at start. */
export interface Registry {
  host?: { version: string; base: string }
  remotes: Record<string, { version: string; entry: string }>
}

/** One published version of a package. */
export interface VersionRecord {
  version: string
  deployedAt: string
  /** sha256 over the dist files: equal content is never published twice. */
  contentHash: string
  /** Hash of the sources the dist was built from, when the deploy built it (or knew it fresh). */
  sourceHash?: string
}

export interface HistoryEvent {
  at: string
  action: 'deploy' | 'rollback'
  version: string
  from: string | null
}

export interface PackageHistory {
  /** The live version, or null before the first deploy. */
  current: string | null
  /** Every published version still on disk, oldest first. */
  versions: VersionRecord[]
  /**
   * The live line: each deploy pushes, each rollback pops, so the entry under the top is the
   * version to roll back to. A deploy after a rollback continues from the live version.
   */
  lineage: string[]
  /** Deploys and rollbacks, oldest first (the latest 200). */
  events: HistoryEvent[]
}

/** `deployments.json`: private, used by deploy, rollback and versions. */
export interface Deployments {
  schema: 1
  packages: Record<string, PackageHistory>
}

export interface PublishOptions {
  /** Publish even when the content equals the live version's. */
  force?: boolean
  sourceHash?: string
  /** Versions to keep per package (older ones are deleted); 0 keeps everything. Default 10. */
  keep?: number
  now?: () => Date
}

export interface PublishResult {
  package: string
  status: 'deployed' | 'unchanged'
  version: string
  previous: string | null
  /** True when an earlier, identical version was made live again instead of copying. */
  reused: boolean
  files: number
  pruned: string[]
}

export interface RollbackResult {
  package: string
  version: string
  previous: string
}

export interface VersionInfo {
  version: string
  deployedAt: string
  live: boolean
  /** The version `rollback` would make live. */
  rollbackTarget: boolean
  sourceHash?: string
}

export interface PackageVersions {
  package: string
  current: string | null
  versions: VersionInfo[]
}
