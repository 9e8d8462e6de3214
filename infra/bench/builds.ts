import { spawnSync } from 'node:child_process'
import { repoRoot } from '../e2e/support/site'

export const FRONT_ENDS = ['host', 'mf-catalog', 'mf-viewer', 'mf-account', 'mf-payments', 'mf-community', 'mf-ops'] as const

/** Wall-clock time of each package's production build, one after another. */
export function measureBuilds(): { pkg: string; seconds: number }[] {
  return FRONT_ENDS.map((pkg) => {
    const started = Date.now()
    const result = spawnSync('npm', ['run', '--silent', 'build', '-w', pkg], { cwd: repoRoot, encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${pkg} build failed:\n${result.stdout}${result.stderr}`)
    return { pkg, seconds: (Date.now() - started) / 1000 }
  })
}
