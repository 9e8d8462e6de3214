import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import type { PackageInfo } from './registry/packages'

const SKIP_DIRS = new Set(['node_modules', 'dist', '.cache', 'coverage', '__tests__', '__snapshots__'])
const SKIP_FILES = /\.(test|spec)\.[cm]?[tj]sx?$/

export interface SourceState {
  /** sha256 over every input file's path and content. */
  hash: string
  /** The latest modification among the inputs (to tell whether a dist on disk is older). */
  newestMtimeMs: number
}

/** What a package's build reads: its own folder, the contracts, the shared webpack config, the lockfile, the browser targets. */
export function buildInputs(repoRoot: string, pkg: PackageInfo): string[] {
  return [pkg.name, 'shared-contracts', path.join('infra', 'webpack'), 'package-lock.json', '.browserslistrc'].map((p) => path.join(repoRoot, p))
}

export async function sourceState(repoRoot: string, pkg: PackageInfo): Promise<SourceState> {
  const files: string[] = []
  const walk = async (target: string): Promise<void> => {
    const stat = await fs.stat(target).catch(() => null)
    if (!stat) return
    if (stat.isFile()) {
      files.push(target)
      return
    }
    if (!stat.isDirectory()) return
    for (const entry of await fs.readdir(target, { withFileTypes: true })) {
      if (entry.isDirectory() && !SKIP_DIRS.has(entry.name)) await walk(path.join(target, entry.name))
      else if (entry.isFile() && !SKIP_FILES.test(entry.name)) files.push(path.join(target, entry.name))
    }
  }
  for (const input of buildInputs(repoRoot, pkg)) await walk(input)
  files.sort()
  const hash = createHash('sha256')
  let newestMtimeMs = 0
  for (const file of files) {
    const [content, stat] = await Promise.all([fs.readFile(file), fs.stat(file)])
    newestMtimeMs = Math.max(newestMtimeMs, stat.mtimeMs)
    hash.update(`${path.relative(repoRoot, file).split(path.sep).join('/')}\0${content.length}\0`)
    hash.update(content)
  }
  return { hash: hash.digest('hex'), newestMtimeMs }
}

/** When the dist was built (its entry file's mtime; webpack cleans and rewrites the folder), or null. */
export async function distBuiltAt(distDir: string, pkg: PackageInfo): Promise<number | null> {
  const stat = await fs.stat(path.join(distDir, pkg.entryFile)).catch(() => null)
  return stat ? stat.mtimeMs : null
}

/** `npm run build -w <pkg>` with the terminal attached; resolves to whether it succeeded. */
export function runBuild(repoRoot: string, pkg: PackageInfo): Promise<boolean> {
  // Under `npm run`, npm_execpath is npm's own script: reuse it (same npm, no PATH lookup).
  const npmScript = process.env.npm_execpath
  const viaNode = npmScript && /\.[cm]?js$/.test(npmScript)
  const command = viaNode ? process.execPath : process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const args = [...(viaNode ? [npmScript] : []), 'run', 'build', '-w', pkg.name]
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', shell: process.platform === 'win32' })
    child.on('error', () => resolve(false))
    child.on('exit', (code) => resolve(code === 0))
  })
}
