import { COLORS, FONT_SIZES, useT } from '@koma/contracts'
import type { FieldError } from '@koma/contracts/ops'
import { refusal, useSubmit, type SubmitOptions } from '@koma/contracts/ui'
import { useRef, useState, type ReactNode } from 'react'
import { consoleMessages } from '../i18n/messages'
import { buttonStyle } from './parts'
import { problemText } from './problems'

export type Fields = Record<string, string>

/** What the console shows when a call fails: the API's refusal (in the operator's language), else a generic failure. */
export function useFailure(): NonNullable<SubmitOptions['failure']> {
  const t = useT()
  return (error) => refusal(error) ?? t(consoleMessages.failed)
}

/**
 * A console form: its fields, the API's own check (shared-contracts/domain/ops/) before
 * anything is sent, each problem under its field, and the refusal or failure in the operator's
 * language. `field(name)` gives a TextField, SelectField or TextArea everything it needs.
 */
export function useOpsForm(initial: () => Fields, check: (fields: Fields) => FieldError[], send: (fields: Fields) => Promise<void>) {
  const t = useT()
  const failure = useFailure()
  const [fields, setFields] = useState<Fields>(initial)
  const [errors, setErrors] = useState<FieldError[]>([])
  const [saved, setSaved] = useState(false)
  const submit = useSubmit(
    async () => {
      await send(fields)
      setSaved(true)
    },
    {
      check: () => {
        setSaved(false)
        const found = check(fields)
        setErrors(found)
        return found.length === 0
      },
      failure,
    },
  )
  const field = (name: string) => ({
    name,
    value: fields[name] ?? '',
    onChange: (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value })),
    error: problemText(t, errors, name),
  })
  return { fields, setFields, field, submit, saved, setSaved }
}

/** A form's submit button, with what was done announced next to it. */
export function SubmitRow({
  pending,
  label,
  saved,
  savedLabel,
  children,
}: {
  pending: boolean
  label: string
  saved: boolean
  savedLabel: string
  children?: ReactNode
}) {
  const t = useT()
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
      <button type="submit" disabled={pending} css={buttonStyle()}>
        {pending ? t(consoleMessages.saving) : label}
      </button>
      {children}
      <span role="status" css={{ color: COLORS.free, fontWeight: 700, fontSize: FONT_SIZES.size50 }}>
        {saved ? savedLabel : ''}
      </span>
    </div>
  )
}

/**
 * A one-click operator action (end a coupon, hide a comment, roll back a release): pending while
 * it runs, a second click ignored, and its failure shown in the operator's language.
 */
export function useAction() {
  const failure = useFailure()
  const work = useRef<() => Promise<void>>(async () => undefined)
  const action = useSubmit(() => work.current(), { failure })
  const run = (next: () => Promise<void>): Promise<boolean> => {
    if (action.pending) return Promise.resolve(false)
    work.current = next
    return action.submit()
  }
  return { run, pending: action.pending, problem: action.problem }
}
