import { l10n, type L10n } from '../lang'

export type AuthorKind = 'person' | 'studio' | 'editorial'

export interface AuthorText {
  kind: AuthorKind
  name: L10n
}

const person = (ja: string, en: string, fr: string = en): AuthorText => ({ kind: 'person', name: l10n(ja, en, fr) })
const studio = (ja: string, en: string, fr: string): AuthorText => ({ kind: 'studio', name: l10n(ja, en, fr) })

/**
 * The seed's creators: Japanese names in kanji (romanised given-name-first for en and fr),
 * Korean, Chinese and Western names in katakana or kanji for ja, pen names and studios.
 */
export const AUTHORS: AuthorText[] = [
  person('白石悠', 'Yu Shiraishi'),
  person('神崎蓮', 'Ren Kanzaki'),
  person('七瀬あかり', 'Akari Nanase'),
  person('藤堂颯太', 'Sota Todo'),
  person('桜井美咲', 'Misaki Sakurai'),
  person('黒川透', 'Toru Kurokawa'),
  person('水野ひなた', 'Hinata Mizuno'),
  person('高槻翔', 'Sho Takatsuki'),
  person('夏目凛', 'Rin Natsume'),
  person('早乙女ことり', 'Kotori Saotome'),
  person('鳴海航', 'Wataru Narumi'),
  person('月島しずく', 'Shizuku Tsukishima'),
  person('柊零士', 'Reiji Hiiragi'),
  person('森下千尋', 'Chihiro Morishita'),
  person('宮坂大地', 'Daichi Miyasaka'),
  person('橘澪', 'Mio Tachibana'),
  person('久遠トオル', 'Toru Kuon'),
  person('三条鈴音', 'Suzune Sanjo'),
  person('伊吹健', 'Ken Ibuki'),
  person('小鳥遊みのり', 'Minori Takanashi'),
  person('朝比奈圭', 'Kei Asahina'),
  person('九条葵', 'Aoi Kujo'),
  person('真壁修一', 'Shuichi Makabe'),
  person('綾瀬ゆかり', 'Yukari Ayase'),
  person('一ノ瀬拓海', 'Takumi Ichinose'),
  person('星野るな', 'Runa Hoshino'),
  person('氷室冬馬', 'Toma Himuro'),
  person('春日なずな', 'Nazuna Kasuga'),
  person('本郷猛志', 'Takeshi Hongo'),
  person('南条まひろ', 'Mahiro Nanjo'),
  person('藍沢ミナト', 'Minato Aizawa'),
  person('風間りく', 'Riku Kazama'),
  person('ぽんず', 'Ponzu'),
  person('きなこもち', 'Kinakomochi'),
  person('ネコヤマ', 'Nekoyama'),
  person('キム・ジウ', 'Kim Ji-woo'),
  person('パク・ソヨン', 'Park So-yeon'),
  person('イ・ハンビョル', 'Lee Han-byul'),
  person('チェ・ミンジュン', 'Choi Min-jun'),
  person('ユン・セア', 'Yoon Se-ah'),
  person('カン・ドヒョン', 'Kang Do-hyun'),
  person('ハン・ユリ', 'Han Yu-ri'),
  person('ソ・ジェヒョン', 'Seo Jae-hyun'),
  person('チョン・ダウン', 'Jung Da-eun'),
  person('オ・ヒョヌ', 'Oh Hyun-woo'),
  person('林暁月', 'Lin Xiaoyue'),
  person('陳浩然', 'Chen Haoran'),
  person('クレール・デュボワ', 'Claire Dubois'),
  person('ルカ・モレッティ', 'Luca Moretti'),
  person('エマ・ハーウッド', 'Emma Harwood'),
  person('トマ・ルフェーヴル', 'Thomas Lefèvre'),
  person('マヤ・ロドリゲス', 'Maya Rodriguez', 'Maya Rodríguez'),
  person('ヨナス・ベルク', 'Jonas Berg'),
  person('ノラ・フィンチ', 'Nora Finch'),
  person('サミュエル・オコンクォ', 'Samuel Okonkwo'),
  person('アデル・マルタン', 'Adèle Martin'),
  person('ダニエル・ブルックス', 'Daniel Brooks'),
  studio('スタジオ灯火', 'Studio Tomoshibi', 'Studio Tomoshibi'),
  studio('アトリエ・ノクターン', 'Atelier Nocturne', 'Atelier Nocturne'),
  studio('レッドライン・スタジオ', 'Redline Studio', 'Studio Redline'),
  studio('彩雲スタジオ', 'Saiun Studio', 'Studio Saiun'),
  { kind: 'editorial', name: l10n('コマ編集部', 'Koma Editorial', 'Rédaction Koma') },
]
