import { l10n, perLang, type L10n } from '../lang'

/** Episode subtitles that suit any story; about half the episodes get one. */
export const EPISODE_SUBTITLES: L10n[] = [
  l10n('はじまりの夜', 'The Night It Began', 'La nuit où tout commença'),
  l10n('雨の約束', 'A Promise in the Rain', 'Une promesse sous la pluie'),
  l10n('招かれざる客', 'An Uninvited Guest', 'Un invité indésirable'),
  l10n('再会', 'Reunion', 'Retrouvailles'),
  l10n('嘘と真実', 'Lies and Truth', 'Mensonges et vérité'),
  l10n('夜明け前', 'Before Dawn', 'Avant l’aube'),
  l10n('分かれ道', 'Crossroads', 'À la croisée des chemins'),
  l10n('秘密の手紙', 'The Secret Letter', 'La lettre secrète'),
  l10n('決意', 'Resolve', 'Détermination'),
  l10n('最初の一歩', 'The First Step', 'Le premier pas'),
  l10n('月が見ていた', 'The Moon Was Watching', 'La lune regardait'),
  l10n('届かない声', 'A Voice That Doesn’t Reach', 'Une voix qui ne porte pas'),
  l10n('嵐の前', 'Before the Storm', 'Avant la tempête'),
  l10n('ふたりきり', 'Just the Two of Us', 'Rien que nous deux'),
  l10n('裏切り', 'Betrayal', 'Trahison'),
  l10n('失われた記憶', 'Lost Memories', 'Souvenirs perdus'),
  l10n('反撃の狼煙', 'The Counterattack Begins', 'Le signal de la riposte'),
  l10n('小さな奇跡', 'A Small Miracle', 'Un petit miracle'),
  l10n('星降る夜に', 'On a Night of Falling Stars', 'Une nuit d’étoiles filantes'),
  l10n('仮面の下', 'Beneath the Mask', 'Sous le masque'),
  l10n('帰る場所', 'A Place to Return To', 'Un endroit où revenir'),
  l10n('告白', 'Confession', 'Aveu'),
  l10n('運命の日', 'The Fateful Day', 'Le jour fatidique'),
  l10n('真夜中の訪問者', 'The Midnight Visitor', 'Le visiteur de minuit'),
  l10n('選ばれた者', 'The Chosen One', 'L’élu'),
  l10n('心の距離', 'The Distance Between Hearts', 'La distance entre nos cœurs'),
  l10n('祭りの夜', 'Festival Night', 'Soir de fête'),
  l10n('誓い', 'The Oath', 'Le serment'),
  l10n('影の正体', 'Who the Shadow Was', 'Le vrai visage de l’ombre'),
  l10n('最後の授業', 'The Last Lesson', 'La dernière leçon'),
  l10n('春を待つ', 'Waiting for Spring', 'En attendant le printemps'),
  l10n('決戦前夜', 'The Eve of Battle', 'La veille de la bataille'),
  l10n('忘れもの', 'Something Left Behind', 'Un objet oublié'),
  l10n('ひとりじゃない', 'Not Alone', 'Pas seul'),
  l10n('扉の向こう', 'Beyond the Door', 'Derrière la porte'),
  l10n('そして朝が来る', 'And Then Morning Comes', 'Puis vient le matin'),
]

/** Episode names: "第3話 再会" / "Episode 3: Reunion" / "Épisode 3 : Retrouvailles". */
export function episodeName(number: number, subtitle: L10n | null): L10n {
  return perLang((lang) => {
    if (lang === 'ja') return subtitle ? `第${number}話 ${subtitle.ja}` : `第${number}話`
    if (lang === 'en') return subtitle ? `Episode ${number}: ${subtitle.en}` : `Episode ${number}`
    return subtitle ? `Épisode ${number} : ${subtitle.fr}` : `Épisode ${number}`
  })
}

export const volumeName = (number: number): L10n => l10n(`第${number}巻`, `Volume ${number}`, `Tome ${number}`)

export const issueName = (number: number): L10n => l10n(`第${number}号`, `Issue ${number}`, `Numéro ${number}`)

/** Notes from the author shown under some episodes. */
export const AUTHOR_COMMENTS: L10n[] = [
  l10n('いつも読んでくださり、本当にありがとうございます！', 'Thank you so much for reading every week!', 'Merci infiniment de me lire chaque semaine !'),
  l10n('今回は描いていて一番楽しかった回です。', 'This was the most fun episode to draw so far.', 'C’est l’épisode que j’ai eu le plus de plaisir à dessiner.'),
  l10n(
    'コメント全部読んでいます。励みになります！',
    'I read every single comment. They keep me going!',
    'Je lis tous vos commentaires. Ils me donnent tant d’énergie !',
  ),
  l10n(
    '来週はいよいよ、あの人が再登場します。',
    'Next week, a certain someone finally returns.',
    'La semaine prochaine, une certaine personne fait enfin son retour.',
  ),
  l10n(
    '背景のアシスタントさんに感謝を込めて。',
    'Huge thanks to my background assistants for this one.',
    'Un grand merci à mes assistants pour les décors de cet épisode.',
  ),
  l10n(
    '季節の変わり目、皆さんも体調に気をつけてくださいね。',
    'The seasons are changing, so please take care of yourselves.',
    'Les saisons changent, prenez bien soin de vous.',
  ),
  l10n(
    'ここから物語が大きく動きます。お楽しみに！',
    'This is where the story really starts to move. Stay tuned!',
    'C’est ici que l’histoire s’emballe. Restez connectés !',
  ),
  l10n(
    '単行本作業のため、次回は少しお休みをいただきます。',
    'I am taking a short break next week to work on the collected edition.',
    'Petite pause la semaine prochaine pour travailler sur l’édition reliée.',
  ),
  l10n(
    'このシーンを描くために連載を始めたと言っても過言ではありません。',
    'I honestly started this series just to draw this scene.',
    'Honnêtement, j’ai commencé cette série rien que pour dessiner cette scène.',
  ),
  l10n(
    '取材で訪れた町がモデルになっています。',
    'The town in this episode is based on a place I visited for research.',
    'La ville de cet épisode s’inspire d’un endroit visité en repérage.',
  ),
  l10n(
    'ファンアートありがとうございます！宝物にしています。',
    'Thank you for all the fan art! I treasure every piece.',
    'Merci pour toutes vos fan arts ! Je les garde précieusement.',
  ),
  l10n('最終章に向けて、全力で描いていきます。', 'Giving it everything as we head into the final arc.', 'Je donne tout pour l’arc final qui approche.'),
]

/** Short taglines for banners and home elements. */
export const TAGLINES: L10n[] = [
  l10n('話題沸騰！今すぐ読もう', 'Everyone is talking about it', 'Tout le monde en parle'),
  l10n('最新話が公開されました', 'The latest episode is out now', 'Le dernier épisode est disponible'),
  l10n('3話まで無料で読める', 'Read the first 3 episodes free', 'Les 3 premiers épisodes offerts'),
  l10n('Koma独占配信', 'Only on Koma', 'Uniquement sur Koma'),
  l10n('待望の新シーズン開幕', 'The new season has begun', 'La nouvelle saison commence'),
  l10n('一気読みにおすすめ', 'Perfect for a binge', 'Parfait pour tout dévorer'),
  l10n('編集部イチオシ', 'Editor’s pick', 'Coup de cœur de la rédaction'),
  l10n('完結記念キャンペーン中', 'Celebrating the finale', 'Fin de série : on fête ça'),
]
