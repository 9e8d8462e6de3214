import { cycle } from '../lists'
import type { Rng } from '../random'
import { bust, silhouette, sparkles, speedLines, type Character, type HairStyle, type Mood } from './figures'
import { scene, type SceneKind } from './scenes'
import { circle, ellipse, n, path, rect, shade, stroke, type Box, type Palette, type SvgDoc } from './svg'

/**
 * What goes inside one comic panel: a backdrop and a shot (establishing view, close-up, two
 * characters talking, action, a detail). Shared by webtoon strips, manga pages, episode
 * thumbnails and covers.
 */

/** Everything a title's artwork is drawn from. */
export interface ArtSubject {
  pal: Palette
  cast: Character[]
  scenes: SceneKind[]
  horror: boolean
  romance: boolean
  action: boolean
}

export type Shot = 'establishing' | 'closeup' | 'medium' | 'two' | 'action' | 'object'

export interface PanelArt {
  svg: string
  /** Where a speaker's mouth is, for a balloon's tail. */
  speaker: readonly [number, number] | null
  /** What the panel shows, for its page's description (issue 37). */
  note: PanelNote
}

export type ObjectKind = 'letter' | 'cup' | 'phone' | 'flower'

/** A panel as words: the shot, where, who (by their hair, as the art tells them apart) and who speaks. */
export interface PanelNote {
  shot: Shot
  scene: SceneKind | null
  cast: { hair: HairStyle; mood: Mood }[]
  /** Distant silhouettes (an establishing shot), or one with a weapon (an action shot). */
  figures: number
  object: ObjectKind | null
  /** Index in `cast` of who a balloon points at; -1: a figure; null: nobody. */
  speaker: number | null
}

const MOODS: Mood[] = ['calm', 'smile', 'serious', 'shout', 'sad', 'calm', 'smile']

export function pickShot(rng: Rng, b: Box, subject: ArtSubject): Shot {
  const tall = b.h > b.w * 0.9
  const options: Shot[] = tall
    ? ['closeup', 'closeup', 'closeup', 'medium', 'two', 'two', 'object']
    : ['establishing', 'establishing', 'medium', 'two', 'two', 'closeup', 'object']
  if (subject.action) options.push('action')
  return rng.pick(options)
}

/** The contents of a panel; the caller clips it to the panel's shape. */
export function panelArt(doc: SvgDoc, b: Box, pal: Palette, subject: ArtSubject, rng: Rng, shot: Shot = pickShot(rng, b, subject)): PanelArt {
  const bg = rng.pick(subject.scenes)
  const who = (i: number): Character => cycle(subject.cast, i, 'cast member')
  const mood = (): Mood => rng.pick(MOODS)
  const note = (fields: Partial<PanelNote>): PanelNote => ({ shot, scene: null, cast: [], figures: 0, object: null, speaker: null, ...fields })
  switch (shot) {
    case 'establishing': {
      const out = [scene(doc, bg, b, pal, rng, subject.horror)]
      const ground = b.y + b.h * rng.range(0.86, 0.96)
      const h = b.h * rng.range(0.3, 0.45)
      const count = rng.int(0, 2)
      let speaker: PanelArt['speaker'] = null
      for (let i = 0; i < count; i++) {
        const x = b.x + b.w * (count === 1 ? rng.range(0.3, 0.7) : 0.3 + i * 0.35)
        out.push(silhouette(x, ground, h, pal.ink, rng.pick(['stand', 'walk', subject.action ? 'weapon' : 'cape'] as const)))
        speaker = [x, ground - h * 0.9]
      }
      return { svg: out.join(''), speaker, note: note({ scene: bg, figures: count, speaker: count ? -1 : null }) }
    }
    case 'closeup': {
      const out = [closeBackdrop(doc, b, pal, subject, rng, bg)]
      const r = Math.min(b.w * 0.2, b.h * 0.26)
      const cx = b.x + b.w * rng.range(0.35, 0.65)
      const cy = b.y + b.h * rng.range(0.4, 0.52)
      const m = mood()
      const one = who(rng.int(0, 1))
      out.push(bust(doc, pal, one, { cx, cy, r, mood: m, look: rng.range(-1, 1), blush: subject.romance && rng.chance(0.5) }))
      if (m === 'sad' && !pal.mono) out.push(path(`M${n(cx + r * 0.4)},${n(cy + r * 0.35)}q-2,6 0,8q2,-2 0,-8Z`, '#9fd3ff'))
      return { svg: out.join(''), speaker: [cx, cy + r * 0.6], note: note({ cast: [{ hair: one.hairStyle, mood: m }], speaker: 0 }) }
    }
    case 'medium': {
      const out = [scene(doc, bg, b, pal, rng, subject.horror)]
      const r = Math.min(b.h * 0.17, b.w * 0.16)
      const cx = b.x + b.w * rng.range(0.3, 0.7)
      const cy = b.y + b.h - r * 3.2
      // In the order the drawing draws them: who, then the mood, then where they look.
      const one = who(rng.int(0, 2))
      const m = mood()
      out.push(bust(doc, pal, one, { cx, cy, r, mood: m, look: rng.range(-1, 1) }))
      return { svg: out.join(''), speaker: [cx, cy + r * 0.6], note: note({ scene: bg, cast: [{ hair: one.hairStyle, mood: m }], speaker: 0 }) }
    }
    case 'two': {
      const out = [scene(doc, bg, b, pal, rng, subject.horror)]
      const r = Math.min(b.h * 0.16, b.w * 0.12)
      const cy = b.y + b.h - r * 3
      const left = b.x + b.w * 0.3
      const right = b.x + b.w * 0.7
      const first = rng.int(0, 2)
      const leftMood = mood()
      out.push(bust(doc, pal, who(first), { cx: left, cy: cy + r * 0.2, r, mood: leftMood, look: 1, blush: subject.romance }))
      const rightMood = mood()
      out.push(bust(doc, pal, who(first + 1), { cx: right, cy, r: r * 1.05, mood: rightMood, look: -1, blush: subject.romance }))
      const leftSpeaks = rng.chance(0.5)
      const cast = [
        { hair: who(first).hairStyle, mood: leftMood },
        { hair: who(first + 1).hairStyle, mood: rightMood },
      ]
      return {
        svg: out.join(''),
        speaker: leftSpeaks ? [left, cy + r * 0.8] : [right, cy + r * 0.6],
        note: note({ scene: bg, cast, speaker: leftSpeaks ? 0 : 1 }),
      }
    }
    case 'action': {
      const cx = b.x + b.w * rng.range(0.35, 0.65)
      const cy = b.y + b.h * rng.range(0.4, 0.55)
      const out = [rect(b, subject.horror ? pal.deep : pal.paper), speedLines(rng, b, cx, cy, subject.horror ? pal.base : pal.ink, 26)]
      if (rng.chance(0.5)) {
        const h = b.h * 0.7
        out.push(silhouette(cx, b.y + b.h * 0.95, h, pal.ink, 'weapon'))
        return { svg: out.join(''), speaker: [cx, b.y + b.h * 0.95 - h * 0.9], note: note({ figures: 1, speaker: -1 }) }
      }
      const r = Math.min(b.w * 0.18, b.h * 0.22)
      out.push(bust(doc, pal, who(0), { cx, cy, r, mood: 'shout', look: rng.range(-0.5, 0.5) }))
      return { svg: out.join(''), speaker: [cx, cy + r * 0.6], note: note({ cast: [{ hair: who(0).hairStyle, mood: 'shout' }], speaker: 0 }) }
    }
    case 'object': {
      const drawn = objectShot(doc, b, pal, subject, rng)
      return { svg: drawn.svg, speaker: null, note: note({ object: drawn.object }) }
    }
  }
}

/** Behind a close-up: emotion rather than place, most of the time. */
function closeBackdrop(doc: SvgDoc, b: Box, pal: Palette, subject: ArtSubject, rng: Rng, bg: SceneKind): string {
  const roll = rng.float()
  if (roll < 0.35) return scene(doc, bg, b, pal, rng, subject.horror)
  if (roll < 0.55 && subject.romance) return scene(doc, 'bokeh', b, pal, rng)
  if (roll < 0.7)
    return rect(
      b,
      pal.mono
        ? doc.tone('#8a8a8a', 4, 1)
        : doc.linear([
            [0, pal.light],
            [1, pal.base],
          ]),
    )
  if (roll < 0.85)
    return rect(b, subject.horror ? pal.deep : pal.pale) + speedLines(rng, b, b.x + b.w / 2, b.y + b.h * 0.45, subject.horror ? pal.dark : pal.light, 24, 0.9)
  return (
    rect(
      b,
      doc.linear([
        [0, pal.dark],
        [1, pal.deep],
      ]),
    ) + sparkles(rng, b, pal.light, 5)
  )
}

/** A detail shot: a letter, a cup, a phone or a flower. */
function objectShot(doc: SvgDoc, b: Box, pal: Palette, subject: ArtSubject, rng: Rng): { svg: string; object: ObjectKind } {
  const cx = b.x + b.w / 2
  const cy = b.y + b.h / 2
  const s = Math.min(b.w, b.h) * 0.3
  const line = stroke(pal.ink, Math.max(1, s * 0.04))
  const out = [
    rect(
      b,
      pal.mono
        ? doc.tone('#9a9a9a', 4, 0.9)
        : doc.radial([
            [0, pal.pale],
            [1, pal.light],
          ]),
    ),
  ]
  const kind = rng.int(0, 3)
  switch (kind) {
    case 0:
      out.push(rect({ x: cx - s, y: cy - s * 0.62, w: s * 2, h: s * 1.24 }, '#fff', line))
      out.push(path(`M${n(cx - s)},${n(cy - s * 0.62)}L${n(cx)},${n(cy + s * 0.1)}L${n(cx + s)},${n(cy - s * 0.62)}`, 'none', line))
      out.push(circle(cx, cy + s * 0.1, s * 0.14, pal.mono ? pal.dark : '#c0392b'))
      break
    case 1:
      out.push(path(`M${n(cx - s * 0.6)},${n(cy - s * 0.5)}h${n(s * 1.2)}l${n(-s * 0.15)},${n(s * 1.1)}h${n(-s * 0.9)}Z`, '#fff', line))
      out.push(path(`M${n(cx + s * 0.55)},${n(cy - s * 0.25)}q${n(s * 0.45)},${n(s * 0.1)} ${n(-s * 0.1)},${n(s * 0.55)}`, 'none', line))
      out.push(ellipse(cx, cy - s * 0.5, s * 0.6, s * 0.12, pal.mono ? pal.dark : '#6b4226', line))
      out.push(
        path(
          `M${n(cx - s * 0.2)},${n(cy - s * 0.8)}q${n(s * 0.15)},${n(-s * 0.2)} 0,${n(-s * 0.4)}M${n(cx + s * 0.15)},${n(cy - s * 0.8)}q${n(s * 0.15)},${n(-s * 0.2)} 0,${n(-s * 0.4)}`,
          'none',
          `${stroke(pal.dark, 1.5)} opacity="0.6"`,
        ),
      )
      break
    case 2:
      out.push(rect({ x: cx - s * 0.45, y: cy - s * 0.85, w: s * 0.9, h: s * 1.7 }, pal.ink, `rx="${n(s * 0.12)}"`))
      out.push(rect({ x: cx - s * 0.38, y: cy - s * 0.72, w: s * 0.76, h: s * 1.4 }, pal.mono ? '#ddd' : pal.light))
      out.push(rect({ x: cx - s * 0.3, y: cy - s * 0.3, w: s * 0.5, h: s * 0.16 }, '#fff', `rx="${n(s * 0.05)}"`))
      out.push(rect({ x: cx - s * 0.2, y: cy, w: s * 0.48, h: s * 0.16 }, pal.mono ? '#999' : pal.base, `rx="${n(s * 0.05)}"`))
      break
    default: {
      out.push(
        path(`M${n(cx)},${n(cy + s)}Q${n(cx - s * 0.1)},${n(cy)} ${n(cx)},${n(cy - s * 0.3)}`, 'none', stroke(pal.mono ? pal.dark : '#3f7d4a', s * 0.06)),
      )
      for (let i = 0; i < 6; i++) {
        const a = (Math.PI * 2 * i) / 6
        out.push(
          ellipse(cx + Math.cos(a) * s * 0.28, cy - s * 0.35 + Math.sin(a) * s * 0.28, s * 0.22, s * 0.22, pal.mono ? '#fff' : shade(pal.accent, 8), line),
        )
      }
      out.push(circle(cx, cy - s * 0.35, s * 0.15, pal.mono ? pal.base : '#f4c542', line))
    }
  }
  return { svg: out.join(''), object: (['letter', 'cup', 'phone', 'flower'] as const)[kind] ?? 'flower' }
}
