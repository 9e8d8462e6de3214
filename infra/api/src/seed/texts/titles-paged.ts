import { titleOf, type TitleSpec } from './title-spec'

const v = titleOf('volume')
const m = titleOf('magazine')

/** Paged comics sold by volume: Japanese-style manga (right to left) and two Western-style albums. */
export const VOLUME_TITLES: TitleSpec[] = [
  v(
    ['侍ブルース', 'Samurai Blues', 'Samouraï Blues'],
    [
      '主を失い、刀を三味線に持ち替えた浪人・源之丞。江戸の裏通りで奏でる音色が、再び彼を血の道へと誘う。',
      'A masterless samurai trades his sword for a shamisen in the back streets of Edo. His music keeps leading him back to bloodshed.',
      'Un samouraï sans maître troque son sabre contre un shamisen dans les ruelles d’Edo. Mais sa musique le ramène sans cesse vers le sang.',
    ],
    ['historical', 'action'],
    { status: 'completed', badge: 'FIN' },
  ),
  v(
    ['猫と魔女の下宿屋', "The Witch's Boarding House for Cats", 'La pension de la sorcière et des chats'],
    [
      '見習い魔女のミモザが営む下宿屋の住人は、全員が人の言葉を話す猫。家賃はもちろん、魚で払われる。',
      "Every tenant at apprentice witch Mimosa's boarding house is a talking cat. Rent, naturally, is paid in fish.",
      'Tous les locataires de la pension de Mimosa, apprentie sorcière, sont des chats qui parlent. Le loyer se paie, bien sûr, en poisson.',
    ],
    ['fantasy', 'slice_of_life', 'comedy'],
    { status: 'ongoing' },
  ),
  v(
    ['ファイナル・ホイッスル', 'Final Whistle', 'Coup de sifflet final'],
    [
      '全国大会出場を目指す無名校サッカー部。審判志望の少女・カナが、誰よりも公平な目で彼らの青春を見届ける。',
      'An unknown high-school football team chases a place in the national tournament, seen through the eyes of Kana, who dreams of becoming a referee.',
      'Une équipe de foot lycéenne inconnue vise le tournoi national, sous le regard de Kana, qui rêve de devenir arbitre.',
    ],
    ['sports', 'drama'],
    { status: 'ongoing', badge: 'UP' },
  ),
  v(
    ['探偵・神楽坂ミコト', 'Detective Mikoto Kagurazaka', 'Détective Mikoto Kagurazaka'],
    [
      '神楽坂の路地で探偵事務所を営むミコトは、推理は天才的だが生活能力はゼロ。助手の大学生・湊が今日も振り回される。',
      'Mikoto runs a detective agency in the lanes of Kagurazaka: a genius at deduction, hopeless at everything else. Her student assistant Minato keeps her afloat.',
      'Mikoto dirige une agence de détective dans les ruelles de Kagurazaka : géniale pour les déductions, incapable pour tout le reste. Son assistant étudiant, Minato, la maintient à flot.',
    ],
    ['mystery', 'comedy'],
    { status: 'ongoing' },
  ),
  v(
    ['機甲都市アトラス', 'Mech City Atlas', 'Atlas, cité mécanique'],
    [
      '巨大な歩行都市アトラスの最下層で育った少年テツは、廃棄された機甲兵と出会い、都市に隠された秘密に迫っていく。',
      'Tetsu grew up on the lowest deck of Atlas, a city that walks. When he finds a discarded war mech, he starts uncovering what the city is hiding.',
      'Tetsu a grandi dans les bas-fonds d’Atlas, une cité qui marche. Lorsqu’il découvre un robot de combat abandonné, il commence à percer les secrets de la ville.',
    ],
    ['sci_fi', 'action'],
    { status: 'completed', badge: 'FIN' },
  ),
  v(
    ['ふたりの台所', 'Our Little Kitchen', 'Notre petite cuisine'],
    [
      '料理が苦手な新婚の夫と、料理上手だけど気持ちを伝えるのが不器用な妻。小さな台所で作る毎日のごはんと、ふたりの距離。',
      "A newlywed husband who can't cook and a wife who cooks beautifully but can't say how she feels. Daily meals from a very small kitchen.",
      'Un jeune marié qui ne sait pas cuisiner et une épouse douée aux fourneaux mais maladroite avec les mots. Les repas quotidiens d’une toute petite cuisine.',
    ],
    ['slice_of_life', 'romance'],
    { status: 'ongoing', badge: 'NEW' },
  ),
  v(
    ['灯台守たち', 'The Lighthouse Keepers', 'Les Gardiens du phare'],
    [
      '北の孤島の灯台に赴任した三人の灯台守。嵐の夜、海から一人の少女が流れ着いたことで、島の時間が動き出す。',
      "Three keepers man a lighthouse on a northern island. One stormy night the sea brings them a girl, and the island's long silence breaks.",
      'Trois gardiens veillent sur le phare d’une île du Nord. Une nuit de tempête, la mer leur apporte une jeune fille, et le long silence de l’île se brise.',
    ],
    ['drama', 'mystery'],
    { status: 'completed', ltr: true },
  ),
  v(
    ['ラスト＆サンダー', 'Rust & Thunder', 'Rouille et Tonnerre'],
    [
      '砂漠と化した大陸を、改造バイクで駆ける運び屋デルタ。荷台に積んだのは、世界を変えてしまうかもしれない少女だった。',
      'Courier Delta rides a rebuilt motorcycle across a continent turned to desert. Her latest cargo is a girl who might change the world.',
      'La convoyeuse Delta traverse un continent devenu désert sur une moto rafistolée. Sa dernière cargaison : une fille qui pourrait changer le monde.',
    ],
    ['sci_fi', 'action'],
    { status: 'ongoing', badge: 'EXCLUSIVE', exclusive: true, ltr: true },
  ),
]

/** Magazine comics: one chapter per issue, read right to left. */
export const MAGAZINE_TITLES: TitleSpec[] = [
  m(
    ['週刊コマ・ジャンプ', 'Weekly Koma Jump', 'Koma Jump Hebdo'],
    [
      'バトル、ギャグ、ファンタジー。毎週いちばん熱い新連載と人気作が集まる、Koma の看板少年マンガ誌。',
      "Battles, gags and fantasy: Koma's flagship weekly, packed with the hottest new series and fan favourites.",
      'Combats, gags et fantasy : l’hebdomadaire phare de Koma, rempli des nouvelles séries les plus attendues et des favoris du public.',
    ],
    ['action', 'comedy', 'fantasy'],
    { status: 'ongoing', badge: 'HOT', original: true },
  ),
  m(
    ['コミック・ときめき', 'Comic Tokimeki', 'Comic Tokimeki'],
    [
      '胸キュンの恋から大人の日常まで。読めば毎日がちょっとときめく、女性向けマンガ誌。',
      'From first crushes to grown-up everyday life: a manga magazine to add a little flutter to your week.',
      'Des premiers émois au quotidien des adultes : un magazine de manga pour mettre un peu de frisson dans votre semaine.',
    ],
    ['romance', 'slice_of_life'],
    { status: 'ongoing' },
  ),
  m(
    ['怪奇ミステリー倶楽部', 'Mystery & Macabre Club', 'Club Mystère et Frissons'],
    [
      '本格推理から背筋が凍る怪談まで。夜更かし必至のミステリー＆ホラー専門誌。',
      'Locked-room puzzles and spine-chilling ghost stories. A mystery and horror magazine that will keep you up at night.',
      'Énigmes en chambre close et histoires de fantômes glaçantes. Un magazine de mystère et d’horreur à lire tard le soir.',
    ],
    ['mystery', 'horror'],
    { status: 'ongoing' },
  ),
  m(
    ['コマ・スポーツ増刊', 'Koma Sports Special', 'Koma Sports Spécial'],
    [
      '野球、サッカー、バスケに格闘技。汗と涙の熱血スポーツマンガを集めた増刊号。',
      'Baseball, football, basketball and combat sports: a special edition of hot-blooded sports manga.',
      'Baseball, football, basket et sports de combat : un numéro spécial de mangas sportifs pleins de sueur et de larmes.',
    ],
    ['sports', 'drama'],
    { status: 'ongoing', badge: 'EVENT' },
  ),
  m(
    ['青年コマ', 'Koma Seinen', 'Koma Seinen'],
    [
      '重厚な人間ドラマ、骨太な歴史劇、息詰まるサスペンス。大人の読者に贈るマンガ誌。',
      'Weighty human drama, sweeping historical epics and tense thrillers. A manga magazine for grown-up readers.',
      'Drames humains, fresques historiques et thrillers haletants : un magazine de manga pour lecteurs adultes.',
    ],
    ['drama', 'thriller', 'historical'],
    { status: 'ongoing' },
  ),
  m(
    ['少女コマ・フルール', 'Koma Fleur', 'Koma Fleur'],
    [
      '王子様も魔法も、とびきりの恋も。キラキラの少女マンガがぎっしり詰まった新創刊誌。',
      'Princes, magic and the love stories of your dreams. A brand-new shōjo magazine overflowing with sparkle.',
      'Des princes, de la magie et des histoires d’amour de rêve. Un tout nouveau magazine shōjo débordant d’étincelles.',
    ],
    ['romance', 'fantasy'],
    { status: 'ongoing', badge: 'NEW' },
  ),
]
