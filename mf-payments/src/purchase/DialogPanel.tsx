import { COLORS, dialogZIndex, OVERLAY_OPACITY } from '@koma/contracts'
import { useEffect, useRef, type ReactNode } from 'react'

/**
 * The payments dialogs' frame: the host's overlay (80 %) and stacking (900 + 2 per level),
 * focus moved inside, Escape and an outside click act like the close button (when allowed).
 */
export function DialogPanel({ level, labelledBy, testId, onOutside, children, wide = false }: { level: number; labelledBy: string; testId: string; onOutside?: () => void; children: ReactNode; wide?: boolean }) {
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    panel.current?.querySelector<HTMLElement>('button:not([disabled]), [href], input')?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onOutside?.()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      previous?.focus?.()
    }
  }, [onOutside])
  return (
    <div
      data-testid={testId}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onOutside?.()
      }}
      css={{ position: 'fixed', inset: 0, zIndex: dialogZIndex(level), background: `rgba(0,0,0,${OVERLAY_OPACITY})`, display: 'grid', placeItems: 'center', padding: 16 }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        css={{
          width: '100%',
          maxWidth: wide ? 480 : 380,
          maxHeight: 'calc(100dvh - 32px)',
          display: 'flex',
          flexDirection: 'column',
          background: COLORS.surface,
          color: COLORS.text,
          borderRadius: 16,
          overflow: 'hidden',
          boxShadow: '0 20px 60px rgba(0,0,0,.35)',
        }}
      >
        {children}
      </div>
    </div>
  )
}

export const primaryButton = {
  width: '100%',
  padding: '13px 14px',
  border: 0,
  borderRadius: 12,
  background: COLORS.brand,
  color: '#fff',
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
