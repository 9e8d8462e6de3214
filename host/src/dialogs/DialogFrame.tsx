import { COLORS, dialogZIndex, OVERLAY_OPACITY } from '@koma/contracts'
import { useEffect, useRef, type ReactNode } from 'react'

/**
 * A modal: overlay at 80 % (SPEC §9), stacked at 900 + 2 per level, focus moved inside and
 * Escape handled like an outside click.
 */
export function DialogFrame({
  level,
  labelledBy,
  onOutside,
  children,
  testId,
  overlay = OVERLAY_OPACITY,
  closing = false,
}: {
  level: number
  labelledBy: string
  /** Outside click and Escape; undefined = ignored (alert). */
  onOutside?: () => void
  children: ReactNode
  testId: string
  /** Overlay opacity (SPEC §9: 80 %, 40 % for the share dialog). */
  overlay?: number
  /** Fading out before it unmounts (SPEC §4: share closes 300 ms after hide). */
  closing?: boolean
}) {
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    panel.current?.querySelector<HTMLElement>('button, [href], input, select, textarea')?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && onOutside) onOutside()
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
      css={{
        position: 'fixed',
        inset: 0,
        zIndex: dialogZIndex(level),
        background: `rgba(0,0,0,${overlay})`,
        opacity: closing ? 0 : 1,
        transition: 'opacity .3s ease',
        display: 'grid',
        placeItems: 'center',
        padding: 16,
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        css={{ width: '100%', maxWidth: 360, background: COLORS.surface, borderRadius: 14, padding: '24px 20px 16px', boxShadow: '0 20px 60px rgba(0,0,0,.3)', color: COLORS.text }}
      >
        {children}
      </div>
    </div>
  )
}

export const dialogTitle = { fontSize: 17, fontWeight: 700, margin: '0 0 10px', textAlign: 'center' as const, lineHeight: 1.4 }
export const dialogText = { fontSize: 14, lineHeight: 1.6, margin: '0 0 20px', textAlign: 'center' as const, color: COLORS.textMuted, whiteSpace: 'pre-line' as const }
export const dialogButtons = { display: 'flex', gap: 8 } as const
export const dialogButton = (primary: boolean) =>
  ({
    flex: 1,
    padding: '12px 0',
    borderRadius: 10,
    border: 0,
    fontSize: 15,
    fontWeight: 700,
    cursor: 'pointer',
    background: primary ? COLORS.brand : COLORS.surfaceAlt,
    color: primary ? '#fff' : COLORS.text,
  }) as const
