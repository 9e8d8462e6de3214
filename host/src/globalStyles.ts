import { COLORS, FONT_STACK } from '@koma/contracts'

export const globalStyles = {
  '*, *::before, *::after': { boxSizing: 'border-box' },
  html: { WebkitTextSizeAdjust: '100%' },
  body: {
    margin: 0,
    fontFamily: FONT_STACK,
    color: COLORS.text,
    background: COLORS.surface,
    WebkitFontSmoothing: 'antialiased',
    lineHeight: 1.5,
  },
  'img, svg': { display: 'block' },
  'button, input, select, textarea': { font: 'inherit' },
  a: { color: 'inherit' },
} as const
