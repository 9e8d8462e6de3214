import path from 'node:path'
import { containerName, REMOTE_FOLDERS, VERSION_ID_PATTERN } from '@koma/contracts/remotes'

/** A deployable front-end package: the shell or one of the remotes. */
export interface PackageInfo {
  /** Workspace folder name, also the name on the command line: `host`, `mf-catalog`, … */
  name: string
  kind: 'host' | 'remote'
  /** Federation container name (`mf_catalog`); the registry is keyed by it. */
  container: string | null
  /** The file that must exist in a dist folder for it to count as a build. */
  entryFile: string
}

export const HOST = 'host'

/** Remotes first and the host last: `publish-all` makes remotes live before the shell that loads them. */
export const packages: readonly PackageInfo[] = [
  ...REMOTE_FOLDERS.map((name): PackageInfo => ({ name, kind: 'remote', container: containerName(name), entryFile: 'remoteEntry.js' })),
  { name: HOST, kind: 'host', container: null, entryFile: 'index.html' },
]

export const packageNames: readonly string[] = packages.map((p) => p.name)

/** Remote folder names as they appear in `/remotes/<folder>/…`. */
export const remoteFolders: ReadonlySet<string> = new Set(REMOTE_FOLDERS)

export class UnknownPackageError extends Error {
  constructor(name: string | undefined) {
    super(`${name ? `Unknown package "${name}"` : 'Which package?'}: expected one of ${packageNames.join(', ')}`)
    this.name = 'UnknownPackageError'
  }
}

export function packageInfo(name: string | undefined): PackageInfo {
  const info = packages.find((p) => p.name === name)
  if (!info) throw new UnknownPackageError(name)
  return info
}

/** Version ids: `<UTC yyyymmddHHMMss>-<8 hex of the content hash>` (the one pattern, contracts' federation/remotes.js). */
export const VERSION_PATTERN = VERSION_ID_PATTERN

export function versionId(date: Date, contentHash: string): string {
  const stamp = date.toISOString().replace(/[-:T]/g, '').slice(0, 14)
  return `${stamp}-${contentHash.slice(0, 8)}`
}

/** The folder that holds every published version of a package. */
export function packageRoot(edgeDir: string, pkg: PackageInfo): string {
  return pkg.kind === 'host' ? path.join(edgeDir, 'host') : path.join(edgeDir, 'remotes', pkg.name)
}

export function versionDir(edgeDir: string, pkg: PackageInfo, version: string): string {
  return path.join(packageRoot(edgeDir, pkg), version)
}

/** The URL folder a version is served from (ends with a slash). */
export function publicBase(pkg: PackageInfo, version: string): string {
  return pkg.kind === 'host' ? `/host/${version}/` : `/remotes/${pkg.name}/${version}/`
}

export function distDir(repoRoot: string, pkg: PackageInfo): string {
  return path.join(repoRoot, pkg.name, 'dist')
}
