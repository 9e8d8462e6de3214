import type { useT } from '@koma/contracts'
import type { FieldError } from '@koma/contracts/ops'
import { problemMessages } from '../i18n/messages'

/** A form check's problem (shared-contracts/domain/ops.ts) as a message in the operator's language. */
export function problemText(t: ReturnType<typeof useT>, errors: FieldError[], field: string): string | null {
  const error = errors.find((item) => item.field === field)
  if (!error) return null
  return t(problemMessages[error.problem], { max: error.max ?? 0 })
}

/** A date-time input's value (local time, no zone) from an ISO time, and back; empty stays empty. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

export function fromLocalInput(value: string): string {
  if (!value) return ''
  const time = new Date(value)
  return Number.isNaN(time.getTime()) ? value : time.toISOString()
}
