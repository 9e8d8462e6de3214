/** WCAG 2.x contrast, from its definitions of relative luminance and contrast ratio (a dozen lines: no library needed). */

/** Relative luminance of an sRGB colour written `#rgb` or `#rrggbb`. */
export function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex)
  if (!match?.[1]) throw new Error(`not a #rgb or #rrggbb colour: ${hex}`)
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1]
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(digits.slice(i, i + 2), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** (L1 + 0.05) / (L2 + 0.05), the lighter colour's luminance over the darker's: 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** WCAG 2.x AA minimums (1.4.3, 1.4.11): normal text 4.5:1; large text and UI parts 3:1. */
export const AA_MINIMUM = { text: 4.5, large: 3 } as const

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i
const channels = (hex: string): [number, number, number] => {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1)
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number]
}
const toHex = (rgb: readonly number[]): string =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`

/** The three numbers of `name(a, b, c)` or `name(a b c)`, each as written (units and all). */
const args = (text: string, name: string): string[] | null => {
  const lower = text.toLowerCase()
  if (!lower.startsWith(`${name}(`) || !lower.endsWith(')')) return null
  const parts = lower
    .slice(name.length + 1, -1)
    .split(/[\s,]+/)
    .filter(Boolean)
  return parts.length === 3 ? parts : null
}
const NUMBER = /^-?\d+(?:\.\d+)?$/

/**
 * A colour as `#rrggbb`: `#rgb`, `#rrggbb`, `rgb(r, g, b)` or `hsl(h, s%, l%)` (the importer
 * gives titles an `hsl()` colour); null for anything else.
 */
export function hexColor(colour: string): string | null {
  const text = colour.trim()
  if (HEX.test(text)) return toHex(channels(text))
  const rgb = args(text, 'rgb')
  if (rgb) return rgb.every((part) => NUMBER.test(part)) ? toHex(rgb.map(Number)) : null
  const hsl = args(text, 'hsl')
  const [hueText, saturation, lightness] = [hsl?.[0]?.replace(/deg$/, ''), hsl?.[1], hsl?.[2]]
  if (!hueText || !saturation?.endsWith('%') || !lightness?.endsWith('%')) return null
  const numbers = [hueText, saturation.slice(0, -1), lightness.slice(0, -1)]
  if (!numbers.every((part) => NUMBER.test(part))) return null
  const h = (((Number(numbers[0]) % 360) + 360) % 360) / 360
  const s = Math.min(100, Number(numbers[1])) / 100
  const l = Math.min(100, Number(numbers[2])) / 100
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s
  const p = 2 * l - q
  const hue = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t
    if (x < 1 / 6) return p + (q - p) * 6 * x
    if (x < 1 / 2) return q
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6
    return p
  }
  return toHex([hue(h + 1 / 3), hue(h), hue(h - 1 / 3)].map((c) => c * 255))
}

/**
 * A colour chosen by data (a title's themeColor) as the background of `ink` text: the colour
 * itself when the text already reaches `minimum` on it, else the same hue darkened just enough.
 * `inkOpacity` below 1 counts the text as blended into the background, as it is drawn. Anything
 * `hexColor` cannot read is returned unchanged.
 */
export function legibleBackground(
  background: string,
  { ink = '#ffffff', inkOpacity = 1, minimum = AA_MINIMUM.text }: { ink?: string; inkOpacity?: number; minimum?: number } = {},
): string {
  const backgroundHex = hexColor(background)
  const inkHex = hexColor(ink)
  if (!backgroundHex || !inkHex) return background
  const inkRgb = channels(inkHex)
  const start = channels(backgroundHex)
  const ratioOn = (rgb: readonly number[]) => contrastRatio(toHex(inkRgb.map((c, i) => c * inkOpacity + rgb[i]! * (1 - inkOpacity))), toHex(rgb))
  for (let step = 0; step <= 100; step++) {
    const rgb = start.map((c) => c * (1 - step / 100))
    if (ratioOn(rgb) >= minimum) return step === 0 ? background : toHex(rgb)
  }
  return '#000000'
}

/** The dark ink a light theme colour carries: the palette's body text colour. */
const DARK_INK = '#1a1a1a'
const LIGHT_INK = '#ffffff'

/**
 * How a block painted in a colour chosen by data (a title's or a collection's themeColor) draws
 * its text, so that every pair reaches `minimum` (WCAG AA 4.5:1 by default; 3:1 for large text):
 * white text when it reads on the colour; else dark text on the colour itself (a light colour
 * keeps its look: white on #31bb75 is 2.47:1, #1a1a1a on it 7.04:1); else, for the mid-tones
 * where neither reaches it, white on the colour darkened just enough. `veil` is a translucent
 * panel over the background (a countdown box, a secondary button) that moves it further from
 * the ink, so text on the veil reads at least as well. An unreadable colour gives the dark
 * neutral with white.
 */
export function themeInk(themeColor: string, { minimum = AA_MINIMUM.text }: { minimum?: number } = {}): { background: string; ink: string; veil: string } {
  const background = hexColor(themeColor) ?? '#333333'
  const darkVeil = 'rgba(0,0,0,.22)'
  if (contrastRatio(LIGHT_INK, background) >= minimum) return { background, ink: LIGHT_INK, veil: darkVeil }
  if (contrastRatio(DARK_INK, background) >= minimum) return { background, ink: DARK_INK, veil: 'rgba(255,255,255,.3)' }
  return { background: legibleBackground(background, { minimum }), ink: LIGHT_INK, veil: darkVeil }
}
