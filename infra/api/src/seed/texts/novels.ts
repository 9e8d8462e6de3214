import { l10n, type L10n } from '../lang'

/** The seed's novels: one per site language, written for Koma. Prose is composed from these sentences. */
export interface NovelSpec {
  language: 'ja' | 'en' | 'fr'
  vertical: boolean
  name: L10n
  description: L10n
  author: L10n
  /** Section titles per volume (in the book's language). */
  sections: string[][]
  sentences: string[]
  hue: number
}

export const NOVELS: NovelSpec[] = [
  {
    language: 'ja',
    vertical: true,
    name: l10n('月読書房の夜', 'Nights at the Tsukuyomi Bookshop', 'Les nuits de la librairie Tsukuyomi'),
    description: l10n(
      '終電のあとにだけ灯りのともる古書店「月読書房」。迷い込んだ客は、自分がいちばん忘れたかった本と再会する。',
      'The Tsukuyomi secondhand bookshop only opens after the last train. Whoever wanders in finds the one book they most wanted to forget.',
      'La librairie d’occasion Tsukuyomi n’ouvre qu’après le dernier train. Qui s’y égare retrouve le livre qu’il voulait le plus oublier.',
    ),
    author: l10n('朝霧 しおり', 'Shiori Asagiri', 'Shiori Asagiri'),
    sections: [
      ['一　終電のあとで', '二　栞の持ち主', '三　雨の匂い'],
      ['四　店主の帳面', '五　古い地図', '六　月の裏側'],
      ['七　最後の客', '八　返された本', '九　夜明けの棚'],
    ],
    sentences: [
      '終電の去ったホームには、まだ夏の名残の風が吹いていた。',
      '路地の奥で、ひとつだけ灯りのともる店があった。',
      '硝子戸を引くと、古い紙とインクの匂いがふわりと流れ出た。',
      '店主は眼鏡を指で押し上げ、何も言わずに奥の棚を示した。',
      '背表紙の文字は、どれも見覚えがあるようで思い出せなかった。',
      '一冊を抜き取ると、挟まれていた栞が足もとに落ちた。',
      'そこには、十年前の自分の字で短い言葉が書かれていた。',
      '雨が降りだしたのか、軒先を叩く音がかすかに聞こえる。',
      '「お代は結構です。ただ、読み終えたら返しに来てください」と店主は言った。',
      '頁をめくるたびに、忘れていた声がひとつずつ戻ってくる。',
      '窓の外では、月が雲の切れ間からこちらをのぞいていた。',
      '気がつくと、壁の時計はいつまでも午前一時を指したままだった。',
      '本を閉じても、物語の続きは胸の奥で静かに鳴りつづけていた。',
      '棚と棚のあいだを歩くと、床板が遠い潮騒のように軋んだ。',
    ],
    hue: 230,
  },
  {
    language: 'en',
    vertical: false,
    name: l10n('ランタンの地図師', 'The Lantern Cartographer', 'La Cartographe aux lanternes'),
    description: l10n(
      '灯りでしか描けない地図がある。港町の見習い地図師ネルは、夜ごと姿を変える街路を記録しはじめる。',
      'Some maps can only be drawn by lantern light. Nell, an apprentice mapmaker in a harbour town, sets out to chart streets that change every night.',
      'Certaines cartes ne se dessinent qu’à la lueur d’une lanterne. Nell, apprentie cartographe d’une ville portuaire, entreprend de relever des rues qui changent chaque nuit.',
    ),
    author: l10n('エリナー・ヴェイル', 'Eleanor Vale', 'Eleanor Vale'),
    sections: [
      ['1. The Harbour at Dusk', '2. Ink and Salt', '3. The Street That Was Not There'],
      ['4. A Map of Small Hours', '5. The Lamplighter’s Ledger', '6. Tides Under the Bridge'],
      ['7. North by Lantern', '8. The Blank Corner', '9. Morning Edition'],
    ],
    sentences: [
      'The fog came in off the water as it always did, one grey street at a time.',
      'Nell lit the lantern, and the alley in front of her quietly grew a second doorway.',
      'Her master had told her never to draw what she had not walked, so she walked.',
      'The cobbles were still warm from the day, and they hummed faintly under her boots.',
      'Somewhere a bell rang the half hour, though no church in town kept that tune.',
      'She unrolled the paper on a barrel head and pinned its corners with four shells.',
      'Every line she inked stayed put; every line she only imagined drifted away by morning.',
      'A cat watched her from a windowsill with the patience of a tax collector.',
      '“You’re the new one,” said the lamplighter, not unkindly, and handed her a match.',
      'By midnight the map held three streets that the town council swore did not exist.',
      'Gulls argued over the fish market roofs long before the first boats came in.',
      'She folded the map along its old creases, and it sighed like something alive.',
      'The harbour lights blinked out one by one, as if the sea were counting them.',
      'At the edge of the paper there was always a corner she could not fill.',
    ],
    hue: 28,
  },
  {
    language: 'fr',
    vertical: false,
    name: l10n('時の庭', 'The Garden of Hours', 'Le Jardin des heures'),
    description: l10n(
      'パリ郊外の古い温室で、祖母が遺した花々はそれぞれ違う時刻に咲く。孫娘のアデルは、その庭に隠された約束をたどる。',
      'In an old greenhouse outside Paris, each of her grandmother’s flowers blooms at a different hour. Adèle follows the promise hidden in the garden.',
      'Dans une vieille serre de la banlieue parisienne, chaque fleur laissée par sa grand-mère s’ouvre à une heure différente. Adèle remonte la promesse cachée dans le jardin.',
    ),
    author: l10n('クレマンス・デュボワ', 'Clémence Dubois', 'Clémence Dubois'),
    sections: [
      ['I. La serre', 'II. Six heures du matin', 'III. Les lettres sous la mousse'],
      ['IV. Midi pile', 'V. Le jardinier du dimanche', 'VI. L’orage'],
      ['VII. Minuit moins le quart', 'VIII. Ce que disent les graines', 'IX. Le dernier bourgeon'],
    ],
    sentences: [
      'La porte de la serre grinça comme si elle se souvenait de chaque visiteur.',
      'Adèle posa sa valise sur les dalles humides et respira l’odeur de terre et de pluie.',
      'Au-dessus d’elle, la verrière retenait une lumière couleur de miel.',
      'Sur chaque pot, sa grand-mère avait écrit une heure, à l’encre violette.',
      'À six heures précises, les volubilis s’ouvrirent tous ensemble, sans un bruit.',
      'Le vieux jardinier passait le dimanche, et il ne parlait qu’aux rosiers.',
      '« Les fleurs tiennent leurs promesses mieux que les gens », disait-il souvent.',
      'Sous la mousse d’une jardinière, elle trouva une liasse de lettres nouées d’un ruban.',
      'Dehors, les trains de banlieue passaient, indifférents, toutes les dix-sept minutes.',
      'Elle apprit à reconnaître l’heure au parfum plutôt qu’à la montre.',
      'Un orage éclata sur les toits, et la serre tout entière se mit à chanter.',
      'Le soir, les belles-de-nuit dépliaient leurs pétales comme on ouvre une lettre.',
      'Il restait un bourgeon fermé, celui dont l’étiquette ne portait aucune heure.',
      'Elle s’assit sur le banc de fer et attendit, pour une fois sans impatience.',
    ],
    hue: 140,
  },
]

/** Chapter (volume) names in the three site languages. */
export const volumeTitle = (n: number): L10n => l10n(`第${n}巻`, `Volume ${n}`, `Tome ${n}`)
