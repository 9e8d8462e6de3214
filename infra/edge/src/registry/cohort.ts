import { createHash, randomBytes } from 'node:crypto'
import type { Registry } from './types'

/** The cookie that keeps a reader on one side of every canary (no personal data: a random id). */
export const COHORT_COOKIE = 'koma_cohort'
const COHORT_PATTERN = /^[A-Za-z0-9_-]{16,64}$/

export const newCohort = (): string => randomBytes(16).toString('base64url')

/** A cohort id from a Cookie header, or null (absent or not one of ours). */
export function cohortOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === COHORT_COOKIE && value && COHORT_PATTERN.test(value)) return value
  }
  return null
}

/**
 * Whether a reader is in a remote's canary: a hash of their cohort and the remote, placed on
 * 0–100 with 0.01 steps, against the share. Sticky (same cohort, same answer) and independent
 * between remotes.
 */
export function inCanary(cohort: string, remote: string, share: number): boolean {
  const point = createHash('sha256').update(`${cohort}:${remote}`).digest().readUInt32BE(0) % 10_000
  return point < Math.round(share * 100)
}

/**
 * The registry as this reader gets it: each remote with a canary points at the canary's version
 * when the reader is in it. Returns the same object when nothing changes for them. The canary
 * list itself is never sent.
 */
export function registryForReader(registry: Registry, cohort: string | null): { registry: Registry } {
  if (!registry.canaries) return { registry }
  const remotes = { ...registry.remotes }
  for (const [name, canary] of Object.entries(registry.canaries)) {
    if (!cohort || !remotes[name] || !inCanary(cohort, name, canary.share)) continue
    remotes[name] = { version: canary.version, entry: canary.entry, ...(canary.required ? { required: true as const } : {}) }
  }
  const { canaries: _canaries, ...rest } = registry
  return { registry: { ...rest, remotes } }
}
