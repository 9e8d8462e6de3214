import { COLORS, DialogFrame } from '@koma/contracts'
import type { ReactNode } from 'react'

/** The payments dialogs' frame: the shared DialogFrame with a wider, unpadded card that scrolls its own body. */
export function DialogPanel({
  level,
  labelledBy,
  testId,
  onOutside,
  children,
  wide = false,
}: {
  level: number
  labelledBy: string
  testId: string
  onOutside?: () => void
  children: ReactNode
  wide?: boolean
}) {
  return (
    <DialogFrame
      testId={testId}
      level={level}
      labelledBy={labelledBy}
      onOutside={onOutside}
      panel={{
        maxWidth: wide ? 480 : 380,
        maxHeight: 'calc(100dvh - 32px)',
        display: 'flex',
        flexDirection: 'column',
        padding: 0,
        borderRadius: 16,
        overflow: 'hidden',
        boxShadow: '0 20px 60px rgba(0,0,0,.35)',
      }}
    >
      {children}
    </DialogFrame>
  )
}

export const primaryButton = {
  width: '100%',
  padding: '13px 14px',
  border: 0,
  borderRadius: 12,
  background: COLORS.brand,
  color: COLORS.onBrand,
  fontSize: 15,
  fontWeight: 700,
  cursor: 'pointer',
  '&:disabled': { background: COLORS.line, color: COLORS.textMuted, cursor: 'default' },
} as const

export const secondaryButton = {
  width: '100%',
  padding: '13px 14px',
  border: `1px solid ${COLORS.line}`,
  borderRadius: 12,
  background: COLORS.surface,
  color: COLORS.text,
  fontSize: 15,
  fontWeight: 700,
  cursor: 'pointer',
  '&:disabled': { color: COLORS.textMuted, cursor: 'default' },
} as const
