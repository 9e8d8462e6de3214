import type { Badge } from '../domain/types'

/** SPEC §9 design constants every area renders with. */
export const BREAKPOINTS = { tablet: 768, desktop: 1024, narrowHeader: 540 } as const

export const media = {
  mobile: `@media (max-width: ${BREAKPOINTS.tablet - 1}px)`,
  tabletUp: `@media (min-width: ${BREAKPOINTS.tablet}px)`,
  desktop: `@media (min-width: ${BREAKPOINTS.desktop}px)`,
  narrowHeader: `@media (max-width: ${BREAKPOINTS.narrowHeader}px)`,
} as const

export const FONT_SIZES = {
  size110: 48,
  size100: 32,
  size90: 24,
  size80: 20,
  size70: 18,
  size60: 16,
  size50: 14,
  size40: 13,
  size30: 12,
  size25: 11,
  size20: 10,
  size10: 8,
} as const

export const FONT_WEIGHTS = { light: 300, medium: 500, bold: 700 } as const

/**
 * The palette. Shades are chosen so that every pair in CONTRAST_PAIRS meets WCAG AA (issue 14):
 * the brand coral, the free green and the event red are the design's hues, darkened until white
 * text on them, and they as text on the light surfaces, reach 4.5:1 (contrast.test.ts checks).
 */
export const COLORS = {
  brand: '#c44639',
  brandDark: '#a63a2f',
  text: '#1a1a1a',
  textMuted: '#6b6b6b',
  line: '#e6e6e6',
  surface: '#ffffff',
  surfaceAlt: '#f5f5f7',
  /** Light brand tints behind brand or body text (the last-read row, a chosen coin pack, error notes). */
  brandTint: '#fff5f4',
  brandTintStrong: '#fff1ef',
  onBrand: '#ffffff',
  free: '#22804b',
  /** A light green chip ("This device", an update notice) and its text (issue 35: free on it was 4.46:1). */
  freeTint: '#e9f7ef',
  freeDark: '#1d7442',
  popupFree: '#7b3fe4',
  popupEvent: '#d23430',
  popupNotice: '#111111',
  /** Payment errors under a form (card errors) and the purchase-fail icon. */
  danger: '#d93025',
  /**
   * The keyboard focus ring (issue 14): one blue that keeps 3:1 against the light surfaces and
   * against the dark viewer chrome and dialog overlay, so the same ring works everywhere.
   */
  focus: '#1f6feb',
} as const

/** The visible focus of every control (host global style; 3 px, outside the element). */
export const FOCUS_RING = { outline: `3px solid ${COLORS.focus}`, outlineOffset: 2 } as const

/** Read by assistive technology, not drawn: a live status, a caption, a label or a control's words shown as a drawing. */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const

/** SPEC §3 badge chips: background and text colour of each. */
export const BADGE_COLORS = {
  FIN: { background: '#4b4b4b', text: COLORS.onBrand },
  EVENT: { background: COLORS.popupEvent, text: COLORS.onBrand },
  NEW: { background: COLORS.brand, text: COLORS.onBrand },
  UP: { background: '#1973c2', text: COLORS.onBrand },
  HIATUS: { background: '#8d6e63', text: COLORS.onBrand },
  HIGHLIGHT: { background: '#f9a825', text: COLORS.text },
  HOT: { background: '#d81b60', text: COLORS.onBrand },
  EXCLUSIVE: { background: '#6a1b9a', text: COLORS.onBrand },
  MATURE: { background: '#b71c1c', text: COLORS.onBrand },
  RENTAL_ONLY: { background: '#00796b', text: COLORS.onBrand },
} as const satisfies Record<Badge, { background: string; text: string }>

/** SPEC §9: dialogs stack at 900 plus 2 per level; overlay 80 % (40 % for the share dialog). */
export const dialogZIndex = (level: number): number => 900 + 2 * level
export const OVERLAY_OPACITY = 0.8
export const SHARE_OVERLAY_OPACITY = 0.4

// The timings and image presets the domain rules use too: in their own module, so a package
// bundling a rule (`@koma/contracts/domain`) takes these few numbers, not the whole palette.
export { IMAGE_PRESETS, TIMINGS, type ImagePreset } from './timings'

export const IMAGE_SIZES = {
  contentThumbnail: { width: 192, height: 272 },
  avatar: { width: 120, height: 120 },
  bannerList: { width: 544 },
  banner: { width: 640 },
  episodeThumbnail: { width: 152, height: 152 },
  popup: { width: 640, height: 640 },
  homeTopBanner: { width: 640, height: 640 },
} as const

export const FONT_STACK =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", Meiryo, Roboto, "Helvetica Neue", Arial, sans-serif'
