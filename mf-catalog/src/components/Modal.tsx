import { DialogFrame } from '@koma/contracts'
import type { ReactNode } from 'react'

/** A catalog modal (home popups): the shared DialogFrame, unpadded, body scroll locked while open. */
export function Modal({ label, onClose, children, testId }: { label: string; onClose: () => void; children: ReactNode; testId: string }) {
  return (
    <DialogFrame
      testId={testId}
      label={label}
      onOutside={onClose}
      lockScroll
      panel={{ padding: 0, borderRadius: 16, overflow: 'hidden', boxShadow: '0 20px 60px rgba(0,0,0,.35)' }}
    >
      {children}
    </DialogFrame>
  )
}
