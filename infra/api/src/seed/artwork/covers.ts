import { cycle } from '../lists'
import type { Rng } from '../random'
import type { TitleKind } from '../texts/title-spec'
import { bust, silhouette, sparkles, speedLines, type Mood } from './figures'
import type { Artwork } from './pages'
import type { ArtSubject } from './panels'
import { scene } from './scenes'
import { circle, path, polygon, rect, stroke, SvgDoc, type Box, type Palette } from './svg'

/**
 * A title's key art: its cover (192x272), key visual (640x360), featured square (320x320) and
 * banner (640x320), all stored at density 2. Same cast and colours as its pages.
 */

const art = (doc: SvgDoc, body: string): Artwork => ({ svg: doc.render(body), width: doc.pixelWidth, height: doc.pixelHeight })

const heroMood = (subject: ArtSubject, rng: Rng): Mood =>
  subject.horror
    ? 'serious'
    : subject.romance
      ? rng.pick(['smile', 'calm'])
      : subject.action
        ? rng.pick(['serious', 'shout'])
        : rng.pick(['smile', 'calm', 'serious'])

/** Backdrop, effect layer and cast, shared by every format. */
function keyArt(doc: SvgDoc, b: Box, subject: ArtSubject, rng: Rng, heroes: { cx: number; cy: number; r: number; look: number }[]): string {
  const pal = subject.pal
  const first = heroes[0]
  if (first === undefined) throw new Error('Seed: key art needs at least one hero')
  const out = [scene(doc, rng.pick(subject.scenes), b, pal, rng, subject.horror)]
  if (subject.action) out.push(speedLines(rng, b, first.cx, first.cy, '#fff', 26, 0.35))
  // Supporting cast first (behind), the lead (index 0) last.
  for (const [i, hero] of [...heroes.entries()].reverse()) {
    const lead = i === 0
    const who = cycle(subject.cast, i, 'cast member')
    out.push(bust(doc, pal, who, { ...hero, mood: lead ? heroMood(subject, rng) : 'calm', blush: subject.romance && lead }))
  }
  if (subject.romance || rng.chance(0.3)) out.push(sparkles(rng, b, pal.paper, 7))
  return out.join('')
}

/** Darkens the bottom or one side so overlaid text stays legible. */
function shadeEdge(doc: SvgDoc, b: Box, color: string, side: 'bottom' | 'left', strength = 0.85): string {
  const fill =
    side === 'bottom'
      ? doc.linear([
          [0, color, 0],
          [1, color, strength],
        ])
      : doc.linear(
          [
            [0, color, strength],
            [1, color, 0],
          ],
          1,
          0,
        )
  return side === 'bottom' ? rect({ x: b.x, y: b.y + b.h * 0.55, w: b.w, h: b.h * 0.45 }, fill) : rect({ x: b.x, y: b.y, w: b.w * 0.55, h: b.h }, fill)
}

export function coverArt(subject: ArtSubject, kind: TitleKind, rng: Rng): Artwork {
  const doc = new SvgDoc(192, 272)
  const b: Box = { x: 0, y: 0, w: 192, h: 272 }
  const pal = subject.pal
  if (kind === 'magazine') {
    // A magazine cover: masthead band, the lead in the middle, two more series around it.
    const out = [
      keyArt(doc, b, subject, rng, [
        { cx: 96, cy: 140, r: 30, look: 0 },
        { cx: 38, cy: 200, r: 17, look: 1 },
        { cx: 156, cy: 196, r: 18, look: -1 },
      ]),
    ]
    const stripes = doc.pattern(10, 10, `<path d="M0,10L10,0" stroke="${pal.light}" stroke-width="3" opacity="0.5"/>`)
    out.push(rect({ x: 0, y: 0, w: 192, h: 58 }, pal.base), rect({ x: 0, y: 0, w: 192, h: 58 }, stripes), rect({ x: 0, y: 58, w: 192, h: 4 }, pal.accent))
    out.push(starburst(160, 30, 22, 14, pal.accent, pal.paper), circle(28, 90, 14, pal.complement, stroke(pal.paper, 2)))
    out.push(rect({ x: 0, y: 246, w: 192, h: 26 }, pal.deep, 'opacity="0.85"'))
    return art(doc, out.join(''))
  }
  // Compositions vary from title to title: a portrait, a close-up, a duo, or a lone figure.
  const top = kind === 'volume' ? 118 : 128
  const layout = rng.pick(['portrait', 'portrait', 'closeup', 'duo', 'figure'] as const)
  if (layout === 'figure') {
    const outdoors = subject.scenes.filter((kind) => !['interior', 'bokeh', 'burst', 'speed'].includes(kind))
    const out = [scene(doc, outdoors.length ? rng.pick(outdoors) : 'sky', b, pal, rng, subject.horror)]
    out.push(circle(96, 120, 70, pal.paper, 'opacity="0.18"'))
    out.push(silhouette(rng.range(80, 112), 262, 190, pal.ink, subject.action ? 'weapon' : rng.pick(['stand', 'cape'] as const)))
    if (rng.chance(0.5)) out.push(silhouette(rng.chance(0.5) ? 36 : 156, 262, 120, pal.ink, 'stand'))
    out.push(shadeEdge(doc, b, pal.deep, 'bottom', 0.6), coverTrim(kind, pal))
    return art(doc, out.join(''))
  }
  const lead = { cx: rng.range(80, 112), cy: top, r: 36, look: rng.range(-0.6, 0.6) }
  const heroes =
    layout === 'closeup'
      ? [{ cx: 96, cy: top + 24, r: 54, look: rng.range(-0.4, 0.4) }]
      : layout === 'duo'
        ? [
            { cx: 62, cy: top + 6, r: 29, look: 0.8 },
            { cx: 134, cy: top - 4, r: 30, look: -0.8 },
          ]
        : rng.chance(0.6)
          ? [lead, { cx: lead.cx > 96 ? 40 : 152, cy: 96, r: 22, look: lead.cx > 96 ? 1 : -1 }]
          : [lead]
  return art(doc, keyArt(doc, b, subject, rng, heroes) + shadeEdge(doc, b, pal.deep, 'bottom', 0.75) + coverTrim(kind, pal))
}

/** A paperback volume's publisher band (obi) and corner emblem; a thin top rule on webtoons. */
function coverTrim(kind: TitleKind, pal: Palette): string {
  if (kind !== 'volume') return path('M0,0h192v6h-192Z', pal.base)
  return (
    rect({ x: 0, y: 226, w: 192, h: 46 }, pal.accent) +
    rect({ x: 0, y: 226, w: 192, h: 3 }, pal.paper) +
    circle(22, 22, 11, pal.paper, 'opacity="0.9"') +
    circle(22, 22, 7, pal.base)
  )
}

/** A price-sticker star, as magazines print on their covers. */
function starburst(cx: number, cy: number, r: number, points: number, fill: string, line: string): string {
  const d: [number, number][] = []
  for (let i = 0; i < points * 2; i++) {
    const a = (Math.PI * i) / points
    const k = i % 2 ? 0.75 : 1
    d.push([cx + Math.cos(a) * r * k, cy + Math.sin(a) * r * k])
  }
  return polygon(d, fill, stroke(line, 2))
}

export function keyVisualArt(subject: ArtSubject, rng: Rng): Artwork {
  const doc = new SvgDoc(640, 360)
  const b: Box = { x: 0, y: 0, w: 640, h: 360 }
  const heroes = [
    { cx: rng.range(400, 470), cy: 170, r: 58, look: -0.4 },
    { cx: 560, cy: 140, r: 40, look: -1 },
    { cx: 300, cy: 150, r: 36, look: 1 },
  ].slice(0, rng.int(2, 3))
  return art(doc, keyArt(doc, b, subject, rng, heroes) + shadeEdge(doc, b, subject.pal.deep, 'left', 0.8))
}

export function featuredArt(subject: ArtSubject, rng: Rng): Artwork {
  const doc = new SvgDoc(320, 320)
  const b: Box = { x: 0, y: 0, w: 320, h: 320 }
  const heroes = [{ cx: rng.range(140, 180), cy: 150, r: 62, look: rng.range(-0.5, 0.5) }]
  const out = [keyArt(doc, b, subject, rng, heroes), shadeEdge(doc, b, subject.pal.deep, 'bottom', 0.6)]
  out.push(`<rect x="8" y="8" width="304" height="304" fill="none" ${stroke(subject.pal.paper, 2)} opacity="0.7"/>`)
  return art(doc, out.join(''))
}

export function bannerArt(subject: ArtSubject, rng: Rng): Artwork {
  const doc = new SvgDoc(640, 320)
  const b: Box = { x: 0, y: 0, w: 640, h: 320 }
  const pal = subject.pal
  const heroes = [
    { cx: 470, cy: 150, r: 56, look: -0.5 },
    { cx: 585, cy: 120, r: 38, look: -1 },
  ]
  // The left side stays calm and dark: the client lays the campaign's copy over it.
  return art(doc, keyArt(doc, b, subject, rng, heroes) + shadeEdge(doc, b, pal.deep, 'left', 0.9))
}
