import { COLORS, dialogZIndex, OVERLAY_OPACITY } from '@koma/contracts'
import { useEffect, type ReactNode } from 'react'

/** A catalog modal (home popups): the host's overlay and stacking, body scroll locked while open. */
export function Modal({ label, onClose, children, testId }: { label: string; onClose: () => void; children: ReactNode; testId: string }) {
  useEffect(() => {
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.body.style.overflow = previous
      document.removeEventListener('keydown', onKey)
    }
  }, [onClose])
  return (
    <div
      data-testid={testId}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
      css={{ position: 'fixed', inset: 0, zIndex: dialogZIndex(0), background: `rgba(0,0,0,${OVERLAY_OPACITY})`, display: 'grid', placeItems: 'center', padding: 20 }}
    >
      <div role="dialog" aria-modal="true" aria-label={label} css={{ width: '100%', maxWidth: 360, background: COLORS.surface, borderRadius: 16, overflow: 'hidden', boxShadow: '0 20px 60px rgba(0,0,0,.35)' }}>
        {children}
      </div>
    </div>
  )
}
