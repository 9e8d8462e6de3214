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

export const COLORS = {
  brand: '#ff5b4a',
  brandDark: '#d9402f',
  text: '#1a1a1a',
  textMuted: '#6b6b6b',
  line: '#e6e6e6',
  surface: '#ffffff',
  surfaceAlt: '#f5f5f7',
  free: '#2a9d5c',
  popupFree: '#7b3fe4',
  popupEvent: '#e53935',
  popupNotice: '#111111',
} as const

/** SPEC §9: dialogs stack at 900 plus 2 per level; overlay 80 % (40 % for the share dialog). */
export const dialogZIndex = (level: number): number => 900 + 2 * level
export const OVERLAY_OPACITY = 0.8
export const SHARE_OVERLAY_OPACITY = 0.4

export const TIMINGS = {
  notificationMs: 2400,
  notificationShortMs: 2000,
  notificationClearMs: 500,
  dialogCloseMs: 300,
  copiedIndicatorMs: 1000,
  readingGuideMs: 2400,
} as const

/** SPEC §9 image presets and densities. */
export const IMAGE_PRESETS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const
export type ImagePreset = keyof typeof IMAGE_PRESETS

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
