/**
 * SVG building blocks for the seed's artwork: colours, a document with its own gradient and clip
 * definitions, and number formatting that keeps files small. Everything renders with librsvg
 * (sharp): plain shapes, linear and radial gradients, clip paths and patterns; no text, no filters.
 */

export interface Box {
  x: number
  y: number
  w: number
  h: number
}

/** One decimal below 100, whole numbers above: small files, no visible loss at these sizes. */
export const n = (value: number): number => (Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 10) / 10)

/** `x,y` pairs joined for a points list or path. */
export const pts = (points: ReadonlyArray<readonly [number, number]>): string => points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')

// ---- colours ----

export function hexToHsl(hex: string): [number, number, number] {
  const value = parseInt(hex.replace('#', ''), 16)
  const r = ((value >> 16) & 255) / 255
  const g = ((value >> 8) & 255) / 255
  const b = (value & 255) / 255
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  if (max === min) return [0, 0, l * 100]
  const d = max - min
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min)
  let h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4
  h *= 60
  return [h, s * 100, l * 100]
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value))

/** HSL (degrees, percent, percent) to #rrggbb. */
export function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360
  const sat = clamp(s, 0, 100) / 100
  const lig = clamp(l, 0, 100) / 100
  const k = (i: number): number => (i + hue / 30) % 12
  const a = sat * Math.min(lig, 1 - lig)
  const f = (i: number): number => lig - a * Math.max(-1, Math.min(k(i) - 3, 9 - k(i), 1))
  const hex = (x: number): string =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, '0')
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`
}

/** Shift a colour's lightness (and optionally saturation and hue). */
export function shade(hex: string, dl: number, ds = 0, dh = 0): string {
  const [h, s, l] = hexToHsl(hex)
  return hsl(h + dh, s + ds, l + dl)
}

/** The colours one title's artwork is drawn with. */
export interface Palette {
  base: string
  light: string
  pale: string
  dark: string
  deep: string
  accent: string
  complement: string
  ink: string
  paper: string
  mono: boolean
}

/** A palette from a theme colour; `mono` gives the greys of a black-and-white manga page. */
export function paletteFor(theme: string, mono = false): Palette {
  if (mono) {
    return {
      base: '#8a8a8a',
      light: '#c4c4c4',
      pale: '#ededed',
      dark: '#4a4a4a',
      deep: '#262626',
      accent: '#a8a8a8',
      complement: '#6e6e6e',
      ink: '#141414',
      paper: '#fff',
      mono: true,
    }
  }
  const [h, s, l] = hexToHsl(theme)
  return {
    base: theme,
    light: hsl(h, s - 5, Math.min(l + 22, 86)),
    pale: hsl(h, s - 15, 93),
    dark: hsl(h, s, Math.max(l - 22, 16)),
    deep: hsl(h + 8, s - 10, 11),
    accent: hsl(h + 40, s, 62),
    complement: hsl(h + 170, s - 10, 55),
    ink: hsl(h, 25, 12),
    paper: '#fffdf8',
    mono: false,
  }
}

export const SKINS = ['#f6d7c3', '#f1c7a8', '#e7b48f', '#d89c74', '#b97a57', '#8d5a3d', '#fbe3d3']
export const HAIRS = ['#2b2230', '#4a2f27', '#8a5a35', '#d9b56c', '#c8c8d6', '#6b3a7a', '#2f4d7a', '#b8463c', '#f2ede4']

// ---- document ----

type Stop = readonly [offset: number, color: string, opacity?: number]

/** One SVG file under construction: collects definitions and hands out unique ids. */
export class SvgDoc {
  private readonly defs: string[] = []
  private readonly known = new Map<string, string>()
  private counter = 0

  /** @param width, height: the CSS-pixel size (viewBox); the file declares `scale` times that. */
  constructor(
    readonly width: number,
    readonly height: number,
    readonly scale = 2,
  ) {}

  get pixelWidth(): number {
    return this.width * this.scale
  }

  get pixelHeight(): number {
    return this.height * this.scale
  }

  /** Adds a definition (its markup with `#ID#` where the id goes), reusing an identical one. */
  private define(template: string): string {
    const existing = this.known.get(template)
    if (existing) return existing
    const id = `d${(this.counter++).toString(36)}`
    this.known.set(template, id)
    this.defs.push(template.replace('#ID#', () => id))
    return id
  }

  private stops(stops: readonly Stop[]): string {
    return stops
      .map(([offset, color, opacity]) => `<stop offset="${n(offset)}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${n(opacity)}"`}/>`)
      .join('')
  }

  /** A linear gradient, top to bottom unless given a direction; returns `url(#id)`. */
  linear(stops: readonly Stop[], x2 = 0, y2 = 1): string {
    const id = this.define(`<linearGradient id="#ID#" x1="0" y1="0" x2="${x2}" y2="${y2}">${this.stops(stops)}</linearGradient>`)
    return `url(#${id})`
  }

  /** A radial gradient centred at (cx, cy) in object fractions. */
  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.define(`<radialGradient id="#ID#" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}">${this.stops(stops)}</radialGradient>`)
    return `url(#${id})`
  }

  /** A clip path from one shape's markup; returns the attribute to put on a group. */
  clip(shape: string): string {
    return `clip-path="url(#${this.define(`<clipPath id="#ID#">${shape}</clipPath>`)})"`
  }

  /** Screentone: a dot grid in user space; returns `url(#id)`. */
  tone(color: string, step = 4, radius = 0.9): string {
    const half = n(step / 2)
    return this.pattern(step, step, `<circle cx="${half}" cy="${half}" r="${n(radius)}" fill="${color}"/>`)
  }

  /** Any repeating tile in user space; returns `url(#id)`. */
  pattern(width: number, height: number, tile: string): string {
    return `url(#${this.define(`<pattern id="#ID#" width="${width}" height="${height}" patternUnits="userSpaceOnUse">${tile}</pattern>`)})`
  }

  /** Diagonal hatching; returns `url(#id)`. */
  hatch(color: string, step = 5, width = 1): string {
    const id = this.define(
      `<pattern id="#ID#" width="${step}" height="${step}" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="${n(width)}" height="${step}" fill="${color}"/></pattern>`,
    )
    return `url(#${id})`
  }

  render(body: string): string {
    const defs = this.defs.length ? `<defs>${this.defs.join('')}</defs>` : ''
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.pixelWidth}" height="${this.pixelHeight}" viewBox="0 0 ${this.width} ${this.height}" stroke-linejoin="round" stroke-linecap="round">${defs}${body}</svg>`
  }
}

export const rect = (b: Box, fill: string, extra = ''): string =>
  `<rect x="${n(b.x)}" y="${n(b.y)}" width="${n(b.w)}" height="${n(b.h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`

export const circle = (cx: number, cy: number, r: number, fill: string, extra = ''): string =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`

export const path = (d: string, fill: string, extra = ''): string => `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`

export const polygon = (points: ReadonlyArray<readonly [number, number]>, fill: string, extra = ''): string =>
  `<polygon points="${pts(points)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`

/** Stroke attributes; joins and caps are round for the whole document (set on the root). */
export const stroke = (color: string, width: number): string => `stroke="${color}" stroke-width="${n(width)}"`
