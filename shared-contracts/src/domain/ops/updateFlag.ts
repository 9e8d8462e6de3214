import type { FieldError } from './forms'

// The update flag (SPEC §4: required or available app update; SPEC §7 new-build check)

export const UPDATE_STATES = ['none', 'available', 'required'] as const
export type UpdateState = (typeof UPDATE_STATES)[number]

export interface UpdateSetting {
  state: UpdateState
  /** The version readers should move to (free text such as 2026.11.3); empty with `none`. */
  version: string
}

export const UPDATE_NONE: UpdateSetting = { state: 'none', version: '' }

export function checkUpdateForm(form: { state?: string; version?: string }): { setting: UpdateSetting; errors: FieldError[] } {
  const errors: FieldError[] = []
  const state = (UPDATE_STATES as readonly string[]).includes(String(form.state)) ? (form.state as UpdateState) : null
  if (!state) errors.push({ field: 'state', problem: form.state ? 'invalid' : 'required' })
  const version = typeof form.version === 'string' ? form.version.trim() : ''
  if (form.version !== undefined && typeof form.version !== 'string') errors.push({ field: 'version', problem: 'invalid' })
  else if (state && state !== 'none' && !version) errors.push({ field: 'version', problem: 'required' })
  else if (version && !/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,39}$/.test(version)) errors.push({ field: 'version', problem: 'invalid' })
  return { setting: { state: state ?? 'none', version: state === 'none' ? '' : version }, errors }
}
