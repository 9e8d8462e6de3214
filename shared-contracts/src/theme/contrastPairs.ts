import { BADGE_COLORS, COLORS } from './tokens'

/**
 * Every text/background pair the palette is used in, with the WCAG AA level it must meet:
 * 'text' 4.5:1 (normal text), 'large' 3:1 (18.66 px bold or 24 px and up, and UI parts such as
 * borders and icons). A new pairing in a component belongs here first. Only contrast.test.ts
 * reads it: kept out of the contracts barrel, so no page downloads it (issue 13).
 */
export const CONTRAST_PAIRS: readonly { foreground: string; background: string; level: 'text' | 'large'; name: string }[] = [
  ...(
    [
      ['surface', ['text', 'textMuted', 'brand', 'brandDark', 'free', 'popupEvent', 'danger']],
      ['surfaceAlt', ['text', 'textMuted', 'brand', 'brandDark', 'free']],
      ['brandTint', ['text', 'textMuted', 'brand', 'brandDark']],
      ['brandTintStrong', ['text', 'brandDark']],
      ['freeTint', ['text', 'freeDark']],
    ] as const
  ).flatMap(([surface, inks]) =>
    inks.map((ink) => ({ foreground: COLORS[ink], background: COLORS[surface], level: 'text' as const, name: `${ink} on ${surface}` })),
  ),
  ...(['brand', 'brandDark', 'free', 'textMuted', 'popupFree', 'popupEvent', 'popupNotice', 'text', 'danger'] as const).map((fill) => ({
    foreground: COLORS.onBrand,
    background: COLORS[fill],
    level: 'text' as const,
    name: `onBrand on ${fill}`,
  })),
  ...Object.entries(BADGE_COLORS).map(([badge, pair]) => ({
    foreground: pair.text,
    background: pair.background,
    level: 'text' as const,
    name: `badge ${badge}`,
  })),
  { foreground: COLORS.brand, background: COLORS.surface, level: 'large', name: 'brand border or icon on surface' },
  // The focus ring is a UI part (3:1) beside whatever the focused control sits on.
  ...(['surface', 'surfaceAlt', 'brandTint', 'popupNotice'] as const).map((surface) => ({
    foreground: COLORS.focus,
    background: COLORS[surface],
    level: 'large' as const,
    name: `focus ring on ${surface}`,
  })),
  { foreground: COLORS.focus, background: '#000000', level: 'large', name: 'focus ring on the dialog overlay and the reader' },
]
