import type { Lang, L10n } from '../lang'
import type { BubbleKind, HairStyle, Mood } from './figures'
import type { DrawnPanel } from './pages'
import type { ObjectKind, PanelNote } from './panels'
import type { SceneKind } from './scenes'

/**
 * A reading page's description (issue 37), written from what its artwork was drawn from: each
 * panel's shot, place, who is in it (the art tells its cast apart by their hair), their mood, and
 * its lettering. The seed's balloons hold grey lines, not words, so the dialogue is said as who
 * speaks, shouts or thinks, never as invented lines.
 */

type Words<K extends string> = Record<K, L10n>

const HAIR: Words<HairStyle> = {
  short: { ja: '短髪の人物', en: 'the character with short hair', fr: 'le personnage aux cheveux courts' },
  spiky: { ja: 'ツンツン頭の人物', en: 'the character with spiky hair', fr: 'le personnage aux cheveux en pétard' },
  long: { ja: '長い髪の人物', en: 'the character with long hair', fr: 'le personnage aux cheveux longs' },
  bob: { ja: 'ボブヘアの人物', en: 'the character with a bob', fr: 'le personnage à la coupe au carré' },
  ponytail: { ja: 'ポニーテールの人物', en: 'the character with a ponytail', fr: 'le personnage à la queue-de-cheval' },
  bun: { ja: 'お団子頭の人物', en: 'the character with a bun', fr: 'le personnage au chignon' },
}

const MOOD: Words<Mood> = {
  calm: { ja: '落ち着いた表情', en: 'calm', fr: 'calme' },
  smile: { ja: '笑顔', en: 'smiling', fr: 'souriant' },
  serious: { ja: '真剣な表情', en: 'serious', fr: 'sérieux' },
  shout: { ja: '叫んでいる', en: 'shouting', fr: 'en train de crier' },
  sad: { ja: '悲しげな表情', en: 'sad', fr: 'triste' },
}

const PLACE: Words<SceneKind> = {
  sky: { ja: '青空の下', en: 'under an open sky', fr: 'sous un ciel dégagé' },
  city: { ja: '街中', en: 'in a city street', fr: 'dans une rue de la ville' },
  night: { ja: '夜の街', en: 'in the city at night', fr: 'en ville, la nuit' },
  interior: { ja: '室内', en: 'indoors', fr: 'à l’intérieur' },
  speed: { ja: 'スピード線の中', en: 'against speed lines', fr: 'sur fond de lignes de vitesse' },
  burst: { ja: '集中線の中', en: 'against a burst of lines', fr: 'sur fond de traits en éclat' },
  bokeh: { ja: 'ぼやけた光の中', en: 'against soft, blurred lights', fr: 'sur fond de lumières floues' },
  mountains: { ja: '山あい', en: 'in the mountains', fr: 'dans les montagnes' },
  space: { ja: '宇宙', en: 'in space', fr: 'dans l’espace' },
  field: { ja: '競技場', en: 'on a playing field', fr: 'sur un terrain de sport' },
  sea: { ja: '海辺', en: 'by the sea', fr: 'au bord de la mer' },
  forest: { ja: '森の中', en: 'in a forest', fr: 'dans une forêt' },
}

const OBJECT: Words<ObjectKind> = {
  letter: { ja: '封をした手紙', en: 'a sealed letter', fr: 'une lettre cachetée' },
  cup: { ja: '湯気の立つカップ', en: 'a steaming cup', fr: 'une tasse fumante' },
  phone: { ja: 'スマートフォンの画面', en: 'a phone’s screen', fr: 'l’écran d’un téléphone' },
  flower: { ja: '一輪の花', en: 'a single flower', fr: 'une fleur' },
}

const SPEAKS: Words<BubbleKind> = {
  speech: { ja: '話す', en: 'speaks', fr: 'parle' },
  shout: { ja: '叫ぶ', en: 'shouts', fr: 'crie' },
  thought: { ja: '心の中で思う', en: 'thinks to themself', fr: 'pense en silence' },
}

/** The same, said of "they" (English only needs it). */
const THEY_SPEAK: Record<BubbleKind, string> = { speech: 'speak', shout: 'shout', thought: 'think to themselves' }

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

function shotText(note: PanelNote, lang: Lang): string {
  const place = note.scene ? PLACE[note.scene][lang] : ''
  const [first, second] = note.cast
  const who = (member: { hair: HairStyle }) => HAIR[member.hair][lang]
  const mood = (member: { mood: Mood }) => MOOD[member.mood][lang]
  switch (note.shot) {
    case 'establishing': {
      if (lang === 'ja') return `${place}の遠景${note.figures === 0 ? '' : note.figures === 1 ? '、人影がひとつ' : '、人影がふたつ'}。`
      if (lang === 'en') return `A wide view ${place}${note.figures === 0 ? '' : note.figures === 1 ? ', with a lone figure' : ', with two figures'}.`
      return `Une vue d’ensemble ${place}${note.figures === 0 ? '' : note.figures === 1 ? ', avec une silhouette' : ', avec deux silhouettes'}.`
    }
    case 'closeup':
      if (!first) break
      if (lang === 'ja') return `${who(first)}のアップ、${mood(first)}。`
      if (lang === 'en') return `Close-up of ${who(first)}, ${mood(first)}.`
      return `Gros plan sur ${who(first)}, ${mood(first)}.`
    case 'medium':
      if (!first) break
      if (lang === 'ja') return `${place}の${who(first)}、${mood(first)}。`
      if (lang === 'en') return `${capital(who(first))} ${place}, ${mood(first)}.`
      return `${capital(who(first))} ${place}, ${mood(first)}.`
    case 'two':
      if (!first || !second) break
      if (lang === 'ja') return `${place}で${who(first)}（${mood(first)}）と${who(second)}（${mood(second)}）が向き合う。`
      if (lang === 'en') return `${capital(who(first))} (${mood(first)}) and ${who(second)} (${mood(second)}) face each other ${place}.`
      return `${capital(who(first))} (${mood(first)}) et ${who(second)} (${mood(second)}) se font face ${place}.`
    case 'action':
      if (!first) return { ja: '武器を構えた人影が突進する。', en: 'A figure charges in, weapon raised.', fr: 'Une silhouette charge, arme levée.' }[lang]
      if (lang === 'ja') return `スピード線の中、${who(first)}が叫ぶ。`
      if (lang === 'en') return `${capital(who(first))} yells amid speed lines.`
      return `${capital(who(first))} hurle, au milieu des lignes de vitesse.`
    case 'object':
      if (!note.object) break
      return { ja: `${OBJECT[note.object].ja}のアップ。`, en: `A detail: ${OBJECT[note.object].en}.`, fr: `Un détail : ${OBJECT[note.object][lang]}.` }[lang]
  }
  return ''
}

/** Who a balloon belongs to; the one character the panel already named is "they". */
function speakerText(note: PanelNote, lang: Lang): string {
  if (note.speaker === 0 && note.cast.length === 1) return { ja: 'その人物', en: 'They', fr: 'Ce personnage' }[lang]
  if (note.speaker === null) return { ja: '画面外の声', en: 'A voice off-panel', fr: 'Une voix hors champ' }[lang]
  if (note.speaker < 0) return { ja: '人影', en: 'The figure', fr: 'La silhouette' }[lang]
  const member = note.cast[note.speaker]
  return member ? capital(HAIR[member.hair][lang]) : { ja: '誰か', en: 'Someone', fr: 'Quelqu’un' }[lang]
}

function lettering(panel: DrawnPanel, lang: Lang): string[] {
  const out: string[] = []
  if (panel.offPanel)
    out.push({ ja: 'コマの外に台詞がひとつ。', en: 'A line of dialogue floats above the panel.', fr: 'Une réplique flotte au-dessus de la case.' }[lang])
  if (panel.narration)
    out.push({ ja: 'ナレーションの枠がある。', en: 'A narration box sits in the corner.', fr: 'Un encadré de narration occupe le coin.' }[lang])
  panel.balloons.forEach((kind, index) => {
    const who = speakerText(panel.note, lang)
    const again = index > 0
    if (lang === 'ja') out.push(`${who}が${again ? 'さらに' : ''}${SPEAKS[kind].ja}。`)
    else if (lang === 'en') out.push(`${who} ${again ? 'then ' : ''}${who === 'They' ? THEY_SPEAK[kind] : SPEAKS[kind].en}.`)
    else out.push(`${who} ${SPEAKS[kind].fr}${again ? ' encore' : ''}.`)
  })
  return out
}

/** A page's description in ja, en and fr: how many panels, then each panel in reading order. */
export function describePage(panels: readonly DrawnPanel[], strip: boolean): L10n {
  const make = (lang: Lang): string => {
    const count = panels.length
    const head = strip
      ? { ja: `${count}コマの縦読みページ。`, en: `A vertical strip of ${count} panels.`, fr: `Une bande verticale de ${count} cases.` }[lang]
      : { ja: `${count}コマのページ。`, en: `A page of ${count} panels.`, fr: `Une page de ${count} cases.` }[lang]
    const body = panels.map((panel, index) => {
      const label = { ja: `${index + 1}コマ目：`, en: `Panel ${index + 1}: `, fr: `Case ${index + 1} : ` }[lang]
      return [label + shotText(panel.note, lang), ...lettering(panel, lang)].join(lang === 'ja' ? '' : ' ')
    })
    return [head, ...body].join(lang === 'ja' ? '' : ' ')
  }
  return { ja: make('ja'), en: make('en'), fr: make('fr') }
}
