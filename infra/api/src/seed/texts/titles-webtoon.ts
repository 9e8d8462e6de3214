import { titleOf, type TitleSpec } from './title-spec'

const w = titleOf('webtoon')

/** Vertical colour comics (webtoons), in catalogue order. */
export const WEBTOON_TITLES: TitleSpec[] = [
  w(
    ['月下の剣姫', 'Moonlit Blade Princess', 'La Princesse à la lame de lune'],
    [
      '王位を奪われた姫・セレナは、母の形見の剣を手に月夜の王都へ帰還する。裏切った者たちに、月光の刃が裁きを下す。',
      "Stripped of her crown, Princess Serena returns to the capital under a full moon with her mother's sword, and a list of traitors.",
      'Dépossédée de sa couronne, la princesse Séréna revient dans la capitale un soir de pleine lune, l’épée de sa mère à la main et une liste de traîtres en tête.',
    ],
    ['fantasy', 'action'],
    { status: 'ongoing', badge: 'HOT', original: true, exclusive: true },
  ),
  w(
    ['放課後は恋の予報', 'After-School Love Forecast', 'Prévisions d’amour après les cours'],
    [
      '天気予報は百発百中なのに、自分の恋だけは読めない気象部の部長・晴。雨の日に傘を貸してくれた転校生が気になって…。',
      "Haru can predict tomorrow's weather to the minute, but not her own heart. Then the new transfer student lends her his umbrella.",
      'Haru prédit la météo à la minute près, mais pas ses propres sentiments. Jusqu’au jour où le nouvel élève lui prête son parapluie.',
    ],
    ['romance', 'comedy', 'slice_of_life'],
    { status: 'ongoing', badge: 'NEW', original: true },
  ),
  w(
    ['最強ヒーラーは引退したい', 'The Strongest Healer Wants to Retire', 'La meilleure guérisseuse veut prendre sa retraite'],
    [
      '勇者パーティーを支え続けた回復術師リナ。念願の田舎暮らしを始めたはずが、なぜか村に重傷の魔王がやってきて――。',
      "After ten years of keeping the hero's party alive, Lina finally retires to the countryside. Then a badly wounded Demon King knocks on her door.",
      'Après dix ans à maintenir en vie le groupe du héros, Lina prend enfin sa retraite à la campagne. C’est alors qu’un Roi-Démon grièvement blessé frappe à sa porte.',
    ],
    ['fantasy', 'comedy'],
    { status: 'ongoing', badge: 'UP' },
  ),
  w(
    ['深夜0時のコンビニ', 'The Midnight Convenience Store', 'La supérette de minuit'],
    [
      '深夜0時から朝5時までしか開かない不思議なコンビニ。訪れる客は皆、人生で一番大事な何かを失くしていた。',
      'A corner shop that only opens from midnight to 5 a.m. Every customer who walks in has lost something they cannot live without.',
      'Une supérette qui n’ouvre que de minuit à cinq heures du matin. Chaque client qui en franchit la porte a perdu quelque chose d’essentiel.',
    ],
    ['mystery', 'drama'],
    { status: 'completed', badge: 'FIN' },
  ),
  w(
    ['氷の公爵と偽りの花嫁', "The Ice Duke's False Bride", 'La fausse fiancée du duc de glace'],
    [
      '病弱な姉の身代わりとして「氷の公爵」に嫁いだエリス。一年で離縁されるはずの契約結婚が、思わぬ方向へ動き出す。',
      'Sent to marry the feared Ice Duke in place of her frail sister, Elise expects a one-year contract and a quiet divorce. The duke has other plans.',
      'Envoyée épouser le redouté « duc de glace » à la place de sa sœur malade, Élise s’attend à un contrat d’un an et à un divorce discret. Le duc en a décidé autrement.',
    ],
    ['romance', 'historical', 'fantasy'],
    { status: 'ongoing', badge: 'HOT', exclusive: true },
  ),
  w(
    ['ラストダンジョンの管理人', 'Caretaker of the Last Dungeon', 'Le gardien du dernier donjon'],
    [
      '世界最難関ダンジョンの最下層で、罠の修理と宝箱の補充を担当する管理人・ゴウ。今日も勇者たちが勝手に全滅していく。',
      "Go fixes traps and restocks treasure chests on the bottom floor of the world's deadliest dungeon. Heroes keep wiping out. It's a living.",
      'Au dernier sous-sol du donjon le plus mortel du monde, Go répare les pièges et remplit les coffres. Les héros y tombent comme des mouches. C’est un métier.',
    ],
    ['fantasy', 'comedy', 'action'],
    { status: 'ongoing' },
  ),
  w(
    ['シグナル・ロスト', 'Signal Lost', 'Signal perdu'],
    [
      '2089年、軌道都市との通信が途絶えた。最後の通信士ユナは、消えた二十万人の行方を追って単身シャトルに乗り込む。',
      '2089: the orbital city has gone silent. Yuna, its last radio operator on the ground, boards a shuttle alone to find two hundred thousand missing people.',
      '2089 : la cité orbitale ne répond plus. Yuna, dernière opératrice radio restée au sol, embarque seule pour retrouver deux cent mille disparus.',
    ],
    ['sci_fi', 'thriller'],
    { status: 'ongoing', badge: 'EXCLUSIVE', original: true, exclusive: true },
  ),
  w(
    ['君と僕のリバウンド', 'Rebound, You and Me', 'Rebond, toi et moi'],
    [
      '膝の怪我でバスケを諦めた元エース・陸。廃部寸前の女子バスケ部のコーチを頼まれ、もう一度コートに立つ。',
      "A knee injury ended Riku's basketball career. Coaching a girls' team on the brink of disbanding might give him a second shot.",
      'Une blessure au genou a mis fin à la carrière de Riku. Entraîner une équipe féminine au bord de la dissolution pourrait lui offrir une seconde chance.',
    ],
    ['sports', 'drama', 'romance'],
    { status: 'ongoing' },
  ),
  w(
    ['幽霊アパート管理日誌', 'Haunted Apartment Logbook', 'Journal d’un immeuble hanté'],
    [
      '家賃一万円の格安物件には、住人より多い幽霊がいた。新米大家・千尋の、ちょっと怖くてかなり騒がしい毎日。',
      'The rent is suspiciously cheap because the ghosts outnumber the tenants. Rookie landlady Chihiro keeps the peace between both.',
      'Le loyer est étrangement bas : les fantômes sont plus nombreux que les locataires. Chihiro, propriétaire débutante, tente de maintenir la paix entre tous.',
    ],
    ['horror', 'comedy'],
    { status: 'completed', badge: 'FIN' },
  ),
  w(
    ['紅蓮の傭兵団', 'The Crimson Mercenaries', 'Les Mercenaires écarlates'],
    [
      '戦場で拾われた少年カイは、最強と恐れられる紅蓮の傭兵団で剣を学ぶ。国と国の思惑が交錯する中、彼が選ぶ旗とは。',
      'Found on a battlefield as a child, Kai grows up among the most feared sellswords on the continent. When kingdoms go to war, he must choose a banner.',
      'Recueilli enfant sur un champ de bataille, Kai grandit parmi les mercenaires les plus redoutés du continent. Quand les royaumes s’embrasent, il doit choisir sa bannière.',
    ],
    ['action', 'fantasy', 'drama'],
    { status: 'ongoing', badge: 'HOT' },
  ),
  w(
    ['花屋の隣の殺し屋', 'The Hitman Next to the Flower Shop', 'Le tueur d’à côté du fleuriste'],
    [
      '無口で几帳面なお隣さんの正体は、伝説の殺し屋だった。花屋の看板娘・ひまりは、それを知らずに今日も差し入れを持っていく。',
      "Himari's quiet, tidy neighbour is a legendary hitman. She has no idea, and keeps bringing him the bouquets that didn't sell.",
      'Le voisin discret et maniaque d’Himari est un tueur à gages légendaire. Elle n’en sait rien et continue de lui offrir les bouquets invendus.',
    ],
    ['action', 'romance', 'comedy'],
    { status: 'ongoing', badge: 'UP' },
  ),
  w(
    ['百年後の約束', 'A Promise for a Hundred Years', 'Une promesse pour cent ans'],
    [
      '「百年後、同じ桜の下で」。不老の魔女と交わした約束を、青年は生まれ変わっても覚えていた。',
      '"A hundred years from now, under the same cherry tree." He was reborn, and still remembered the promise he made to an ageless witch.',
      '« Dans cent ans, sous le même cerisier. » Il est né de nouveau, et se souvient encore de la promesse faite à une sorcière sans âge.',
    ],
    ['romance', 'fantasy', 'drama'],
    { status: 'completed', badge: 'FIN' },
  ),
  w(
    ['東京ゾンビ通勤', 'Tokyo Zombie Commute', 'Trajet zombie à Tokyo'],
    [
      'ゾンビが溢れた東京でも、会社は休みにならない。社畜サラリーマン・田中の、命がけの通勤ラッシュ。',
      'Tokyo is overrun by the undead, but the office is still open. Salaryman Tanaka fights his way through the most dangerous rush hour on earth.',
      'Tokyo est envahie par les morts-vivants, mais le bureau reste ouvert. Tanaka, employé modèle, affronte l’heure de pointe la plus dangereuse du monde.',
    ],
    ['horror', 'comedy', 'action'],
    { status: 'ongoing' },
  ),
  w(
    ['料理人、異世界で店を開く', 'A Cook Opens Shop in Another World', 'Un cuisinier ouvre boutique dans un autre monde'],
    [
      '定食屋の二代目・健太が目覚めると、そこは剣と魔法の世界。ドラゴン肉の生姜焼きで、冒険者たちの胃袋をつかめ！',
      "Kenta, heir to a humble diner, wakes up in a world of swords and sorcery. Ginger-fried dragon might be the way to every adventurer's heart.",
      'Kenta, héritier d’une petite cantine, se réveille dans un monde d’épées et de magie. Un dragon sauté au gingembre saura-t-il conquérir les aventuriers ?',
    ],
    ['fantasy', 'slice_of_life', 'comedy'],
    { status: 'ongoing' },
  ),
  w(
    ['消えた同級生', 'The Classmate Who Vanished', 'La camarade disparue'],
    [
      '卒業アルバムから一人の少女が消えていた。誰も彼女を覚えていない――僕以外は。',
      'One girl is missing from the graduation album. Nobody remembers her. Nobody except me.',
      'Une fille a disparu de l’album de fin d’année. Personne ne se souvient d’elle. Personne, sauf moi.',
    ],
    ['mystery', 'thriller'],
    { status: 'ongoing', badge: 'HIGHLIGHT' },
  ),
  w(
    ['星屑の配達人', 'The Stardust Courier', 'Le coursier de poussière d’étoiles'],
    [
      '銀河の辺境に手紙を届ける郵便船。配達人のノアと相棒のロボットが運ぶのは、誰かの想いと小さな奇跡。',
      'A postal ship serving the far edge of the galaxy. Courier Noa and her robot partner deliver letters, parcels, and the occasional small miracle.',
      'Un vaisseau postal au bout de la galaxie. La coursière Noa et son robot livrent lettres, colis et, parfois, de petits miracles.',
    ],
    ['sci_fi', 'drama', 'slice_of_life'],
    { status: 'hiatus', badge: 'HIATUS' },
  ),
  w(
    ['悪役令嬢は二度目の人生を楽しむ', 'The Villainess Enjoys Her Second Life', 'La méchante savoure sa seconde vie'],
    [
      '断罪されて処刑されたはずの公爵令嬢ヴィオラ。目覚めると十年前に戻っていた。今度こそ、好きに生きてみせます！',
      'Executed as the villainess of the story, Lady Viola wakes up ten years in the past. This time, she intends to live exactly as she pleases.',
      'Exécutée comme la méchante de l’histoire, Lady Viola se réveille dix ans plus tôt. Cette fois, elle compte bien vivre comme elle l’entend.',
    ],
    ['romance', 'fantasy', 'comedy'],
    { status: 'ongoing', badge: 'HOT', exclusive: true },
  ),
  w(
    ['鉄拳スクールデイズ', 'Iron Fist School Days', 'Poings d’acier au lycée'],
    [
      '平和に高校生活を送りたいだけなのに、転校初日に番長を倒してしまった大吾。次々と現れる猛者たちと、拳で語る日々が始まる。',
      "Daigo just wanted a quiet school life. Then he knocked out the school's top delinquent on his first day, and every tough guy in town came calling.",
      'Daigo voulait seulement une scolarité tranquille. Mais il a mis K.-O. le caïd du lycée dès le premier jour, et tous les durs de la ville veulent leur revanche.',
    ],
    ['action', 'comedy'],
    { status: 'ongoing' },
  ),
  w(
    ['雨宿りの喫茶店', 'The Rain-Shelter Café', 'Le café des jours de pluie'],
    [
      '雨の日にだけ現れる路地裏の喫茶店。マスターが淹れる一杯は、訪れた人の心のほつれを少しだけ繕ってくれる。',
      "A back-alley café that only appears on rainy days. Its owner's coffee mends, just a little, whatever is frayed in the hearts of its guests.",
      'Un café de ruelle qui n’apparaît que les jours de pluie. Le café de son patron raccommode un peu les cœurs abîmés de ses clients.',
    ],
    ['slice_of_life', 'drama'],
    { status: 'completed' },
  ),
  w(
    ['王宮医官の秘密', "The Royal Physician's Secret", 'Le secret du médecin royal'],
    [
      '男装して王宮の医官となったソア。王の不治の病と後宮の陰謀、そして自分の正体――守るべき秘密が多すぎる。',
      'Disguised as a man, So-a becomes a physician at the royal court. An incurable king, palace intrigue, and her own identity: too many secrets to keep.',
      'Déguisée en homme, So-a devient médecin à la cour royale. Un roi incurable, des intrigues de palais et sa véritable identité : trop de secrets à garder.',
    ],
    ['historical', 'mystery', 'romance'],
    { status: 'ongoing', original: true },
  ),
  w(
    ['千年狐の嫁入り', "The Thousand-Year Fox's Wedding", 'Les noces de la renarde millénaire'],
    [
      '山奥の神社で暮らす千年生きた狐の神様が、人間の青年に一目惚れ。ただし彼は、神社を取り壊しに来た建設会社の社員だった。',
      'A thousand-year-old fox goddess falls for a young man at first sight. Unfortunately, he works for the company hired to tear down her shrine.',
      'Une déesse renarde millénaire tombe amoureuse d’un jeune homme au premier regard. Hélas, il travaille pour l’entreprise chargée de démolir son sanctuaire.',
    ],
    ['fantasy', 'romance', 'comedy'],
    { status: 'ongoing', badge: 'NEW' },
  ),
  w(
    ['ゼロ距離の恋', 'Love at Zero Distance', 'Amour à distance zéro'],
    [
      '同じシェアハウスに住む、犬猿の仲の二人。壁一枚の距離が、少しずつゼロに近づいていく。',
      "Two housemates who can't stand each other, separated by one thin wall. The distance between them keeps shrinking.",
      'Deux colocataires qui ne se supportent pas, séparés par une simple cloison. La distance entre eux ne cesse de diminuer.',
    ],
    ['romance', 'drama'],
    { status: 'ongoing' },
  ),
  w(
    ['覚醒ハンターの帰還', 'Return of the Awakened Hunter', 'Le retour du chasseur éveillé'],
    [
      'ゲートの向こうで十年を生き延びた最弱ハンター・ジン。現実に戻った彼のレベルは、すでに測定不能だった。',
      'Jin, the weakest hunter alive, spent ten years trapped beyond a gate. When he comes back, no device can measure his level.',
      'Jin, le chasseur le plus faible de tous, a survécu dix ans de l’autre côté d’un portail. À son retour, aucun appareil ne peut mesurer son niveau.',
    ],
    ['action', 'fantasy'],
    { status: 'ongoing', badge: 'HOT', original: true, exclusive: true },
  ),
  w(
    ['青春オーケストラ', 'Youth Orchestra', 'Orchestre de jeunesse'],
    [
      '部員わずか五人の弱小オーケストラ部。元天才ヴァイオリニストの転校生が、止まっていた音を再び響かせる。',
      'A school orchestra with only five members, and a transfer student who used to be a violin prodigy. Together they have one year to make the hall ring.',
      'Un orchestre de lycée de cinq membres, et une nouvelle élève, ancienne prodige du violon. Ils ont un an pour faire vibrer la grande salle.',
    ],
    ['drama', 'slice_of_life'],
    { status: 'completed', badge: 'FIN' },
  ),
  w(
    ['十三番目の証人', 'The Thirteenth Witness', 'Le treizième témoin'],
    [
      '十二人の証言がすべて一致した殺人事件。だが新人弁護士・朝霧だけは、存在しないはずの十三人目の証人に気づいていた。',
      'Twelve witnesses, twelve identical statements. Only rookie lawyer Asagiri notices there was a thirteenth person in the room.',
      'Douze témoins, douze dépositions identiques. Seule Asagiri, jeune avocate, remarque qu’une treizième personne se trouvait dans la pièce.',
    ],
    ['thriller', 'mystery'],
    { status: 'ongoing', badge: 'EVENT' },
  ),
  w(
    ['宇宙港の整備士', 'Spaceport Mechanic', 'La mécanicienne du spatioport'],
    [
      '辺境の宇宙港で、おんぼろ宇宙船を直し続ける整備士ミオ。今日もワケありの船とワケありの客がやってくる。',
      'On a backwater spaceport, mechanic Mio patches up battered starships. Every ship that docks brings trouble, and a story.',
      'Dans un spatioport perdu, la mécanicienne Mio répare des vaisseaux à bout de souffle. Chaque navire qui accoste apporte des ennuis, et une histoire.',
    ],
    ['sci_fi', 'slice_of_life', 'comedy'],
    { status: 'hiatus' },
  ),
  w(
    ['夜の契約', 'Contract After Dark', 'Contrat nocturne'],
    [
      '借金を肩代わりする条件は、夜だけの恋人になること。冷酷な若き会長と結んだ、危険な契約の行方は。',
      "He'll pay off her debts on one condition: she becomes his lover, after dark only. A dangerous contract with a cold young chairman.",
      'Il effacera ses dettes à une condition : qu’elle devienne sa maîtresse, la nuit seulement. Un contrat dangereux avec un jeune président glacial.',
    ],
    ['romance', 'drama'],
    { status: 'ongoing', mature: true },
  ),
  w(
    ['血と薔薇の館', 'House of Blood and Roses', 'La maison du sang et des roses'],
    [
      '薔薇に囲まれた洋館に招かれた七人の客。一夜ごとに一人ずつ消え、庭の薔薇は赤く染まっていく。',
      'Seven guests are invited to a manor surrounded by roses. Each night one of them disappears, and the roses grow a deeper red.',
      'Sept invités sont conviés dans un manoir entouré de roses. Chaque nuit, l’un d’eux disparaît, et les roses rougissent davantage.',
    ],
    ['horror', 'thriller'],
    { status: 'completed', mature: true },
  ),
  w(
    ['裏社会の花', 'Flower of the Underworld', 'Fleur de la pègre'],
    [
      '組長の一人娘として生まれた蓮華は、父の死をきっかけに抗争の渦中へ。美しくも苛烈な、女組長の成り上がり物語。',
      'When her father, a crime boss, is murdered, Renge inherits his empire and a war. A brutal, elegant rise to power.',
      'Quand son père, chef de clan, est assassiné, Renge hérite de son empire et d’une guerre. Une ascension aussi élégante que brutale.',
    ],
    ['action', 'drama', 'thriller'],
    { status: 'ongoing', mature: true, original: true },
  ),
  w(
    ['竜騎士アカデミー', 'Dragon Knight Academy', 'L’Académie des chevaliers-dragons'],
    [
      '竜と心を通わせた者だけが入学できる竜騎士アカデミー。竜を持たない少年レオが、前代未聞の入学試験に挑む。',
      'Only those bonded to a dragon may enter the Academy. Leo has no dragon, and he is about to sit the entrance exam anyway.',
      'Seuls ceux liés à un dragon peuvent entrer à l’Académie. Leo n’en a pas, et il se présente pourtant à l’examen d’entrée.',
    ],
    ['fantasy', 'action'],
    { status: 'coming_soon', exclusive: true, original: true },
  ),
  w(
    ['海辺の町の小さな奇跡', 'Small Miracles by the Sea', 'Petits miracles au bord de la mer'],
    [
      '東京での仕事を辞め、祖母が暮らした海辺の町へ移り住んだ葉子。古い写真館を継いだ彼女のもとに、町の人々の思い出が集まってくる。',
      "Quitting her Tokyo job, Yoko moves to her late grandmother's seaside town and reopens the old photo studio. The town's memories start coming in.",
      'Yoko quitte son travail à Tokyo pour la ville côtière de sa grand-mère et rouvre le vieux studio photo. Les souvenirs des habitants affluent.',
    ],
    ['slice_of_life', 'drama'],
    { status: 'coming_soon' },
  ),
]
