import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliBest, gzipBest, precompressed, PRECOMPRESS_EXTENSIONS, PRECOMPRESS_MIN_BYTES } from './compress'
import { exists, hashFiles, inParallel, listFiles } from './files'
import { packageInfo, packageRoot, versionDir, versionId, publicBase, type PackageInfo } from './packages'
import { pruneHistory, removeVersions } from './prune'
import { historyOf, readDeployments, recordEvent, saveDeployments, withRegistryLock } from './store'
import type { PublishOptions, PublishResult } from './types'
import { SERVER_FOLDER } from '../render/serverBuilds'

/** The host's index.html names its scripts relative to this; publishing pins it to the version folder. */
export const HOST_BASE_PLACEHOLDER = '__KOMA_HOST_BASE__'
const TEXT_EXTENSIONS = new Set(['.html', '.js', '.mjs', '.cjs', '.css', '.json', '.txt', '.svg', '.xml', '.webmanifest'])
export const DEFAULT_KEEP = 10
/** Part of the content hash: bump when publishing transforms files differently, so "unchanged" stays true. */
const PUBLISH_FORMAT = 'koma-publish-2'

/**
 * html-webpack-plugin appends a slash to a publicPath without one (`__KOMA_HOST_BASE__/main.js`);
 * the base already ends with one, so swallow it rather than serve `//main.js`.
 */
export function pinHostBase(text: string, base: string): string {
  return text.replaceAll(`${HOST_BASE_PLACEHOLDER}/`, () => base).replaceAll(HOST_BASE_PLACEHOLDER, () => base)
}

/** Is this folder a build of `pkg`? Returns the reason when it is not. */
export async function checkDist(pkg: PackageInfo, distDir: string): Promise<string | null> {
  const required = pkg.kind === 'host' ? [pkg.entryFile] : [pkg.entryFile, 'mf-manifest.json']
  for (const file of required) {
    if (!(await exists(path.join(distDir, file)))) return `${path.join(distDir, file)} is missing`
  }
  return null
}

/** A version folder counts as present when its entry file is there (folders appear by rename, whole). */
export async function versionIsIntact(edgeDir: string, pkg: PackageInfo, version: string): Promise<boolean> {
  return exists(path.join(versionDir(edgeDir, pkg, version), pkg.entryFile))
}

/**
 * Copies a dist folder into a new immutable version folder (with .gz/.br siblings, the host's
 * base placeholder pinned), then makes it live. Content equal to the live version is a no-op;
 * content equal to an older version still on disk makes that version live again.
 */
export async function publish(edgeDir: string, packageName: string, distDir: string, options: PublishOptions = {}): Promise<PublishResult> {
  const pkg = packageInfo(packageName)
  if (options.canaryShare !== undefined) checkCanaryShare(pkg, options.canaryShare)
  if (options.autoPromote && options.canaryShare === undefined)
    throw new Error('--auto-promote is for a canary (npm run canary -- <remote> --share N --auto-promote)')
  const problem = await checkDist(pkg, distDir)
  if (problem) throw new Error(`${pkg.name}: no build to publish (${problem}); run npm run build -w ${pkg.name}`)

  const files = await listFiles(distDir)
  const contentHash = await hashFiles(distDir, files, PUBLISH_FORMAT)
  const now = (options.now ?? (() => new Date()))()

  // Find the version to make live before taking the lock: copying and brotli take seconds.
  const before = historyOf(await readDeployments(edgeDir), pkg.name)
  const live = before.versions.find((v) => v.version === before.current)
  if (!options.force && live?.contentHash === contentHash && (await versionIsIntact(edgeDir, pkg, live.version))) {
    const unchanged = await withRegistryLock(edgeDir, async (): Promise<PublishResult | null> => {
      const deployments = await readDeployments(edgeDir)
      const history = historyOf(deployments, pkg.name)
      const record = history.versions.find((v) => v.version === history.current)
      if (record?.contentHash !== contentHash) return null // someone deployed in between
      const remember = Boolean(options.sourceHash && record.sourceHash !== options.sourceHash)
      // Remember which sources this content came from, so `publish-all` skips the next build.
      if (remember) record.sourceHash = options.sourceHash
      // `deploy --required` of what is already live marks it required (tabs on older versions reload).
      const markRequired = Boolean(options.required && !record.required)
      if (markRequired) record.required = true
      if (remember || markRequired) await saveDeployments(edgeDir, deployments)
      const { version } = record
      return { package: pkg.name, status: 'unchanged', version, previous: version, reused: false, files: files.length, pruned: [] }
    })
    if (unchanged) return unchanged
  }

  let version: string | null = null
  if (!options.force) {
    for (const candidate of [...before.versions].reverse()) {
      if (candidate.contentHash === contentHash && (await versionIsIntact(edgeDir, pkg, candidate.version))) {
        version = candidate.version
        break
      }
    }
  }
  const reused = version !== null
  if (!version) {
    // A forced republish of the same content is a version of its own, even within the second of
    // the one it repeats (an id names its second): the stamp steps on to the next free second.
    const taken = new Set(before.versions.map((v) => v.version))
    let stamp = now
    while (taken.has(versionId(stamp, contentHash))) stamp = new Date(stamp.getTime() + 1000)
    version = versionId(stamp, contentHash)
    await copyVersion(edgeDir, pkg, distDir, files, version)
  }
  const chosen = version

  return withRegistryLock(edgeDir, async () => {
    const deployments = await readDeployments(edgeDir)
    const history = historyOf(deployments, pkg.name)
    const previous = history.current
    // A reused version moves to the end: the list is in deploy order.
    const existing = history.versions.find((v) => v.version === chosen)
    const record = { ...existing, version: chosen, deployedAt: now.toISOString(), contentHash }
    history.versions = [...history.versions.filter((v) => v.version !== chosen), record]
    if (options.sourceHash) record.sourceHash = options.sourceHash
    if (options.required) record.required = true
    if (options.canaryShare !== undefined) {
      // On trial for a share of readers; the live version stays live for everyone else.
      if (previous === chosen) throw new Error(`${pkg.name}: ${chosen} is already live for everyone; nothing to try as a canary`)
      history.canary = { version: chosen, share: options.canaryShare, startedAt: now.toISOString(), ...(options.autoPromote ? { autoPromote: true } : {}) }
      recordEvent(history, { at: now.toISOString(), action: 'canary', version: chosen, from: previous })
    } else {
      if (previous !== chosen) {
        history.current = chosen
        history.lineage.push(chosen)
      }
      // A plain deploy replaces a canary in progress.
      history.canary = null
      recordEvent(history, { at: now.toISOString(), action: 'deploy', version: chosen, from: previous })
    }
    const pruned = pruneHistory(history, options.keep ?? DEFAULT_KEEP)
    await saveDeployments(edgeDir, deployments)
    await removeVersions(edgeDir, pkg, pruned)
    return { package: pkg.name, status: 'deployed', version: chosen, previous, reused, files: files.length, pruned }
  })
}

/** Builds the version folder under a dot-named temporary name (never served), then renames it. */
async function copyVersion(edgeDir: string, pkg: PackageInfo, distDir: string, files: readonly string[], version: string): Promise<void> {
  const root = packageRoot(edgeDir, pkg)
  const target = versionDir(edgeDir, pkg, version)
  if (await exists(target)) return // same id means same content: two publishes of one build at once
  const temp = path.join(root, `.tmp-${version}-${process.pid}-${randomBytes(3).toString('hex')}`)
  await fs.mkdir(temp, { recursive: true })
  try {
    const base = publicBase(pkg, version)
    await inParallel(files, Math.max(2, os.availableParallelism()), async (rel) => {
      const ext = path.extname(rel).toLowerCase()
      let content = await fs.readFile(path.join(distDir, rel))
      if (pkg.kind === 'host' && TEXT_EXTENSIONS.has(ext) && content.includes(HOST_BASE_PLACEHOLDER)) {
        content = Buffer.from(pinHostBase(content.toString('utf8'), base), 'utf8')
      }
      const out = path.join(temp, rel)
      await fs.mkdir(path.dirname(out), { recursive: true })
      await fs.writeFile(out, content)
      // The server build (server/) is read by the edge from disk, never sent: nothing to compress.
      if (!PRECOMPRESS_EXTENSIONS.has(ext) || content.length < PRECOMPRESS_MIN_BYTES || rel.split(/[\\/]/)[0] === SERVER_FOLDER) return
      const [gz, br] = await Promise.all([precompressed('gz', content, gzipBest), precompressed('br', content, brotliBest)])
      // A variant that is not smaller is pointless; the server falls back to the original.
      if (gz.length < content.length) await fs.writeFile(`${out}.gz`, gz)
      if (br.length < content.length) await fs.writeFile(`${out}.br`, br)
    })
    await fs.rename(temp, target)
  } catch (error) {
    await fs.rm(temp, { recursive: true, force: true })
    if ((error as NodeJS.ErrnoException).code === 'ENOTEMPTY' || (error as NodeJS.ErrnoException).code === 'EEXIST') return
    throw error
  }
}

/** A canary is for a remote, on more than 0 and less than 100 percent of readers. */
export function checkCanaryShare(pkg: PackageInfo, share: number): void {
  if (pkg.kind === 'host') throw new Error(`${pkg.name}: the shell cannot have a canary (every page loads it); deploy it, or try a remote`)
  if (!Number.isFinite(share) || share <= 0 || share >= 100) throw new Error(`--share must be a percent between 0 and 100 (exclusive), not ${share}`)
}
