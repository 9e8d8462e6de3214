import { cycle, itemAt } from '../lists'
import type { Rng } from '../random'
import { HAIRS, SKINS, circle, hexToHsl, ellipse, n, path, polygon, rect, stroke, type Box, type Palette, type SvgDoc } from './svg'

/**
 * Characters and comic devices: busts with faces, full-body silhouettes, speech bubbles,
 * speed lines and sparkles. Sizes are given by a head radius `r`, so one drawing scales from
 * an episode thumbnail to a full-page close-up.
 */

const NO_LINE = 'stroke="none"'

export type HairStyle = 'short' | 'spiky' | 'long' | 'bob' | 'ponytail' | 'bun'
export type Mood = 'calm' | 'smile' | 'shout' | 'sad' | 'serious'

/** A recurring character of one title: the same look on its cover, banners and pages. */
/** What the neckline shows: a plain V, a round collar, shirt and tie, a hood, or armour. */
export type OutfitStyle = 'vneck' | 'collar' | 'tie' | 'hood' | 'armor'

export interface Character {
  hair: string
  hairStyle: HairStyle
  skin: string
  outfit: string
  outfitStyle: OutfitStyle
  trim: string
}

/** Three recurring characters; `outfits` lists the styles the title's genres call for. */
export function castFor(rng: Rng, pal: Palette, outfits: readonly OutfitStyle[]): Character[] {
  const styles: HairStyle[] = rng.shuffle(['short', 'spiky', 'long', 'bob', 'ponytail', 'bun'])
  const colours = [pal.base, pal.dark, pal.complement, pal.deep, pal.accent]
  return [0, 1, 2].map((i) => ({
    hair: rng.pick(HAIRS),
    hairStyle: itemAt(styles, i, 'hair style'),
    skin: rng.pick(SKINS),
    outfit: cycle(colours, i * 2 + rng.int(0, 1), 'outfit colour'),
    outfitStyle: rng.pick(outfits),
    trim: i === 0 ? pal.paper : pal.light,
  }))
}

/** A character as drawn on a black-and-white page: hair in ink, tone or white. */
function inked(doc: SvgDoc, c: Character, pal: Palette): Character {
  if (!pal.mono) return c
  const hair = hexToHsl(c.hair)[2]
  const outfit = hexToHsl(c.outfit)[2]
  return {
    hair: hair < 32 ? pal.deep : hair > 70 ? '#fff' : doc.tone('#555', 3.5, 0.8),
    hairStyle: c.hairStyle,
    outfitStyle: c.outfitStyle,
    skin: '#fff',
    outfit: outfit < 25 ? pal.deep : outfit < 55 ? doc.hatch('#666', 4, 1) : '#fff',
    trim: '#fff',
  }
}

export interface BustOptions {
  cx: number
  cy: number
  r: number
  mood?: Mood
  /** -1 looks left, 1 looks right. */
  look?: number
  blush?: boolean
}

/** Head and shoulders of a character; the body runs 6 head-radii below the chin (clip it). */
export function bust(doc: SvgDoc, pal: Palette, who: Character, o: BustOptions): string {
  const c = inked(doc, who, pal)
  const { cx, cy, r } = o
  const look = o.look ?? 0
  const lw = Math.max(0.6, Math.min(2.2, r * 0.07))
  const X = (dx: number): number => n(cx + dx * r)
  const Y = (dy: number): number => n(cy + dy * r)
  const out: string[] = []
  // Hair behind the head.
  if (c.hairStyle === 'long') {
    out.push(
      path(
        `M${X(-1.05)},${Y(-0.3)}C${X(-1.25)},${Y(-1.45)} ${X(1.25)},${Y(-1.45)} ${X(1.05)},${Y(-0.3)}L${X(1.3)},${Y(2.4)}Q${X(0)},${Y(2.7)} ${X(-1.3)},${Y(2.4)}Z`,
        c.hair,
      ),
    )
  } else if (c.hairStyle === 'bob') {
    out.push(
      path(`M${X(-1.05)},${Y(-0.2)}C${X(-1.25)},${Y(-1.45)} ${X(1.25)},${Y(-1.45)} ${X(1.05)},${Y(-0.2)}L${X(1.1)},${Y(0.85)}L${X(-1.1)},${Y(0.85)}Z`, c.hair),
    )
  } else if (c.hairStyle === 'ponytail') {
    const side = look > 0 ? -1 : 1
    out.push(
      path(
        `M${X(side * 0.5)},${Y(-0.95)}Q${X(side * 1.75)},${Y(-0.9)} ${X(side * 1.35)},${Y(1.1)}Q${X(side * 1.1)},${Y(0.1)} ${X(side * 0.5)},${Y(-0.95)}Z`,
        c.hair,
      ),
    )
  } else if (c.hairStyle === 'bun') {
    out.push(circle(cx, cy - r * 1.15, r * 0.45, c.hair))
  }
  // Shoulders, neck, collar.
  out.push(
    path(
      `M${X(-2.6)},${Y(6)}L${X(-2.4)},${Y(2.6)}Q${X(-2.2)},${Y(1.55)} ${X(-0.9)},${Y(1.45)}L${X(0.9)},${Y(1.45)}Q${X(2.2)},${Y(1.55)} ${X(2.4)},${Y(2.6)}L${X(2.6)},${Y(6)}Z`,
      c.outfit,
    ),
  )
  out.push(neckline(c, pal, X, Y, r, lw))
  // Face.
  const jaw = look * 0.22
  out.push(
    path(
      `M${X(-0.9)},${Y(-0.1)}C${X(-0.9)},${Y(-1.2)} ${X(0.9)},${Y(-1.2)} ${X(0.9)},${Y(-0.1)}C${X(0.9)},${Y(0.5)} ${X(0.4 + jaw)},${Y(1)} ${X(jaw)},${Y(1.1)}C${X(-0.4 + jaw)},${Y(1)} ${X(-0.9)},${Y(0.5)} ${X(-0.9)},${Y(-0.1)}Z`,
      c.skin,
    ),
  )
  out.push(face(pal, o, lw))
  // Fringe.
  if (c.hairStyle === 'spiky') {
    const spikes: [number, number][] = [
      [-1, 0.1],
      [-1.35, -0.55],
      [-0.9, -0.9],
      [-1, -1.45],
      [-0.4, -1.2],
      [-0.1, -1.7],
      [0.3, -1.2],
      [0.9, -1.5],
      [0.85, -0.9],
      [1.35, -0.5],
      [1, 0.1],
      [0.75, -0.35],
      [0.4, -0.15],
      [0.1, -0.5],
      [-0.25, -0.2],
      [-0.6, -0.45],
    ]
    out.push(
      polygon(
        spikes.map(([dx, dy]) => [cx + dx * r, cy + dy * r] as const),
        c.hair,
      ),
    )
  } else {
    // The fringe: locks hanging between notches, parted towards where the face looks.
    const wide = c.hairStyle === 'long' || c.hairStyle === 'bob'
    const edge = wide ? 1.05 : 0.98
    const xs = look >= 0 ? [0.8, 0.55, 0.35, 0.05, -0.2, -0.45, -0.7] : [0.7, 0.45, 0.2, -0.05, -0.35, -0.55, -0.8]
    const points: [number, number][] = [...xs.map((x, i): [number, number] => [x, i % 2 ? -0.5 : -0.02]), [-edge, 0.15]]
    let fringe = ''
    let [px, py] = [edge, 0.15]
    for (const [qx, qy] of points) {
      // Curve each lock: bow the edge towards the outside of the lock.
      fringe += `Q${X((px + qx) / 2 + (qy > py ? 0.06 : -0.06))},${Y((py + qy) / 2 + 0.08)} ${X(qx)},${Y(qy)}`
      ;[px, py] = [qx, qy]
    }
    const [topX, topY]: [number, number] = wide ? [-1.25, -1.45] : [-1.1, -1.38]
    out.push(path(`M${X(-edge)},${Y(0.15)}C${X(topX)},${Y(topY)} ${X(-topX)},${Y(topY)} ${X(edge)},${Y(0.15)}${fringe}Z`, c.hair))
  }
  // One stroke for the whole figure: its outline in ink.
  return `<g ${stroke(pal.ink, lw)}>${out.join('')}</g>`
}

/** Neck and what the outfit shows around it. */
function neckline(c: Character, pal: Palette, X: (dx: number) => number, Y: (dy: number) => number, r: number, lw: number): string {
  const neck = rect({ x: X(-0.32), y: Y(0.6), w: r * 0.64, h: r }, c.skin)
  switch (c.outfitStyle) {
    case 'collar':
      return neck + path(`M${X(-0.8)},${Y(1.45)}Q${X(0)},${Y(2)} ${X(0.8)},${Y(1.45)}`, 'none', stroke(c.trim, lw * 2.2))
    case 'tie':
      return (
        path(`M${X(-0.8)},${Y(1.45)}L${X(0)},${Y(2.6)}L${X(0.8)},${Y(1.45)}Z`, '#fff') +
        neck +
        path(
          `M${X(-0.15)},${Y(1.55)}h${n(r * 0.3)}l${n(r * 0.08)},${n(r * 1.1)}l${n(-r * 0.23)},${n(r * 0.3)}l${n(-r * 0.23)},${n(-r * 0.3)}Z`,
          pal.mono ? pal.deep : pal.accent,
        )
      )
    case 'hood':
      return (
        path(
          `M${X(-1.5)},${Y(1.5)}Q${X(0)},${Y(2.5)} ${X(1.5)},${Y(1.5)}Q${X(1.1)},${Y(2.3)} ${X(0)},${Y(2.35)}Q${X(-1.1)},${Y(2.3)} ${X(-1.5)},${Y(1.5)}Z`,
          c.trim,
        ) + neck
      )
    case 'armor':
      return (
        neck +
        path(`M${X(-0.9)},${Y(1.5)}Q${X(0)},${Y(2.2)} ${X(0.9)},${Y(1.5)}`, 'none', stroke(pal.mono ? '#fff' : '#c9ced8', lw * 2.4)) +
        ellipse(X(-2), Y(2.1), r * 0.8, r * 0.55, pal.mono ? '#fff' : '#b9c0cc') +
        ellipse(X(2), Y(2.1), r * 0.8, r * 0.55, pal.mono ? '#fff' : '#b9c0cc')
      )
    default:
      return neck + path(`M${X(-0.75)},${Y(1.45)}L${X(0)},${Y(2.35)}L${X(0.75)},${Y(1.45)}`, 'none', stroke(c.trim, lw * 1.6))
  }
}

function face(pal: Palette, o: BustOptions, lw: number): string {
  const { cx, cy, r } = o
  const look = o.look ?? 0
  const mood = o.mood ?? 'calm'
  const out: string[] = []
  const ex = (side: number): number => cx + side * r * 0.38 + look * r * 0.12
  const ey = cy + r * 0.12
  if (r < 5) return ''
  for (const side of [-1, 1]) {
    if (mood === 'smile' && r > 9) {
      out.push(
        path(`M${n(ex(side) - r * 0.15)},${n(ey)}Q${n(ex(side))},${n(ey - r * 0.2)} ${n(ex(side) + r * 0.15)},${n(ey)}`, 'none', stroke(pal.ink, lw * 1.2)),
      )
    } else {
      out.push(ellipse(ex(side), ey, r * 0.14, r * (mood === 'shout' ? 0.18 : 0.22), pal.ink, NO_LINE))
      if (r > 9) out.push(circle(ex(side) - r * 0.04, ey - r * 0.08, r * 0.05, '#fff', NO_LINE))
    }
    const browTilt = mood === 'serious' || mood === 'shout' ? 0.1 : mood === 'sad' ? -0.1 : 0
    const bx = ex(side)
    out.push(
      path(
        `M${n(bx - r * 0.16)},${n(cy - r * 0.2 - side * browTilt * r)}L${n(bx + r * 0.16)},${n(cy - r * 0.2 + side * browTilt * r)}`,
        'none',
        stroke(pal.ink, lw),
      ),
    )
  }
  const mx = cx + look * r * 0.15
  const my = cy + r * 0.62
  if (mood === 'shout') out.push(ellipse(mx, my, r * 0.16, r * 0.13, pal.ink, NO_LINE))
  else if (mood === 'smile')
    out.push(path(`M${n(mx - r * 0.18)},${n(my - r * 0.04)}Q${n(mx)},${n(my + r * 0.14)} ${n(mx + r * 0.18)},${n(my - r * 0.04)}`, 'none', stroke(pal.ink, lw)))
  else if (mood === 'sad')
    out.push(path(`M${n(mx - r * 0.12)},${n(my + r * 0.05)}Q${n(mx)},${n(my - r * 0.06)} ${n(mx + r * 0.12)},${n(my + r * 0.05)}`, 'none', stroke(pal.ink, lw)))
  else out.push(path(`M${n(mx - r * 0.09)},${n(my)}L${n(mx + r * 0.09)},${n(my)}`, 'none', stroke(pal.ink, lw)))
  if (o.blush && !pal.mono) {
    out.push(ellipse(ex(-1) - r * 0.05, cy + r * 0.42, r * 0.16, r * 0.07, '#ff7f8e', `${NO_LINE} opacity="0.45"`))
    out.push(ellipse(ex(1) + r * 0.05, cy + r * 0.42, r * 0.16, r * 0.07, '#ff7f8e', `${NO_LINE} opacity="0.45"`))
  }
  return out.join('')
}

/** A full-body silhouette standing on `ground`, `h` tall (about eight heads); `weapon` raises a blade. */
export function silhouette(x: number, ground: number, h: number, fill: string, pose: 'stand' | 'walk' | 'weapon' | 'cape' = 'stand'): string {
  const P = (dx: number, dy: number): [number, number] => [x + dx * h, ground - dy * h]
  const stride = pose === 'walk' ? 0.05 : 0.01
  const raise = pose === 'weapon' ? 0.16 : 0
  const out: string[] = []
  if (pose === 'cape') out.push(polygon([P(-0.11, 0.8), P(0.11, 0.8), P(0.22, 0.02), P(-0.24, 0.02)], fill, 'opacity="0.75"'))
  out.push(circle(x, ground - h * 0.905, h * 0.062, fill))
  const body = [
    P(-0.026, 0.86),
    P(-0.125, 0.8),
    P(-0.155, 0.47),
    P(-0.118, 0.47),
    P(-0.088, 0.7),
    P(-0.074, 0.56),
    P(-0.092, 0.45),
    P(-0.085 - stride, 0),
    P(-0.022 - stride, 0),
    P(0, 0.4),
    P(0.022 + stride, 0),
    P(0.085 + stride, 0),
    P(0.092, 0.45),
    P(0.074, 0.56),
    P(0.088, 0.7),
    P(0.118, 0.47 + raise * 2.2),
    P(0.155 + raise * 0.6, 0.47 + raise * 2.4),
    P(0.125, 0.8),
    P(0.026, 0.86),
  ]
  out.push(polygon(body, fill, stroke(fill, h * 0.015)))
  if (pose === 'weapon') out.push(path(`M${n(x + 0.16 * h)},${n(ground - 0.86 * h)}l${n(0.16 * h)},${n(-0.4 * h)}`, 'none', stroke(fill, h * 0.018)))
  return out.join('')
}

export type BubbleKind = 'speech' | 'shout' | 'thought'

/** A speech balloon with a tail towards (tx, ty) and grey lines standing in for the words. */
export function bubble(pal: Palette, b: Box, tail: readonly [number, number] | null, kind: BubbleKind, vertical: boolean, rng: Rng): string {
  const cx = b.x + b.w / 2
  const cy = b.y + b.h / 2
  const rx = b.w / 2
  const ry = b.h / 2
  const out: string[] = []
  let tailInner = ''
  let tip: [number, number] | null = null
  if (tail) {
    const angle = Math.atan2(tail[1] - cy, tail[0] - cx)
    // Point at the speaker, but keep the tail short, as letterers do.
    const reach = Math.min(Math.hypot(tail[0] - cx, tail[1] - cy), Math.hypot(rx * Math.cos(angle), ry * Math.sin(angle)) + Math.min(rx, ry) * 0.9)
    tip = [cx + Math.cos(angle) * reach, cy + Math.sin(angle) * reach]
    if (kind !== 'thought') {
      const side = Math.min(rx, ry) * 0.28
      const bx = cx + Math.cos(angle) * rx * 0.75
      const by = cy + Math.sin(angle) * ry * 0.75
      const nx = -Math.sin(angle) * side
      const ny = Math.cos(angle) * side
      const tri: [number, number][] = [[bx + nx, by + ny], tip, [bx - nx, by - ny]]
      out.push(polygon(tri, '#fff'))
      tailInner = polygon(tri, '#fff', NO_LINE)
    }
  }
  if (kind === 'shout') {
    const spikes = 16
    const star: [number, number][] = []
    for (let i = 0; i < spikes * 2; i++) {
      const a = (Math.PI * i) / spikes
      const k = i % 2 ? 0.78 : 1.12 + rng.range(-0.06, 0.08)
      star.push([cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k])
    }
    out.push(polygon(star, '#fff'))
  } else if (kind === 'thought') {
    for (let i = 0; i < 8; i++) {
      const a = (Math.PI * 2 * i) / 8
      out.push(circle(cx + Math.cos(a) * rx * 0.72, cy + Math.sin(a) * ry * 0.72, Math.min(rx, ry) * 0.42, '#fff'))
    }
    out.push(ellipse(cx, cy, rx * 0.86, ry * 0.8, '#fff', NO_LINE))
    if (tip) out.push(circle((cx + tip[0] * 2) / 3, (cy + tip[1] * 2) / 3, 3, '#fff'), circle(tip[0], tip[1], 1.8, '#fff'))
  } else {
    out.push(ellipse(cx, cy, rx, ry, '#fff'))
  }
  out.push(tailInner)
  return `<g ${stroke(pal.ink, 1.3)}>${out.join('')}</g>${textLines(b, vertical, rng)}`
}

/** Grey bars where lettering would go: rows for left-to-right books, columns for manga. */
export function textLines(b: Box, vertical: boolean, rng: Rng, color = '#a3a3ad'): string {
  const cx = b.x + b.w / 2
  const cy = b.y + b.h / 2
  const d: string[] = []
  if (vertical) {
    const count = Math.max(1, Math.min(4, Math.floor(b.w / 11)))
    const gap = Math.min(9, (b.w * 0.55) / count)
    for (let i = 0; i < count; i++) {
      const x = cx + (count / 2 - i - 0.5) * gap
      const len = b.h * rng.range(0.35, 0.6)
      d.push(`M${n(x)},${n(cy - b.h * 0.28)}v${n(len)}`)
    }
  } else {
    const count = Math.max(1, Math.min(3, Math.floor(b.h / 11)))
    const gap = Math.min(8, (b.h * 0.55) / count)
    for (let i = 0; i < count; i++) {
      const y = cy + (i - (count - 1) / 2) * gap
      const len = b.w * (i === count - 1 ? rng.range(0.25, 0.45) : rng.range(0.5, 0.62))
      d.push(`M${n(cx - b.w * 0.3)},${n(y)}h${n(len)}`)
    }
  }
  return path(d.join(''), 'none', stroke(color, 3))
}

/** Focus lines: thin wedges converging on (cx, cy), leaving a clear centre. Whole numbers: rough by nature. */
export function speedLines(rng: Rng, b: Box, cx: number, cy: number, color: string, count = 22, opacity = 0.85): string {
  const reach = Math.hypot(b.w, b.h) * 0.75
  const inner = Math.min(b.w, b.h) * 0.3
  const r = Math.round
  const d: string[] = []
  for (let i = 0; i < count; i++) {
    const a = (Math.PI * 2 * (i + rng.range(0, 0.6))) / count
    const start = inner * rng.range(0.9, 1.6)
    const spread = rng.range(0.015, 0.04)
    const x0 = r(cx + Math.cos(a) * start)
    const y0 = r(cy + Math.sin(a) * start)
    const x1 = r(cx + Math.cos(a - spread) * reach)
    const y1 = r(cy + Math.sin(a - spread) * reach)
    d.push(`M${x0},${y0}L${x1},${y1}l${r(cx + Math.cos(a + spread) * reach) - x1},${r(cy + Math.sin(a + spread) * reach) - y1}Z`)
  }
  return path(d.join(''), color, `opacity="${opacity}"`)
}

/** Four-pointed glints. */
export function sparkles(rng: Rng, b: Box, color: string, count: number): string {
  const d: string[] = []
  for (let i = 0; i < count; i++) {
    const x = b.x + rng.range(0.05, 0.95) * b.w
    const y = b.y + rng.range(0.05, 0.95) * b.h
    const s = rng.range(2, 6) * (b.w > 200 ? 1.4 : 1)
    const k = s * 0.22
    d.push(
      `M${n(x)},${n(y - s)}L${n(x + k)},${n(y - k)}L${n(x + s)},${n(y)}L${n(x + k)},${n(y + k)}L${n(x)},${n(y + s)}L${n(x - k)},${n(y + k)}L${n(x - s)},${n(y)}L${n(x - k)},${n(y - k)}Z`,
    )
  }
  return path(d.join(''), color)
}
