import { COLORS } from '@koma/contracts'
import type { ReactNode } from 'react'
import { useArtlessScreen } from '../layout/artlessScreen'

/** The shared look of full-page messages: not found, maintenance, server error, guides. */
export function ScreenFrame({ title, children, testId, code }: { title: string; children?: ReactNode; testId: string; code?: string }) {
  // No artwork here: the header does not float over it in white (SPEC §2).
  useArtlessScreen()
  return (
    <section data-testid={testId} css={{ maxWidth: 560, margin: '0 auto', padding: '72px 24px', textAlign: 'center', color: COLORS.text }}>
      {code ? <p css={{ fontSize: 56, fontWeight: 800, color: COLORS.brand, margin: '0 0 8px', letterSpacing: 2 }}>{code}</p> : null}
      <h1 css={{ fontSize: 22, lineHeight: 1.4, margin: '0 0 12px', wordBreak: 'break-word' }}>{title}</h1>
      {children}
    </section>
  )
}

export const screenText = { fontSize: 15, lineHeight: 1.6, color: COLORS.textMuted, margin: '0 0 24px' } as const

export const primaryButton = {
  display: 'inline-block',
  padding: '12px 32px',
  borderRadius: 24,
  background: COLORS.brand,
  color: '#fff',
  fontWeight: 700,
  fontSize: 15,
  textDecoration: 'none',
  border: 0,
  cursor: 'pointer',
} as const
