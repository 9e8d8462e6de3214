/** SPEC §9 timings (notifications, dialogs, guides, validation). */
export const TIMINGS = {
  notificationMs: 2400,
  notificationShortMs: 2000,
  notificationClearMs: 500,
  dialogCloseMs: 300,
  copiedIndicatorMs: 1000,
  readingGuideMs: 2400,
  /** SPEC §5: a field is checked this long after the reader's last keystroke. */
  validationDebounceMs: 5,
} as const

/** SPEC §9 image presets and densities. */
export const IMAGE_PRESETS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const
export type ImagePreset = keyof typeof IMAGE_PRESETS
