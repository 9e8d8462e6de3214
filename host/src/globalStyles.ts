import { COLORS, FOCUS_RING, FONT_STACK } from '@koma/contracts'

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
  // Issue 14: every control shows where the keyboard is (the ring keeps 3:1 on light and dark).
  ':focus-visible': FOCUS_RING,
  // Issue 37: a reader whose system asks for less motion gets none (no sliding menus, fades,
  // spinning or smooth scrolls); what shows or hides still does, at once.
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important' as 'auto',
    },
  },
} as const
