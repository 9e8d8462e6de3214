import type { useT } from '@koma/contracts'
import type { FieldError } from '@koma/contracts/ops'
import { problemMessages } from '../i18n/messages'

/** A form check's problem (shared-contracts/domain/ops/) as a message in the operator's language. */
export function problemText(t: ReturnType<typeof useT>, errors: FieldError[], field: string): string | null {
  const error = errors.find((item) => item.field === field)
  if (!error) return null
  return t(problemMessages[error.problem], { max: error.max ?? 0 })
}

/**
 * A date-time input's value (local time, no zone) from an ISO time, and back; empty stays empty.
 * With `seconds` (an input with step=1) the seconds are kept, so saving an untouched time does
 * not move it to the start of its minute.
 */
export function toLocalInput(iso: string | null, options: { seconds?: boolean } = {}): string {
  if (!iso) return ''
  const date = new Date(iso)
  const pad = (value: number) => String(value).padStart(2, '0')
  const minutes = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
  return options.seconds ? `${minutes}:${pad(date.getSeconds())}` : minutes
}

export function fromLocalInput(value: string): string {
  if (!value) return ''
  const time = new Date(value)
  return Number.isNaN(time.getTime()) ? value : time.toISOString()
}
