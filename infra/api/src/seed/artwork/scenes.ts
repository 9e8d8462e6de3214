import type { Rng } from '../random'
import type { GenreCode } from '../texts/genres'
import { sparkles, speedLines } from './figures'
import { circle, ellipse, n, path, polygon, rect, shade, stroke, type Box, type Palette, type SvgDoc } from './svg'

/**
 * Backgrounds drawn inside a box: skies, skylines, rooms, mountains, space, sports grounds, the
 * sea, forests and the abstract backdrops comics use for emotion (focus lines, bursts, bokeh).
 * The caller clips to the box.
 */

export type SceneKind = 'sky' | 'city' | 'night' | 'interior' | 'speed' | 'burst' | 'bokeh' | 'mountains' | 'space' | 'field' | 'sea' | 'forest'

const GENRE_SCENES: Record<GenreCode, SceneKind[]> = {
  romance: ['bokeh', 'sky', 'interior', 'city'],
  fantasy: ['mountains', 'sky', 'night', 'forest'],
  action: ['speed', 'city', 'night', 'burst'],
  drama: ['sky', 'interior', 'city', 'sea'],
  comedy: ['burst', 'interior', 'sky'],
  thriller: ['night', 'city', 'speed'],
  slice_of_life: ['interior', 'sky', 'sea', 'city'],
  sci_fi: ['space', 'city', 'night'],
  horror: ['forest', 'night', 'interior'],
  sports: ['field', 'speed', 'sky'],
  mystery: ['night', 'city', 'interior'],
  historical: ['mountains', 'sky', 'forest'],
}

export function scenesForGenres(genres: readonly GenreCode[]): SceneKind[] {
  return Array.from(new Set(genres.flatMap((genre) => GENRE_SCENES[genre])))
}

/** A backdrop of `kind` filling box `b`. */
export function scene(doc: SvgDoc, kind: SceneKind, b: Box, pal: Palette, rng: Rng, horror = false): string {
  switch (kind) {
    case 'sky':
      return sky(doc, b, pal, rng)
    case 'city':
      return city(doc, b, pal, rng, false)
    case 'night':
      return city(doc, b, pal, rng, true, horror)
    case 'interior':
      return interior(doc, b, pal, rng)
    case 'speed':
      return (
        rect(
          b,
          doc.radial([
            [0, pal.paper],
            [0.55, pal.light],
            [1, pal.dark],
          ]),
        ) + speedLines(rng, b, b.x + b.w * rng.range(0.35, 0.65), b.y + b.h * rng.range(0.35, 0.6), pal.ink, 30)
      )
    case 'burst':
      return burst(doc, b, pal, rng)
    case 'bokeh':
      return bokeh(doc, b, pal, rng)
    case 'mountains':
      return mountains(doc, b, pal, rng)
    case 'space':
      return space(doc, b, pal, rng)
    case 'field':
      return field(doc, b, pal, rng)
    case 'sea':
      return sea(doc, b, pal, rng)
    case 'forest':
      return forest(doc, b, pal, rng, horror)
  }
}

function clouds(b: Box, rng: Rng, count: number, color = '#fff', opacity = 0.85): string {
  const out: string[] = []
  for (let i = 0; i < count; i++) {
    const x = b.x + rng.range(0.1, 0.9) * b.w
    const y = b.y + rng.range(0.1, 0.45) * b.h
    const s = b.w * rng.range(0.06, 0.11)
    out.push(
      ellipse(x, y, s * 1.6, s * 0.55, color),
      ellipse(x - s * 0.6, y - s * 0.3, s * 0.7, s * 0.55, color),
      ellipse(x + s * 0.5, y - s * 0.45, s * 0.8, s * 0.65, color),
    )
  }
  return `<g opacity="${opacity}">${out.join('')}</g>`
}

/** Stars as round-capped dots of one path: one element however many. */
function stars(b: Box, rng: Rng, count: number): string {
  const d: string[] = []
  for (let i = 0; i < count; i++) d.push(`M${Math.round(b.x + rng.float() * b.w)},${Math.round(b.y + rng.float() * b.h * 0.7)}h.1`)
  return path(d.join(''), 'none', `${stroke('#fff', 1.8)} opacity="0.85"`)
}

function sky(doc: SvgDoc, b: Box, pal: Palette, rng: Rng): string {
  const out = [
    rect(
      b,
      doc.linear([
        [0, shade(pal.base, 5)],
        [0.7, pal.light],
        [1, pal.pale],
      ]),
    ),
  ]
  out.push(circle(b.x + b.w * rng.range(0.15, 0.85), b.y + b.h * rng.range(0.15, 0.35), Math.min(b.w, b.h) * 0.09, pal.paper, 'opacity="0.9"'))
  out.push(clouds(b, rng, rng.int(2, 3)))
  const ground = b.y + b.h * rng.range(0.72, 0.85)
  out.push(
    path(
      `M${n(b.x)},${n(ground)}Q${n(b.x + b.w * 0.3)},${n(ground - b.h * 0.08)} ${n(b.x + b.w * 0.6)},${n(ground)}T${n(b.x + b.w)},${n(ground - b.h * 0.03)}V${n(b.y + b.h)}H${n(b.x)}Z`,
      pal.dark,
      'opacity="0.55"',
    ),
  )
  return out.join('')
}

/** A row of buildings as one path, and their lit windows as a second one. */
function skyline(b: Box, rng: Rng, base: number, fill: string, windows: string | null, maxHeight: number): string {
  const r = Math.round
  const blocks: string[] = []
  const lit: string[] = []
  let x = r(b.x - rng.range(0, 12))
  const bottom = r(b.y + b.h + 2)
  while (x < b.x + b.w) {
    const w = r(b.w * rng.range(0.07, 0.16))
    const top = r(base - b.h * rng.range(0.25, maxHeight))
    blocks.push(`M${x},${bottom}V${top}h${w - 1}V${bottom}Z`)
    if (rng.chance(0.25)) blocks.push(`M${x + r(w * 0.4)},${top}v-8h1.2v8Z`)
    if (windows && rng.chance(0.7)) lit.push(`M${x + 3},${top + 5}h${w - 7}V${bottom}h${7 - w}Z`)
    x += w
  }
  return path(blocks.join(''), fill) + (lit.length && windows ? path(lit.join(''), windows) : '')
}

function city(doc: SvgDoc, b: Box, pal: Palette, rng: Rng, night: boolean, horror = false): string {
  const out = [
    rect(
      b,
      night
        ? doc.linear([
            [0, pal.deep],
            [1, pal.dark],
          ])
        : doc.linear([
            [0, pal.dark],
            [0.6, pal.accent],
            [1, pal.pale],
          ]),
    ),
  ]
  if (night) {
    out.push(stars(b, rng, 14))
    const mx = b.x + b.w * rng.range(0.2, 0.8)
    const my = b.y + b.h * 0.22
    const mr = Math.min(b.w, b.h) * 0.08
    out.push(circle(mx, my, mr * 2.2, pal.paper, 'opacity="0.12"'), circle(mx, my, mr, horror && !pal.mono ? '#d9382e' : pal.pale))
  } else {
    out.push(circle(b.x + b.w * rng.range(0.2, 0.8), b.y + b.h * 0.55, Math.min(b.w, b.h) * 0.12, pal.paper, 'opacity="0.7"'))
  }
  const base = b.y + b.h * 0.92
  out.push(skyline(b, rng, base - b.h * 0.08, shade(night ? pal.dark : pal.base, -8), null, 0.75))
  const lit = doc.pattern(7, 9, `<rect x="1" y="1" width="3" height="4" fill="${night ? '#ffe9a8' : pal.pale}" opacity="${night ? 0.75 : 0.5}"/>`)
  out.push(skyline(b, rng, base, pal.deep, lit, 0.6))
  return out.join('')
}

function interior(doc: SvgDoc, b: Box, pal: Palette, rng: Rng): string {
  const out = [rect(b, pal.pale)]
  const floor = b.y + b.h * rng.range(0.7, 0.82)
  out.push(rect({ x: b.x, y: floor, w: b.w, h: b.h }, shade(pal.light, -6)))
  out.push(rect({ x: b.x, y: floor - 3, w: b.w, h: 3 }, pal.dark, 'opacity="0.5"'))
  const ww = b.w * rng.range(0.28, 0.4)
  const wx = b.x + b.w * rng.range(0.05, 0.6)
  const wy = b.y + b.h * 0.12
  const wh = Math.min(b.h * 0.45, ww * 1.2)
  out.push(
    rect(
      { x: wx, y: wy, w: ww, h: wh },
      doc.linear([
        [0, pal.base],
        [1, pal.light],
      ]),
      stroke(pal.paper, 4),
    ),
  )
  out.push(path(`M${n(wx + ww / 2)},${n(wy)}v${n(wh)}M${n(wx)},${n(wy + wh / 2)}h${n(ww)}`, 'none', stroke(pal.paper, 3)))
  out.push(rect({ x: wx - 6, y: wy - 6, w: ww * 0.35, h: wh + 14 }, pal.accent, 'opacity="0.6"'))
  // A shelf with books, or a table with a cup.
  const sx = wx + ww + 12 < b.x + b.w - 40 ? wx + ww + 12 : b.x + 8
  if (rng.chance(0.5)) {
    const sy = b.y + b.h * 0.35
    out.push(rect({ x: sx, y: sy, w: 46, h: 3 }, pal.dark))
    let bx = sx + 2
    for (let i = 0; i < 6; i++) {
      const h = rng.range(10, 17)
      out.push(rect({ x: bx, y: sy - h, w: 5, h }, rng.pick([pal.base, pal.accent, pal.complement, pal.dark])))
      bx += 6.5
    }
  } else {
    out.push(
      rect({ x: sx, y: floor - 22, w: 54, h: 4 }, pal.dark),
      rect({ x: sx + 6, y: floor - 18, w: 3, h: 18 }, pal.dark),
      rect({ x: sx + 45, y: floor - 18, w: 3, h: 18 }, pal.dark),
    )
    out.push(path(`M${n(sx + 22)},${n(floor - 31)}h10l-1.5,9h-7Z`, pal.paper, stroke(pal.ink, 1)))
  }
  return out.join('')
}

function burst(doc: SvgDoc, b: Box, pal: Palette, rng: Rng): string {
  const cx = b.x + b.w * rng.range(0.35, 0.65)
  const cy = b.y + b.h * rng.range(0.35, 0.6)
  const reach = Math.hypot(b.w, b.h)
  const rays = 18
  const d: string[] = []
  for (let i = 0; i < rays; i++) {
    const a0 = (Math.PI * 2 * i) / rays
    const a1 = a0 + Math.PI / rays
    d.push(
      `M${n(cx)},${n(cy)}L${n(cx + Math.cos(a0) * reach)},${n(cy + Math.sin(a0) * reach)}L${n(cx + Math.cos(a1) * reach)},${n(cy + Math.sin(a1) * reach)}Z`,
    )
  }
  return rect(b, pal.mono ? '#f2f2f2' : shade(pal.accent, 12)) + path(d.join(''), pal.mono ? doc.tone('#777', 4, 1) : pal.light, 'opacity="0.9"')
}

function bokeh(doc: SvgDoc, b: Box, pal: Palette, rng: Rng): string {
  const out = [
    rect(
      b,
      doc.linear(
        [
          [0, pal.light],
          [1, pal.pale],
        ],
        1,
        1,
      ),
    ),
  ]
  for (let i = 0; i < 10; i++) {
    out.push(
      circle(
        b.x + rng.float() * b.w,
        b.y + rng.float() * b.h,
        Math.min(b.w, b.h) * rng.range(0.04, 0.14),
        rng.chance(0.5) ? pal.paper : pal.accent,
        `opacity="${n(rng.range(0.25, 0.6))}"`,
      ),
    )
  }
  out.push(sparkles(rng, b, pal.paper, 6))
  return out.join('')
}

function ridge(b: Box, rng: Rng, baseline: number, amplitude: number, fill: string, extra = ''): string {
  const steps = 6
  const points: [number, number][] = [[b.x, b.y + b.h]]
  for (let i = 0; i <= steps; i++) points.push([b.x + (b.w * i) / steps, baseline - (i % 2 ? amplitude * rng.range(0.6, 1) : amplitude * rng.range(0, 0.35))])
  points.push([b.x + b.w, b.y + b.h])
  return polygon(points, fill, extra)
}

function mountains(doc: SvgDoc, b: Box, pal: Palette, rng: Rng): string {
  const out = [
    rect(
      b,
      doc.linear([
        [0, pal.light],
        [1, pal.pale],
      ]),
    ),
  ]
  out.push(circle(b.x + b.w * rng.range(0.2, 0.8), b.y + b.h * 0.25, Math.min(b.w, b.h) * 0.1, pal.paper, 'opacity="0.85"'))
  out.push(ridge(b, rng, b.y + b.h * 0.55, b.h * 0.25, pal.base, 'opacity="0.55"'))
  out.push(ridge(b, rng, b.y + b.h * 0.7, b.h * 0.2, pal.dark, 'opacity="0.75"'))
  if (rng.chance(0.6)) {
    // A castle on the far ridge.
    const x = b.x + b.w * rng.range(0.15, 0.7)
    const y = b.y + b.h * 0.5
    const s = Math.min(b.w, b.h) * 0.05
    out.push(
      path(
        `M${n(x)},${n(y)}v${n(-s * 3)}l${n(s)},${n(-s * 1.5)}l${n(s)},${n(s * 1.5)}v${n(s)}h${n(s * 2)}v${n(-s * 2)}l${n(s)},${n(-s * 1.6)}l${n(s)},${n(s * 1.6)}v${n(s * 4)}Z`,
        pal.dark,
        'opacity="0.7"',
      ),
    )
  }
  out.push(ridge(b, rng, b.y + b.h * 0.88, b.h * 0.12, pal.deep))
  return out.join('')
}

function space(doc: SvgDoc, b: Box, pal: Palette, rng: Rng): string {
  const out = [
    rect(
      b,
      doc.linear([
        [0, pal.mono ? '#1c1c1c' : '#070a1a'],
        [1, pal.deep],
      ]),
    ),
  ]
  out.push(stars({ ...b, h: b.h * 1.4 }, rng, 26))
  const r = Math.min(b.w, b.h) * rng.range(0.16, 0.26)
  const px = b.x + b.w * rng.range(0.2, 0.8)
  const py = b.y + b.h * rng.range(0.25, 0.55)
  out.push(
    circle(
      px,
      py,
      r,
      doc.radial(
        [
          [0, pal.light],
          [0.7, pal.base],
          [1, pal.dark],
        ],
        0.35,
        0.35,
        0.7,
      ),
    ),
  )
  out.push(ellipse(px, py, r * 1.7, r * 0.35, 'none', `${stroke(pal.accent, Math.max(1.5, r * 0.08))} opacity="0.8" transform="rotate(-18 ${n(px)} ${n(py)})"`))
  out.push(circle(b.x + b.w * rng.range(0.1, 0.9), b.y + b.h * rng.range(0.1, 0.9), r * 0.18, pal.complement))
  return out.join('')
}

function field(doc: SvgDoc, b: Box, pal: Palette, rng: Rng): string {
  const horizon = b.y + b.h * rng.range(0.35, 0.45)
  const grass = pal.mono ? '#bdbdbd' : '#5fae6b'
  const out = [
    rect(
      { ...b, h: horizon - b.y },
      doc.linear([
        [0, pal.base],
        [1, pal.pale],
      ]),
    ),
  ]
  out.push(rect({ x: b.x, y: horizon - b.h * 0.14, w: b.w, h: b.h * 0.14 }, pal.dark))
  out.push(rect({ x: b.x, y: horizon - b.h * 0.14, w: b.w, h: b.h * 0.14 }, doc.tone(pal.paper, 4, 1), 'opacity="0.5"'))
  out.push(
    rect(
      { x: b.x, y: horizon, w: b.w, h: b.y + b.h - horizon },
      doc.linear([
        [0, shade(grass, 10)],
        [1, shade(grass, -12)],
      ]),
    ),
  )
  const mid = b.x + b.w * rng.range(0.3, 0.7)
  out.push(
    path(
      `M${n(b.x)},${n(horizon + b.h * 0.12)}L${n(b.x + b.w)},${n(horizon + b.h * 0.08)}M${n(mid)},${n(horizon)}L${n(mid - b.w * 0.2)},${n(b.y + b.h)}`,
      'none',
      `${stroke('#fff', 2)} opacity="0.8"`,
    ),
  )
  out.push(ellipse(mid - b.w * 0.05, horizon + b.h * 0.35, b.w * 0.12, b.h * 0.05, 'none', `${stroke('#fff', 2)} opacity="0.8"`))
  return out.join('')
}

function sea(doc: SvgDoc, b: Box, pal: Palette, rng: Rng): string {
  const horizon = b.y + b.h * rng.range(0.45, 0.6)
  const out = [
    rect(
      { ...b, h: horizon - b.y },
      doc.linear([
        [0, pal.light],
        [1, pal.pale],
      ]),
    ),
  ]
  out.push(clouds({ ...b, h: horizon - b.y }, rng, 2))
  out.push(circle(b.x + b.w * rng.range(0.2, 0.8), horizon, Math.min(b.w, b.h) * 0.11, pal.paper, 'opacity="0.8"'))
  out.push(
    rect(
      { x: b.x, y: horizon, w: b.w, h: b.y + b.h - horizon },
      doc.linear([
        [0, pal.base],
        [1, pal.dark],
      ]),
    ),
  )
  const d: string[] = []
  for (let i = 0; i < 7; i++) {
    const y = horizon + (b.y + b.h - horizon) * rng.range(0.1, 0.95)
    const x = b.x + rng.range(0, 0.8) * b.w
    const w = b.w * rng.range(0.08, 0.2)
    d.push(`M${n(x)},${n(y)}q${n(w / 4)},${n(-3)} ${n(w / 2)},0t${n(w / 2)},0`)
  }
  out.push(path(d.join(''), 'none', `${stroke(pal.paper, 1.5)} opacity="0.7"`))
  return out.join('')
}

function forest(doc: SvgDoc, b: Box, pal: Palette, rng: Rng, horror: boolean): string {
  const out = [
    rect(
      b,
      doc.linear([
        [0, pal.deep],
        [1, pal.dark],
      ]),
    ),
  ]
  out.push(circle(b.x + b.w * rng.range(0.25, 0.75), b.y + b.h * 0.25, Math.min(b.w, b.h) * 0.1, horror && !pal.mono ? '#c8322b' : pal.pale, 'opacity="0.9"'))
  for (const [layer, fill] of [
    [0, shade(pal.dark, -6)],
    [1, pal.deep],
  ] as const) {
    let x = b.x - 10
    while (x < b.x + b.w + 10) {
      const h = b.h * rng.range(0.45, 0.8) * (layer ? 1 : 0.8)
      const w = h * 0.32
      const ground = b.y + b.h
      out.push(
        polygon(
          [
            [x, ground - h],
            [x + w / 2, ground - h * 0.3],
            [x - w / 2, ground - h * 0.3],
          ],
          fill,
        ),
        rect({ x: x - 2, y: ground - h * 0.35, w: 4, h: h * 0.35 }, fill),
      )
      x += w * rng.range(0.6, 1.1)
    }
  }
  out.push(
    rect(
      { x: b.x, y: b.y + b.h * 0.75, w: b.w, h: b.h * 0.25 },
      doc.linear([
        [0, pal.pale, 0],
        [1, pal.pale, 0.35],
      ]),
    ),
  )
  return out.join('')
}
