import { COLORS, FONT_SIZES } from '@koma/contracts'

/** A text input of the checkout forms. */
export const input = {
  display: 'block',
  width: '100%',
  boxSizing: 'border-box',
  fontSize: FONT_SIZES.size60,
  padding: '12px 14px',
  border: `1.5px solid ${COLORS.line}`,
  borderRadius: 10,
  background: COLORS.surface,
  color: COLORS.text,
  font: 'inherit',
} as const
