import { POPUP_CATEGORY_COLORS } from '../domain/popups'
import { AA_MINIMUM, contrastRatio, legibleBackground, relativeLuminance } from './contrast'
import { CONTRAST_PAIRS } from './contrastPairs'
import { BADGE_COLORS, COLORS } from './tokens'

describe('contrastRatio (WCAG 2.x)', () => {
  it('gives the definition’s end points and known values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#fff', '#fff')).toBe(1)
    // Order does not matter; #777 on white is the classic 4.48:1 that just fails AA.
    expect(contrastRatio('#ffffff', '#777777')).toBeCloseTo(4.48, 2)
    expect(contrastRatio('#777', '#fff')).toBe(contrastRatio('#ffffff', '#777777'))
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 4)
  })

  it('refuses what is not a hex colour', () => {
    expect(() => relativeLuminance('red')).toThrow('not a #rgb or #rrggbb colour: red')
    expect(() => relativeLuminance('#12345')).toThrow()
  })
})

describe('the palette meets WCAG AA by construction (issue 14)', () => {
  it.each(CONTRAST_PAIRS.map((pair) => [pair.name, pair] as const))('%s', (_name, pair) => {
    expect(contrastRatio(pair.foreground, pair.background)).toBeGreaterThanOrEqual(AA_MINIMUM[pair.level])
  })

  it('declares a pair for every badge and for white on every filled colour', () => {
    expect(CONTRAST_PAIRS.filter((pair) => pair.name.startsWith('badge ')).length).toBe(Object.keys(BADGE_COLORS).length)
    for (const fill of [COLORS.brand, COLORS.brandDark, COLORS.free, COLORS.popupFree, COLORS.popupEvent, COLORS.popupNotice])
      expect(CONTRAST_PAIRS.some((pair) => pair.background === fill && pair.foreground === COLORS.onBrand)).toBe(true)
  })

  it('gives popup categories the palette’s colours', () => {
    expect(POPUP_CATEGORY_COLORS).toEqual({ free: COLORS.popupFree, event: COLORS.popupEvent, notice: COLORS.popupNotice })
  })
})

describe("legibleBackground: a title's themeColor behind white text (issue 14)", () => {
  it('keeps a colour white text already reads on', () => {
    expect(legibleBackground('#6a1b9a')).toBe('#6a1b9a')
    expect(legibleBackground('not-a-colour')).toBe('not-a-colour')
  })

  it('darkens a light one, the same hue, just enough for 4.5:1 (counting text drawn at 85 % opacity)', () => {
    // The seeded pink a title header was drawn in: white on it is only 4.27:1.
    expect(contrastRatio('#ffffff', '#d44287')).toBeLessThan(4.5)
    const fixed = legibleBackground('#d44287')
    expect(contrastRatio('#ffffff', fixed)).toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio('#ffffff', legibleBackground('#d44287', { inkOpacity: 0.99 }))).toBeLessThan(
      contrastRatio('#ffffff', legibleBackground('#d44287', { inkOpacity: 0.85 })),
    )
    const blended = legibleBackground('#f9a825', { inkOpacity: 0.85 })
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(blended.slice(i, i + 2), 16))
    const ink = `#${[r, g, b]
      .map((c) =>
        Math.round(255 * 0.85 + c! * 0.15)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`
    expect(contrastRatio(ink, blended)).toBeGreaterThanOrEqual(4.5)
    // The hue stays: red stays the largest channel of an orange.
    expect(r).toBeGreaterThan(g!)
    expect(g).toBeGreaterThan(b!)
  })
})
