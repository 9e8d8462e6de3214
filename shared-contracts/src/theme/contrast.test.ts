import { POPUP_CATEGORY_COLORS } from '../domain/popups'
import { AA_MINIMUM, contrastRatio, hexColor, legibleBackground, relativeLuminance, themeInk } from './contrast'
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

/** The colour a translucent `rgba(r,g,b,a)` veil over `background` makes, as drawn. */
const underVeil = (veil: string, background: string): string => {
  const [r, g, b, a] = /rgba\(([^)]*)\)/.exec(veil)![1]!.split(',').map(Number) as [number, number, number, number]
  const base = [1, 3, 5].map((i) => parseInt(background.slice(i, i + 2), 16))
  return `#${[r, g, b]
    .map((c, i) =>
      Math.round(c * a + base[i]! * (1 - a))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

describe('hexColor: the colour forms titles carry', () => {
  it('reads #rgb, #rrggbb, rgb() and the importer’s hsl()', () => {
    expect(hexColor('#FfF')).toBe('#ffffff')
    expect(hexColor('#31bb75')).toBe('#31bb75')
    expect(hexColor('rgb(49, 187, 117)')).toBe('#31bb75')
    // CSS Color 4's own examples: hsl(120 100% 25%) is #008000, hsl(0, 100%, 50%) red.
    expect(hexColor('hsl(120, 100%, 25%)')).toBe('#008000')
    expect(hexColor('hsl(0 100% 50%)')).toBe('#ff0000')
    expect(hexColor('hsl(240deg, 100%, 50%)')).toBe('#0000ff')
    expect(hexColor('hsl(0, 0%, 100%)')).toBe('#ffffff')
    expect(hexColor('not-a-colour')).toBeNull()
  })
})

describe("themeInk: text on a title's themeColor reaches WCAG AA (issue 35)", () => {
  it('takes WCAG’s own numbers: white on #31bb75 is 2.47:1, #767676 is the lightest grey white text passes on', () => {
    expect(contrastRatio('#ffffff', '#31bb75')).toBeCloseTo(2.47, 2)
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(4.54, 2)
    expect(contrastRatio('#ffffff', '#777777')).toBeLessThan(AA_MINIMUM.text)
  })

  it('keeps white on a dark colour, and the colour itself', () => {
    expect(themeInk('#6a1b9a')).toEqual({ background: '#6a1b9a', ink: '#ffffff', veil: 'rgba(0,0,0,.22)' })
    expect(themeInk('#767676').ink).toBe('#ffffff')
  })

  it('gives a light colour dark text and keeps the colour: #31bb75 (the coming-soon page the walk found at 2.47:1)', () => {
    const { background, ink } = themeInk('#31bb75')
    expect(background).toBe('#31bb75')
    expect(ink).toBe('#1a1a1a')
    expect(contrastRatio(ink, background)).toBeGreaterThanOrEqual(7)
  })

  it('darkens the mid-tones neither ink reaches 4.5:1 on, for white text', () => {
    // #7a7a7a: white 4.28:1, #1a1a1a 4.2:1.
    expect(contrastRatio('#ffffff', '#7a7a7a')).toBeLessThan(4.5)
    expect(contrastRatio('#1a1a1a', '#7a7a7a')).toBeLessThan(4.5)
    const { background, ink } = themeInk('#7a7a7a')
    expect(ink).toBe('#ffffff')
    expect(contrastRatio(ink, background)).toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio(ink, background)).toBeLessThan(4.7)
  })

  it('accepts the importer’s hsl() colours and falls back to a dark neutral on anything unreadable', () => {
    expect(themeInk('hsl(60, 45%, 40%)').background).toMatch(/^#[0-9a-f]{6}$/)
    expect(themeInk('nonsense')).toEqual({ background: '#333333', ink: '#ffffff', veil: 'rgba(0,0,0,.22)' })
  })

  it('reaches 4.5:1 (or a given minimum) on every colour of the hue wheel, on the background and on its veil', () => {
    for (let hue = 0; hue < 360; hue += 15)
      for (const saturation of [0, 40, 75, 100])
        for (let lightness = 0; lightness <= 100; lightness += 5) {
          const colour = `hsl(${hue}, ${saturation}%, ${lightness}%)`
          for (const minimum of [AA_MINIMUM.text, AA_MINIMUM.large]) {
            const { background, ink, veil } = themeInk(colour, { minimum })
            expect([colour, minimum, contrastRatio(ink, background) >= minimum]).toEqual([colour, minimum, true])
            expect([colour, minimum, contrastRatio(ink, underVeil(veil, background)) >= minimum]).toEqual([colour, minimum, true])
          }
        }
  })
})
