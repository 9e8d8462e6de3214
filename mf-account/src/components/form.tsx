import { COLORS } from '@koma/contracts'
import { useId, type InputHTMLAttributes } from 'react'

/** A labelled text field with its error under it, announced to screen readers. */
export function TextField({ label, error, ...input }: { label: string; error?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div css={{ marginBottom: 16 }}>
      <label htmlFor={id} css={{ display: 'block', fontSize: 13, fontWeight: 700, marginBottom: 6 }}>
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
        css={{
          width: '100%',
          padding: '12px 14px',
          fontSize: 16,
          borderRadius: 10,
          border: `1.5px solid ${error ? COLORS.brandDark : COLORS.line}`,
          outline: 'none',
          '&:focus': { borderColor: error ? COLORS.brandDark : COLORS.text },
        }}
      />
      {error ? (
        <p id={errorId} role="alert" css={{ color: COLORS.brandDark, fontSize: 13, margin: '6px 0 0' }}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

export const submitButton = {
  width: '100%',
  padding: '14px 0',
  borderRadius: 26,
  border: 0,
  background: COLORS.brand,
  color: '#fff',
  fontSize: 16,
  fontWeight: 700,
  cursor: 'pointer',
  '&:disabled': { opacity: 0.6, cursor: 'default' },
} as const
