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

/**
 * A colour chosen by data (a title's themeColor) as the background of `ink` text: the colour
 * itself when the text already reaches `minimum` on it, else the same hue darkened just enough.
 * `inkOpacity` below 1 counts the text as blended into the background, as it is drawn. Anything
 * that is not `#rgb` / `#rrggbb` is returned unchanged.
 */
export function legibleBackground(
  background: string,
  { ink = '#ffffff', inkOpacity = 1, minimum = AA_MINIMUM.text }: { ink?: string; inkOpacity?: number; minimum?: number } = {},
): string {
  if (!HEX.test(background) || !HEX.test(ink)) return background
  const inkRgb = channels(ink)
  const start = channels(background)
  const ratioOn = (rgb: readonly number[]) => contrastRatio(toHex(inkRgb.map((c, i) => c * inkOpacity + rgb[i]! * (1 - inkOpacity))), toHex(rgb))
  for (let step = 0; step <= 100; step++) {
    const rgb = start.map((c) => c * (1 - step / 100))
    if (ratioOn(rgb) >= minimum) return step === 0 ? background : toHex(rgb)
  }
  return '#000000'
}
