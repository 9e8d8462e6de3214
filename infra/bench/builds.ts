import { spawnSync } from 'node:child_process'
import { FRONT_END_FOLDERS } from '@koma/contracts/remotes'
import { repoRoot } from '../e2e/support/site'

/** The host and every remote (the one list: shared-contracts/federation/remotes.js). */
export const FRONT_ENDS = FRONT_END_FOLDERS

/** Wall-clock time of each package's production build, one after another. */
export function measureBuilds(): { pkg: string; seconds: number }[] {
  return FRONT_ENDS.map((pkg) => {
    const started = Date.now()
    const result = spawnSync('npm', ['run', '--silent', 'build', '-w', pkg], { cwd: repoRoot, encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${pkg} build failed:\n${result.stdout}${result.stderr}`)
    return { pkg, seconds: (Date.now() - started) / 1000 }
  })
}
