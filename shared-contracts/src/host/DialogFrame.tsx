import type { CSSObject } from '@emotion/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { COLORS, dialogZIndex, OVERLAY_OPACITY, TIMINGS } from '../theme/tokens'
import { useFocusTrap } from './focusTrap'

export interface DialogFrameProps {
  testId: string
  children: ReactNode
  /** Stacking level: 900 + 2 per level (SPEC §9). */
  level?: number
  /** The id of the dialog's title, or a label when it has none. */
  labelledBy?: string
  label?: string
  /** Outside click and Escape; undefined = ignored (alerts). */
  onOutside?: () => void
  /** alertdialog for alerts that must be answered. */
  role?: 'dialog' | 'alertdialog'
  /** Overlay opacity (SPEC §9: 80 %, 40 % for the share dialog). */
  overlay?: number
  /** Fading out before it unmounts (e.g. SPEC §4: share closes 300 ms after hide). */
  closing?: boolean
  /** Keep the page behind from scrolling while open. */
  lockScroll?: boolean
  /** Styles of the card on top of the default (360 px wide, padded). */
  panel?: CSSObject
}

/**
 * Every modal of the site, host's and remotes' alike: the overlay (80 % by default), stacking by
 * level, and the keyboard contract of `useFocusTrap` (focus moved inside, Tab kept inside, Escape
 * handled like an outside click, focus given back to the opener on close).
 */
export function DialogFrame({
  testId,
  children,
  level = 0,
  labelledBy,
  label,
  onOutside,
  role = 'dialog',
  overlay = OVERLAY_OPACITY,
  closing = false,
  lockScroll = false,
  panel,
}: DialogFrameProps) {
  const card = useRef<HTMLDivElement>(null)
  useFocusTrap(card, onOutside)
  useEffect(() => {
    if (!lockScroll) return
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = previous
    }
  }, [lockScroll])
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
        transition: `opacity ${TIMINGS.dialogCloseMs}ms ease`,
        display: 'grid',
        placeItems: 'center',
        padding: 16,
      }}
    >
      <div
        ref={card}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : label}
        css={{
          width: '100%',
          maxWidth: 360,
          background: COLORS.surface,
          borderRadius: 14,
          padding: '24px 20px 16px',
          boxShadow: '0 20px 60px rgba(0,0,0,.3)',
          color: COLORS.text,
          ...panel,
        }}
      >
        {children}
      </div>
    </div>
  )
}
