import { COLORS } from '@koma/contracts'

/** The host dialogs' text and button styles (the frame itself is the shared DialogFrame). */
export const dialogTitle = { fontSize: 17, fontWeight: 700, margin: '0 0 10px', textAlign: 'center' as const, lineHeight: 1.4 }
export const dialogText = {
  fontSize: 14,
  lineHeight: 1.6,
  margin: '0 0 20px',
  textAlign: 'center' as const,
  color: COLORS.textMuted,
  whiteSpace: 'pre-line' as const,
}
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
