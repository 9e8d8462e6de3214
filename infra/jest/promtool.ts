import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

/**
 * Debian's promtool (package `prometheus`; .ci/run installs it): the checks Prometheus itself makes
 * of an exposition, a configuration and rule files. Absent on a machine without the package: the
 * tests that need it say so and skip (CI has it).
 */
export const PROMTOOL = process.env.PROMTOOL || '/usr/bin/promtool'
export const promtoolPresent = fs.existsSync(PROMTOOL)

/** Why the promtool checks are skipped here (printed by the tests that skip), or null when they run. */
export const promtoolMissing = promtoolPresent ? null : `promtool is not installed at ${PROMTOOL} (Debian package prometheus): its checks are skipped`

/** `promtool check metrics` on an exposition: its complaints ('' when there are none) and exit status. */
export function checkMetrics(exposition: string): { status: number | null; complaints: string } {
  const run = spawnSync(PROMTOOL, ['check', 'metrics'], { input: exposition, encoding: 'utf8' })
  return { status: run.status, complaints: `${run.stdout}${run.stderr}`.trim() }
}

/** `promtool check config|rules FILE…`: its output and exit status. */
export function promtoolCheck(kind: 'config' | 'rules', files: string[]): { status: number | null; output: string } {
  const run = spawnSync(PROMTOOL, ['check', kind, ...files], { encoding: 'utf8' })
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() }
}
