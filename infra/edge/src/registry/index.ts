export { publish, checkDist, checkCanaryShare, versionIsIntact, HOST_BASE_PLACEHOLDER, DEFAULT_KEEP } from './publish'
export { rollback, promote, promoteCanary, endCanary, listVersions } from './history'
export { prune } from './prune'
export { readDeployments, readRegistry, registryPath, deploymentsPath } from './store'
export {
  packages,
  packageNames,
  packageInfo,
  remoteFolders,
  versionDir,
  publicBase,
  distDir,
  HOST,
  VERSION_PATTERN,
  UnknownPackageError,
  type PackageInfo,
} from './packages'
export type * from './types'
