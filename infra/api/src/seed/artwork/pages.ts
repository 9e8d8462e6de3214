import type { Rng } from '../random'
import { bubble, textLines, type BubbleKind } from './figures'
import { panelArt, type ArtSubject, type PanelArt, type PanelNote } from './panels'
import { n, polygon, pts, rect, stroke, SvgDoc, type Box, type Palette } from './svg'

/**
 * Reading pages: tall webtoon strips (colour panels stacked with wide gutters) and manga pages
 * (black and white, 3 to 6 panels, some with slanted borders, balloons lettered vertically for
 * right-to-left books).
 */

export interface Artwork {
  svg: string
  width: number
  height: number
  /** A reading page's panels in reading order, for its description (issue 37). */
  panels?: DrawnPanel[]
}

/** One panel of a page as drawn: what it shows and what its lettering is. */
export interface DrawnPanel {
  note: PanelNote
  /** Balloons pointing at the panel's speaker (or at nobody when it has none). */
  balloons: BubbleKind[]
  /** A line of dialogue floating in the gutter before the panel (webtoons). */
  offPanel: boolean
  /** A narration box in the panel's corner. */
  narration: boolean
}

const art = (doc: SvgDoc, body: string, panels?: DrawnPanel[]): Artwork => ({
  svg: doc.render(body),
  width: doc.pixelWidth,
  height: doc.pixelHeight,
  ...(panels ? { panels } : {}),
})

const BUBBLE_KINDS: BubbleKind[] = ['speech', 'speech', 'speech', 'shout', 'thought']

/** A webtoon strip: 720x1600 pixels (360x800 CSS pixels at density 2). */
export function webtoonStrip(subject: ArtSubject, rng: Rng): Artwork {
  const doc = new SvgDoc(360, 800)
  const pal = subject.pal
  const dark = rng.chance(0.12)
  const out = [rect({ x: 0, y: 0, w: 360, h: 800 }, dark ? pal.deep : '#fff')]
  const panels: DrawnPanel[] = []
  let y = rng.range(-40, 50)
  while (y < 790) {
    const h = rng.range(170, 320)
    const bleed = rng.chance(0.25)
    const w = bleed ? 360 : rng.range(290, 330)
    const x = bleed ? 0 : rng.chance(0.5) ? 15 : 360 - 15 - w
    const box: Box = { x, y, w, h }
    const offPanel = rng.chance(0.15) && y > 60
    if (offPanel) {
      // A line of dialogue floating in the gutter before the panel.
      const bw = rng.range(110, 150)
      out.push(bubble(pal, { x: rng.range(30, 330 - bw), y: y - 10, w: bw, h: 46 }, null, 'speech', false, rng))
      y += 60
      box.y = y
    }
    const drawn = panel(doc, box, pal, subject, rng, !bleed)
    out.push(drawn.svg)
    const described: DrawnPanel = { note: drawn.note, balloons: [], offPanel, narration: false }
    panels.push(described)
    if (rng.chance(0.75)) {
      const count = rng.chance(0.3) ? 2 : 1
      const firstLeft = rng.chance(0.5)
      for (let i = 0; i < count; i++) {
        const bw = rng.range(100, 140)
        const bh = rng.range(44, 60)
        const left = i === 0 ? firstLeft : !firstLeft
        const bx = left ? x + rng.range(4, 24) : x + w - bw - rng.range(4, 24)
        const by = box.y - bh * 0.35 + i * bh * 0.9
        const kind = rng.pick(BUBBLE_KINDS)
        described.balloons.push(kind)
        out.push(bubble(pal, { x: bx, y: by, w: bw, h: bh }, drawn.speaker, kind, false, rng))
      }
    } else if (rng.chance(0.5)) {
      const nb: Box = { x: x + 10, y: box.y + 10, w: rng.range(120, 170), h: 34 }
      described.narration = true
      out.push(rect(nb, pal.paper, stroke(pal.ink, 1.2)), textLines(nb, false, rng, pal.dark))
    }
    y = box.y + h + rng.range(30, 95)
  }
  return art(doc, out.join(''), panels)
}

/** A rectangular panel, clipped, with an ink border unless it bleeds to the edges. */
function panel(doc: SvgDoc, box: Box, pal: Palette, subject: ArtSubject, rng: Rng, border: boolean): PanelArt {
  const content = panelArt(doc, box, pal, subject, rng)
  const edge = border ? rect(box, 'none', stroke(pal.ink, 2)) : ''
  return { svg: `<g ${doc.clip(rect(box, '#000'))}>${content.svg}</g>${edge}`, speaker: content.speaker, note: content.note }
}

/** A manga page: 720x1024 pixels (360x512 at density 2). */
export function mangaPage(subject: ArtSubject, rng: Rng, rtl: boolean): Artwork {
  const doc = new SvgDoc(360, 512)
  const pal = subject.pal
  const out = [rect({ x: 0, y: 0, w: 360, h: 512 }, '#fff')]
  const left = 18
  const right = 342
  const top = 20
  const bottom = 492
  const rows = rng.int(2, 3)
  const weights = Array.from({ length: rows }, () => rng.range(0.7, 1.4))
  const total = weights.reduce((a, b) => a + b, 0)
  const gutter = 9
  let y = top
  let panels = 0
  const drawn: DrawnPanel[] = []
  weights.forEach((weight, row) => {
    const h = ((bottom - top - gutter * (rows - 1)) * weight) / total
    const cols = rows === 2 && row === 0 ? 2 : rng.chance(0.55) ? 2 : 1
    const split = left + (right - left) * rng.range(0.38, 0.62)
    const slant = rng.chance(0.35) ? rng.range(-18, 18) : 0
    const bands: [number, number, number, number][] =
      cols === 1
        ? [[left, right, left, right]]
        : [
            [left, split + slant - 3, left, split - slant - 3],
            [split + slant + 3, right, split - slant + 3, right],
          ]
    for (const [x0t, x1t, x0b, x1b] of bands) {
      const shape: [number, number][] = [
        [x0t, y],
        [x1t, y],
        [x1b, y + h],
        [x0b, y + h],
      ]
      const box: Box = { x: Math.min(x0t, x0b), y, w: Math.max(x1t, x1b) - Math.min(x0t, x0b), h }
      const content = panelArt(doc, box, pal, subject, rng)
      out.push(`<g ${doc.clip(`<polygon points="${pts(shape)}"/>`)}>${content.svg}</g>`, polygon(shape, 'none', stroke(pal.ink, 1.8)))
      const described: DrawnPanel = { note: content.note, balloons: [], offPanel: false, narration: false }
      drawn.push(described)
      if (rng.chance(0.7)) {
        const vertical = rtl
        const bw = vertical ? rng.range(36, 52) : rng.range(80, 110)
        const bh = vertical ? rng.range(70, 100) : rng.range(38, 50)
        const onRight = rtl ? rng.chance(0.75) : rng.chance(0.25)
        const bx = onRight ? box.x + box.w - bw - 6 : box.x + 6
        const by = y + 6
        const kind = rng.pick(BUBBLE_KINDS)
        described.balloons.push(kind)
        out.push(bubble(pal, { x: bx, y: by, w: bw, h: Math.min(bh, h - 12) }, content.speaker, kind, vertical, rng))
      }
      panels++
    }
    y += h + gutter
  })
  // A sound effect stroke across the page edge now and then.
  if (panels >= 3 && rng.chance(0.3)) {
    const sx = rng.range(60, 300)
    const sy = rng.range(80, 440)
    out.push(`<path d="M${n(sx)},${n(sy)}l12,-22l8,18l10,-26l6,30" fill="none" ${stroke(pal.ink, 5)}/>`)
  }
  return art(doc, out.join(''), drawn)
}

/** An episode thumbnail: a panel-like crop, 304x304 pixels (152x152 at density 2). */
export function episodeThumbnail(subject: ArtSubject, rng: Rng): Artwork {
  const doc = new SvgDoc(152, 152)
  const box: Box = { x: 0, y: 0, w: 152, h: 152 }
  const content = panelArt(doc, box, subject.pal, subject, rng, rng.pick(['closeup', 'closeup', 'medium', 'two', 'establishing', 'action'] as const))
  return art(doc, content.svg)
}
