import { VERSION_ID_PATTERN } from '../../remotes'
import type { FieldError } from './forms'

// Releases (issue 16): the console's promote and rollback of a package's version at the edge

export const RELEASE_ACTIONS = ['promote', 'rollback'] as const
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number]

/** A front-end package name (`host`, `mf-catalog`, …) and a published version id, as the edge names them. */
const RELEASE_PACKAGE = /^(host|mf-[a-z]{2,20})$/
const RELEASE_VERSION = VERSION_ID_PATTERN

/** The release the edge made, as it asks the API to write it into the audit log. */
export function checkReleaseRecord(form: Partial<Record<string, unknown>>): {
  record: { package: string; action: ReleaseAction; from: string; to: string } | null
  errors: FieldError[]
} {
  const errors: FieldError[] = []
  const text = (field: string, pattern: RegExp): string => {
    const value = form[field]
    if (typeof value !== 'string' || !value) errors.push({ field, problem: 'required' })
    else if (!pattern.test(value)) errors.push({ field, problem: 'invalid' })
    return typeof value === 'string' ? value : ''
  }
  const pkg = text('package', RELEASE_PACKAGE)
  const action = form.action
  if (typeof action !== 'string' || !(RELEASE_ACTIONS as readonly string[]).includes(action))
    errors.push({ field: 'action', problem: action ? 'invalid' : 'required' })
  const from = text('from', RELEASE_VERSION)
  const to = text('to', RELEASE_VERSION)
  return { record: errors.length ? null : { package: pkg, action: action as ReleaseAction, from, to }, errors }
}
