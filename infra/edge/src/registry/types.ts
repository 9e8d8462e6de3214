import type { PublicRegistry, VersionInfo } from '@koma/contracts/server'

export type { VersionInfo } from '@koma/contracts/server'

/** `registry.json`: public, read by the browser at start (its shape declared in contracts), and the edge's canaries. */
export interface Registry extends PublicRegistry<string> {
  /**
   * Remotes with a canary: the version a share of readers (in percent) gets instead of the live
   * one. The edge gives each reader one side, the same on every load; the browser never sees this.
   */
  canaries?: Record<string, RegistryCanary>
}

/** A canary as the edge sees it in the registry (never sent to the browser). */
export interface RegistryCanary {
  version: string
  entry: string
  share: number
  /** When it started (ISO): a clean window is counted from here. */
  startedAt?: string
  /** Promote by itself after a clean window (npm run canary -- … --auto-promote). */
  autoPromote?: true
  required?: true
}

/** A version tried on a share of readers before it goes live for all. */
export interface Canary {
  version: string
  /** Percent of readers, 0 < share < 100. */
  share: number
  startedAt: string
  /** The edge makes it live by itself after a clean window. */
  autoPromote?: boolean
}

/** One published version of a package. */
export interface VersionRecord {
  version: string
  deployedAt: string
  /** sha256 over the dist files: equal content is never published twice. */
  contentHash: string
  /** Hash of the sources the dist was built from, when the deploy built it (or knew it fresh). */
  sourceHash?: string
  /** Open tabs running an older version must reload (SPEC §4 "required app update"), not just be offered it. */
  required?: boolean
}

export interface HistoryEvent {
  at: string
  action: 'deploy' | 'rollback' | 'canary' | 'promote' | 'canary-end'
  version: string
  from: string | null
  /** Why, when the edge did it by itself (an automatic rollback or promotion of a canary). */
  reason?: string
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
  /** The version on trial for a share of readers, if any. */
  canary?: Canary | null
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
  /** Publish as a canary for this percent of readers instead of making it live (remotes only). */
  canaryShare?: number
  /** With canaryShare: the edge promotes it by itself after a clean window. */
  autoPromote?: boolean
  /** Mark the version required: open tabs on older versions reload. */
  required?: boolean
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
  /** The rollback ended a canary (the live version did not change). */
  endedCanary?: boolean
}

export interface PackageVersions {
  package: string
  current: string | null
  versions: VersionInfo[]
  /** The latest thing done to the package, with the edge's reason when it did it by itself. */
  lastEvent?: HistoryEvent
}
