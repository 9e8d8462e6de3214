import { COLORS, FONT_SIZES, TIMINGS, isApiError } from '@koma/contracts'
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'

/**
 * Form building blocks every area's forms use (the account pages, the operator console): fields
 * with their errors, live validation and the submit hook. A shared entry of its own
 * (`@koma/contracts/ui`), so a page without a form does not download it.
 */

/** The message of a refused call (the API speaks the reader's language), or null for other failures. */
export const refusal = (error: unknown): string | null =>
  isApiError(error) && error.status >= 400 && error.status < 500 && error.message ? error.message : null

const fieldStyle = (error: boolean) => ({
  width: '100%',
  padding: '12px 14px',
  fontSize: FONT_SIZES.size60,
  borderRadius: 10,
  border: `1.5px solid ${error ? COLORS.brandDark : COLORS.line}`,
  background: COLORS.surface,
  color: COLORS.text,
  fontFamily: 'inherit',
  '&:focus': { borderColor: error ? COLORS.brandDark : COLORS.text },
})

function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: ReactNode; error?: string | null; children: ReactNode }) {
  return (
    <div css={{ marginBottom: 16 }}>
      <label htmlFor={id} css={{ display: 'block', fontSize: FONT_SIZES.size40, fontWeight: 700, marginBottom: 6 }}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" css={{ color: COLORS.brandDark, fontSize: FONT_SIZES.size40, margin: '6px 0 0' }}>
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} css={{ color: COLORS.textMuted, fontSize: FONT_SIZES.size30, margin: '6px 0 0' }}>
          {hint}
        </p>
      ) : null}
    </div>
  )
}

/** A labelled text field with its error under it, announced to screen readers. */
export function TextField({
  label,
  error,
  hint,
  ...input
}: { label: string; error?: string | null; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        {...input}
        css={fieldStyle(Boolean(error))}
      />
    </Field>
  )
}

export function SelectField({
  label,
  error,
  hint,
  children,
  ...select
}: { label: string; error?: string | null; hint?: ReactNode; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId()
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <select id={id} aria-invalid={error ? true : undefined} {...select} css={{ ...fieldStyle(Boolean(error)), appearance: 'auto' }}>
        {children}
      </select>
    </Field>
  )
}

export function TextArea({
  label,
  error,
  hint,
  ...area
}: { label: string; error?: string | null; hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId()
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        {...area}
        css={{ ...fieldStyle(Boolean(error)), minHeight: 180, resize: 'vertical', lineHeight: 1.6 }}
      />
    </Field>
  )
}

export const submitButton = {
  width: '100%',
  padding: '14px 0',
  borderRadius: 26,
  border: 0,
  background: COLORS.brand,
  color: COLORS.onBrand,
  fontSize: FONT_SIZES.size60,
  fontWeight: 700,
  cursor: 'pointer',
  '&:disabled': { opacity: 0.6, cursor: 'default' },
} as const

/** Field errors by name from a validate() result. */
export const errorOf = (errors: { field: string; message: string }[], field: string): string | null =>
  errors.find((error) => error.field === field)?.message ?? null

export interface LiveFieldError {
  field: string
  message: string
}

/**
 * SPEC §5: fields are checked as the reader types, 5 ms after the last keystroke
 * (`TIMINGS.validationDebounceMs`). `changed(field)` in each field's onChange; only fields the
 * reader has typed in show their problems, until `checkAll()` (on submit) shows every one.
 * `check` runs the form's validate() on the current values (read at the last render).
 */
export function useLiveValidation(check: () => LiveFieldError[]) {
  const [errors, setErrors] = useState<LiveFieldError[]>([])
  const latest = useRef(check)
  const typed = useRef(new Set<string>())
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => {
    latest.current = check
  })
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )
  const changed = useCallback((field: string) => {
    typed.current.add(field)
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      timer.current = null
      setErrors(latest.current().filter((error) => typed.current.has(error.field)))
    }, TIMINGS.validationDebounceMs)
  }, [])
  const checkAll = useCallback((): LiveFieldError[] => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    const all = latest.current()
    for (const error of all) typed.current.add(error.field)
    setErrors(all)
    return all
  }, [])
  /** An input's onChange: keeps the typed value and checks the form 5 ms after the last key. */
  const input = useCallback(
    (field: string, set: (value: string) => void) => (event: { target: { value: string } }) => {
      set(event.target.value)
      changed(field)
    },
    [changed],
  )
  return { errors, setErrors, changed, input, checkAll }
}

export interface SubmitOptions {
  /**
   * Runs first, before anything is sent: the form's own checks (`() => !checkAll().length` with
   * `useLiveValidation`, a confirmation dialog...). `false` stops the submit; nothing is pending.
   */
  check?: () => boolean | Promise<boolean>
  /**
   * The message shown to the reader when sending fails. By default the API's refusal (a 4xx
   * answer, already in the reader's language); null shows nothing (the global handler spoke).
   */
  failure?: (error: unknown) => string | null
}

/**
 * The submit of an account form: clears the last problem, runs `check`, then `send` with
 * `pending` true. A second submit while one is pending is ignored (not queued). What `send`
 * throws becomes `problem` (see `failure`); success handling (navigate, a notice) is the end of
 * `send`. `submit` resolves to true when `send` completed.
 */
export function useSubmit(send: () => Promise<void>, { check, failure = refusal }: SubmitOptions = {}) {
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  // A ref, not the state: two submits in the same tick both see the state of the last render.
  const running = useRef(false)
  const submit = async (event?: { preventDefault(): void }): Promise<boolean> => {
    event?.preventDefault()
    if (running.current) return false
    setProblem(null)
    if (check && !(await check())) return false
    if (running.current) return false
    running.current = true
    setPending(true)
    try {
      await send()
      return true
    } catch (error) {
      setProblem(failure(error))
      return false
    } finally {
      running.current = false
      setPending(false)
    }
  }
  /** For `<form onSubmit>`. */
  const onSubmit = (event: { preventDefault(): void }) => void submit(event)
  return { submit, onSubmit, pending, problem, setProblem }
}
