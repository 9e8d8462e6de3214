import { Rng } from '../random'
import { describePage } from './describe'
import { mangaPage, webtoonStrip } from './pages'
import { subjectFor } from './subject'
import type { DrawnPanel } from './pages'

const subject = subjectFor('drama', ['drama', 'romance'], new Rng('describe-test'))
const mono = subjectFor('drama', ['drama', 'romance'], new Rng('describe-test'), true)

describe('describePage', () => {
  it('describes every panel of a drawn page, in reading order, in ja, en and fr', () => {
    for (let i = 0; i < 20; i++) {
      const strip = webtoonStrip(subject, new Rng(`strip-${i}`))
      const page = mangaPage(mono, new Rng(`page-${i}`), true)
      for (const [art, isStrip] of [
        [strip, true],
        [page, false],
      ] as const) {
        expect(art.panels?.length).toBeGreaterThan(1)
        const text = describePage(art.panels ?? [], isStrip)
        const count = art.panels?.length ?? 0
        expect(text.en).toContain(isStrip ? `A vertical strip of ${count} panels.` : `A page of ${count} panels.`)
        expect(text.fr).toContain(`de ${count} cases.`)
        expect(text.ja).toContain(`${count}コマ`)
        expect(text.en).toContain(`Panel ${count}: `)
        expect(text.fr).toContain(`Case ${count} : `)
        expect(text.ja).toContain(`${count}コマ目：`)
        // Nothing left unsaid: every panel has a sentence, no placeholder leaks through.
        for (const lang of ['ja', 'en', 'fr'] as const) expect(text[lang]).not.toMatch(/undefined|null|：。|: \.|\[object/)
      }
    }
  })

  it('says who is there, where, how they feel and who speaks', () => {
    const panels: DrawnPanel[] = [
      {
        note: {
          shot: 'two',
          scene: 'sea',
          cast: [
            { hair: 'ponytail', mood: 'smile' },
            { hair: 'short', mood: 'sad' },
          ],
          figures: 0,
          object: null,
          speaker: 1,
        },
        balloons: ['speech', 'shout'],
        offPanel: false,
        narration: true,
      },
      { note: { shot: 'object', scene: null, cast: [], figures: 0, object: 'letter', speaker: null }, balloons: ['thought'], offPanel: true, narration: false },
    ]
    const text = describePage(panels, false)
    expect(text.en).toBe(
      'A page of 2 panels. Panel 1: The character with a ponytail (smiling) and the character with short hair (sad) face each other by the sea. A narration box sits in the corner. The character with short hair speaks. The character with short hair then shouts. Panel 2: A detail: a sealed letter. A line of dialogue floats above the panel. A voice off-panel thinks to themself.',
    )
    expect(text.fr).toContain('Le personnage à la queue-de-cheval (souriant) et le personnage aux cheveux courts (triste) se font face au bord de la mer.')
    expect(text.ja).toContain('海辺でポニーテールの人物（笑顔）と短髪の人物（悲しげな表情）が向き合う。')
    expect(text.ja).toContain('封をした手紙のアップ。')
  })
})
