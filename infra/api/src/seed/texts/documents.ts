import type { Lang } from '../lang'

/** Seeded support documents in ja, en and fr: notices, FAQ and legal documents. */
type T<V> = Record<Lang, V>

export interface NoticeSeed {
  category: 'notice' | 'event' | 'maintenance' | 'update'
  pinned: boolean
  daysAgo: number
  texts: T<{ title: string; body: string }>
}

export const NOTICES: NoticeSeed[] = [
  {
    category: 'maintenance',
    pinned: true,
    daysAgo: 1,
    texts: {
      en: {
        title: 'Scheduled maintenance on Tuesday, 02:00–04:00 (JST)',
        body: 'Koma will be unavailable during scheduled server maintenance on Tuesday from 02:00 to 04:00 Japan time.\n\nDuring this time you cannot read episodes, purchase coins or sign in. Free-read gauges keep refilling during maintenance, and rentals that would expire during the window are extended by two hours.\n\nWe apologise for the inconvenience and thank you for your understanding.',
      },
      ja: {
        title: '【重要】火曜日 2:00〜4:00 定期メンテナンスのお知らせ',
        body: '火曜日 2:00〜4:00（日本時間）に、サーバーの定期メンテナンスを実施いたします。\n\nメンテナンス中は作品の閲覧、コインの購入、ログインをご利用いただけません。無料ゲージはメンテナンス中も回復し、期間中にレンタル期限を迎える作品は2時間延長されます。\n\nご不便をおかけしますが、ご理解のほどよろしくお願いいたします。',
      },
      fr: {
        title: 'Maintenance programmée mardi de 2 h à 4 h (heure du Japon)',
        body: 'Koma sera indisponible pendant une maintenance programmée mardi de 2 h à 4 h, heure du Japon.\n\nPendant ce créneau, vous ne pourrez ni lire, ni acheter de pièces, ni vous connecter. Les jauges de lecture gratuite continuent de se recharger et les locations qui expireraient pendant la maintenance sont prolongées de deux heures.\n\nMerci de votre compréhension.',
      },
    },
  },
  {
    category: 'event',
    pinned: false,
    daysAgo: 3,
    texts: {
      en: {
        title: 'Autumn Reading Festival: up to 30 free episodes',
        body: 'The Autumn Reading Festival has begun! Selected series now offer up to 30 episodes free for a limited time, and every day you sign in you can collect a daily bonus of free coins.\n\nLook for the EVENT badge on the home page. The festival runs until the end of the month.',
      },
      ja: {
        title: '秋の読書フェス開催中！最大30話無料',
        body: '秋の読書フェスがスタートしました！対象作品が期間限定で最大30話まで無料で読めます。さらに、毎日のログインで無料コインのログインボーナスを受け取れます。\n\nホーム画面の「EVENT」バッジが目印です。開催期間は今月末までです。',
      },
      fr: {
        title: 'Festival de lecture d’automne : jusqu’à 30 épisodes offerts',
        body: 'Le Festival de lecture d’automne commence ! Une sélection de séries propose jusqu’à 30 épisodes gratuits pour une durée limitée, et chaque jour de connexion vous rapporte un bonus de pièces gratuites.\n\nRepérez le badge EVENT sur la page d’accueil. Le festival dure jusqu’à la fin du mois.',
      },
    },
  },
  {
    category: 'update',
    pinned: false,
    daysAgo: 8,
    texts: {
      en: {
        title: 'New: choose image quality for Wi-Fi and mobile data',
        body: 'You can now choose between high quality and data saving separately for Wi-Fi and for mobile data. Open Settings → Image quality to pick what suits you.\n\nWe also improved page loading on slow connections.',
      },
      ja: {
        title: '新機能：Wi-Fi・モバイル通信別に画質を選べるようになりました',
        body: 'Wi-Fi接続時とモバイル通信時で、「高画質」と「データ節約」を別々に選べるようになりました。設定 → 画質 からお好みに合わせて変更できます。\n\nあわせて、通信環境が不安定な場合の読み込みを改善しました。',
      },
      fr: {
        title: 'Nouveau : qualité d’image distincte en Wi-Fi et en données mobiles',
        body: 'Vous pouvez désormais choisir entre haute qualité et économie de données séparément pour le Wi-Fi et les données mobiles. Rendez-vous dans Paramètres → Qualité d’image.\n\nNous avons aussi amélioré le chargement des pages sur les connexions lentes.',
      },
    },
  },
  {
    category: 'notice',
    pinned: false,
    daysAgo: 15,
    texts: {
      en: {
        title: 'Updated Terms of Use',
        body: 'We have updated our Terms of Use to describe coin expiry and gift rules more clearly. The new terms apply from the date shown in the document. You will be asked to agree the next time you sign in.',
      },
      ja: {
        title: '利用規約改定のお知らせ',
        body: 'コインの有効期限およびプレゼントの取り扱いをよりわかりやすくするため、利用規約を改定いたしました。改定後の規約は記載の施行日より適用されます。次回ログイン時に同意をお願いいたします。',
      },
      fr: {
        title: 'Mise à jour des conditions d’utilisation',
        body: 'Nous avons mis à jour nos conditions d’utilisation pour décrire plus clairement l’expiration des pièces et les règles des cadeaux. Les nouvelles conditions s’appliquent à partir de la date indiquée. Il vous sera demandé de les accepter lors de votre prochaine connexion.',
      },
    },
  },
  {
    category: 'notice',
    pinned: false,
    daysAgo: 24,
    texts: {
      en: {
        title: 'Beware of phishing e-mails pretending to be Koma',
        body: 'We have received reports of e-mails pretending to come from Koma and asking for passwords or card details. Koma never asks for your password by e-mail.\n\nIf you receive such a message, do not open its links. When in doubt, sign in from the site directly and contact us through the inquiry form.',
      },
      ja: {
        title: 'Komaを装ったフィッシングメールにご注意ください',
        body: 'Komaを装い、パスワードやカード情報の入力を求めるメールが確認されています。Komaがメールでパスワードをお尋ねすることはありません。\n\n不審なメールを受信した場合は、記載のリンクを開かないでください。ご不明な点は、サイトから直接ログインのうえ、お問い合わせフォームよりご連絡ください。',
      },
      fr: {
        title: 'Attention aux e-mails d’hameçonnage se faisant passer pour Koma',
        body: 'Des e-mails se faisant passer pour Koma et demandant des mots de passe ou des données bancaires nous ont été signalés. Koma ne vous demande jamais votre mot de passe par e-mail.\n\nSi vous recevez un tel message, n’ouvrez pas ses liens. En cas de doute, connectez-vous directement depuis le site et contactez-nous via le formulaire.',
      },
    },
  },
  {
    category: 'event',
    pinned: false,
    daysAgo: 40,
    texts: {
      en: {
        title: 'Koma Comic Awards: the winners',
        body: 'Thank you to everyone who voted in the Koma Comic Awards. The winning series are now collected in a special section on the home page, each with three extra free episodes until the end of next month.',
      },
      ja: {
        title: 'Komaマンガ大賞 受賞作品発表',
        body: 'Komaマンガ大賞にご投票いただいた皆さま、ありがとうございました。受賞作品はホーム画面の特集コーナーにまとめて掲載しています。来月末まで、各作品3話を追加で無料公開中です。',
      },
      fr: {
        title: 'Prix BD Koma : les lauréats',
        body: 'Merci à toutes celles et ceux qui ont voté pour les Prix BD Koma. Les séries lauréates sont réunies dans une section spéciale de la page d’accueil, avec trois épisodes gratuits supplémentaires jusqu’à la fin du mois prochain.',
      },
    },
  },
]

export interface FaqSeed {
  category: 'manual' | 'account' | 'bug' | 'event' | 'suggestions' | 'coin' | 'other'
  texts: T<{ question: string; answer: string }>
}

export const FAQS: FaqSeed[] = [
  {
    category: 'manual',
    texts: {
      en: {
        question: 'How does the free-read gauge work?',
        answer:
          'Titles marked "wait for free" have a gauge. When it is full you can read one episode for free; the gauge then empties and refills over the time shown on the episode list (usually 23 hours).',
      },
      ja: {
        question: '無料ゲージとは何ですか？',
        answer:
          '「待てば無料」マークの作品にはゲージがあります。ゲージが満タンのときに1話を無料で読むことができ、その後はエピソード一覧に表示される時間（通常23時間）をかけて回復します。',
      },
      fr: {
        question: 'Comment fonctionne la jauge de lecture gratuite ?',
        answer:
          'Les séries « attendre pour lire gratuitement » ont une jauge. Lorsqu’elle est pleine, vous pouvez lire un épisode gratuitement ; elle se vide puis se recharge pendant la durée affichée (généralement 23 heures).',
      },
    },
  },
  {
    category: 'manual',
    texts: {
      en: {
        question: 'What is the difference between renting and buying an episode?',
        answer:
          'A rented episode can be read for a limited time (shown before you rent). A purchased episode stays in your library for good, on every device where you sign in.',
      },
      ja: {
        question: 'レンタルと購入の違いは何ですか？',
        answer:
          'レンタルしたエピソードは一定期間（レンタル前に表示されます）読むことができます。購入したエピソードは期限なく本棚に残り、ログインしたすべての端末で読めます。',
      },
      fr: {
        question: 'Quelle différence entre louer et acheter un épisode ?',
        answer:
          'Un épisode loué se lit pendant une durée limitée (indiquée avant la location). Un épisode acheté reste dans votre bibliothèque pour toujours, sur tous les appareils où vous êtes connecté.',
      },
    },
  },
  {
    category: 'account',
    texts: {
      en: {
        question: 'I forgot my password.',
        answer:
          'On the sign-in page, choose "Forgot your password?" and enter your e-mail address. We send a link that is valid for 10 minutes; open it to choose a new password.',
      },
      ja: {
        question: 'パスワードを忘れてしまいました。',
        answer:
          'ログイン画面の「パスワードをお忘れの方」から、ご登録のメールアドレスを入力してください。10分間有効な再設定リンクをお送りしますので、新しいパスワードを設定してください。',
      },
      fr: {
        question: 'J’ai oublié mon mot de passe.',
        answer:
          'Sur la page de connexion, choisissez « Mot de passe oublié ? » et saisissez votre adresse e-mail. Nous envoyons un lien valable 10 minutes pour choisir un nouveau mot de passe.',
      },
    },
  },
  {
    category: 'account',
    texts: {
      en: {
        question: 'Can I use my account on several devices?',
        answer:
          'Yes. Sign in with the same account and your purchases, coins and library follow you. You can see and remove registered devices under Account → Registered devices; removing a device signs it out.',
      },
      ja: {
        question: '複数の端末で利用できますか？',
        answer:
          'はい。同じアカウントでログインすれば、購入した作品・コイン・本棚を引き継げます。登録端末は「アカウント → 登録端末」で確認・削除でき、削除した端末はログアウトされます。',
      },
      fr: {
        question: 'Puis-je utiliser mon compte sur plusieurs appareils ?',
        answer:
          'Oui. Connectez-vous avec le même compte et vos achats, pièces et bibliothèque vous suivent. Vous pouvez voir et retirer les appareils dans Compte → Appareils enregistrés ; un appareil retiré est déconnecté.',
      },
    },
  },
  {
    category: 'account',
    texts: {
      en: {
        question: 'What happens to my data if I read as a guest?',
        answer:
          'Reading without an account creates a guest account on this browser. If you create an account from it, your history is kept. If you sign in to an existing account instead, the guest data (library, tickets, coins) is discarded.',
      },
      ja: {
        question: 'ゲストで利用した場合のデータはどうなりますか？',
        answer:
          'ログインせずに利用すると、このブラウザにゲストアカウントが作成されます。そのまま会員登録するとデータは引き継がれます。既存のアカウントにログインした場合、ゲストのデータ（本棚・チケット・コイン）は削除されます。',
      },
      fr: {
        question: 'Que deviennent mes données si je lis en invité ?',
        answer:
          'Lire sans compte crée un compte invité sur ce navigateur. Si vous créez un compte à partir de celui-ci, votre historique est conservé. Si vous vous connectez plutôt à un compte existant, les données invité (bibliothèque, tickets, pièces) sont supprimées.',
      },
    },
  },
  {
    category: 'coin',
    texts: {
      en: {
        question: 'Do coins expire?',
        answer:
          'Purchased coins never expire. Free coins (from events, gifts and the daily bonus) expire on the date shown in your coin history, usually within 30 days. Expiring free coins are always used first.',
      },
      ja: {
        question: 'コインに有効期限はありますか？',
        answer:
          '購入したコインに有効期限はありません。イベント・プレゼント・ログインボーナスで獲得した無料コインは、コイン履歴に表示される期限（通常30日以内）で失効します。期限の近い無料コインから優先して使用されます。',
      },
      fr: {
        question: 'Les pièces expirent-elles ?',
        answer:
          'Les pièces achetées n’expirent jamais. Les pièces gratuites (événements, cadeaux, bonus quotidien) expirent à la date indiquée dans l’historique, généralement sous 30 jours. Les pièces gratuites qui expirent sont toujours utilisées en premier.',
      },
    },
  },
  {
    category: 'coin',
    texts: {
      en: {
        question: 'How do I use a coupon code?',
        answer:
          'Open Account → Coupon, enter the code exactly as written and press Redeem. Each coupon can be used once per account; the coins or tickets it holds arrive at once.',
      },
      ja: {
        question: 'クーポンコードの使い方を教えてください。',
        answer:
          '「アカウント → クーポン」を開き、コードを正確に入力して「使用する」を押してください。クーポンは1アカウントにつき1回まで使用でき、コインやチケットはすぐに付与されます。',
      },
      fr: {
        question: 'Comment utiliser un code promo ?',
        answer:
          'Ouvrez Compte → Code promo, saisissez le code tel qu’il est écrit et appuyez sur Utiliser. Chaque code s’utilise une fois par compte ; les pièces ou tickets arrivent immédiatement.',
      },
    },
  },
  {
    category: 'event',
    texts: {
      en: {
        question: 'Where do I receive event rewards?',
        answer:
          'Event rewards arrive as gifts in your inbox. Open Inbox → Gifts and claim them before they expire; gifts that expire within 24 hours are marked.',
      },
      ja: {
        question: 'イベントの報酬はどこで受け取れますか？',
        answer:
          'イベントの報酬はプレゼントボックスに届きます。「受信箱 → プレゼント」から期限内に受け取ってください。24時間以内に期限を迎えるプレゼントには印が付きます。',
      },
      fr: {
        question: 'Où recevoir les récompenses des événements ?',
        answer:
          'Les récompenses arrivent comme cadeaux dans votre boîte de réception. Ouvrez Boîte de réception → Cadeaux et récupérez-les avant leur expiration ; ceux qui expirent dans les 24 heures sont signalés.',
      },
    },
  },
  {
    category: 'event',
    texts: {
      en: {
        question: 'Can I do missions or watch ads on the web?',
        answer:
          'Missions, ads for free episodes and release notifications are available only in the Koma app. On the web you can still use the free-read gauge, tickets, the daily bonus and coins.',
      },
      ja: {
        question: 'Web版でミッションや広告視聴はできますか？',
        answer:
          'ミッション・広告視聴による無料閲覧・更新通知はKomaアプリ限定の機能です。Web版では無料ゲージ、チケット、ログインボーナス、コインをご利用いただけます。',
      },
      fr: {
        question: 'Puis-je faire des missions ou regarder des pubs sur le web ?',
        answer:
          'Les missions, les publicités pour épisodes gratuits et les notifications de sortie sont réservées à l’application Koma. Sur le web, vous pouvez utiliser la jauge gratuite, les tickets, le bonus quotidien et les pièces.',
      },
    },
  },
  {
    category: 'bug',
    texts: {
      en: {
        question: 'Pages do not load or images look blurry.',
        answer:
          'Check your connection and reload the page. If you chose "data saving" for mobile data in Settings → Image quality, images are lighter on purpose; switch to "high" for the sharpest pages.',
      },
      ja: {
        question: 'ページが読み込まれない・画像がぼやけます。',
        answer:
          '通信環境をご確認のうえ、ページを再読み込みしてください。設定 → 画質でモバイル通信時を「データ節約」にしている場合は画像を軽くしています。「高画質」に切り替えるとより鮮明に表示されます。',
      },
      fr: {
        question: 'Les pages ne chargent pas ou les images sont floues.',
        answer:
          'Vérifiez votre connexion et rechargez la page. Si vous avez choisi « économie de données » pour les données mobiles dans Paramètres → Qualité d’image, les images sont volontairement plus légères ; passez en « haute qualité ».',
      },
    },
  },
  {
    category: 'suggestions',
    texts: {
      en: {
        question: 'How can I request a title?',
        answer: 'Send us a suggestion through the inquiry form with the category "Suggestions". We read every message, even if we cannot answer each one.',
      },
      ja: {
        question: '読みたい作品をリクエストできますか？',
        answer:
          'お問い合わせフォームでカテゴリー「ご意見・ご要望」を選んでお送りください。すべてのご意見に目を通しております（個別のご返信はできない場合があります）。',
      },
      fr: {
        question: 'Comment proposer une série ?',
        answer:
          'Envoyez-nous une suggestion via le formulaire de contact avec la catégorie « Suggestions ». Nous lisons tous les messages, même si nous ne pouvons pas répondre à chacun.',
      },
    },
  },
  {
    category: 'other',
    texts: {
      en: {
        question: 'How do I delete my account?',
        answer:
          'Open Account → Delete account, choose a reason and confirm. Deletion cannot be undone: purchased episodes and remaining coins are lost. Guest accounts cannot be deleted.',
      },
      ja: {
        question: '退会するにはどうすればよいですか？',
        answer:
          '「アカウント → 退会」から理由を選んで手続きしてください。退会後は元に戻せず、購入した作品や残りのコインは失われます。ゲストアカウントは退会できません。',
      },
      fr: {
        question: 'Comment supprimer mon compte ?',
        answer:
          'Ouvrez Compte → Supprimer le compte, choisissez une raison et confirmez. La suppression est définitive : les épisodes achetés et les pièces restantes sont perdus. Les comptes invités ne peuvent pas être supprimés.',
      },
    },
  },
]

export interface LegalSeed {
  type: 'terms' | 'privacy' | 'special_commercial_transaction' | 'abj' | 'payment_services' | 'community'
  version: number
  daysAgo: number
  texts: T<{ title: string; body: string }>
}

const TERMS_BODY: T<string> = {
  en: `Article 1 (Purpose)
These Terms of Use set out the conditions for using Koma, a service for reading comics and novels provided by Koma Inc. By using the service you agree to these terms.

Article 2 (Accounts)
1. You may read as a guest or register an account with an e-mail address or a linked social account.
2. You must be 16 or older to register. Mature content requires adult verification, valid for one year.
3. You are responsible for keeping your password secret. We advise changing it every six months.

Article 3 (Coins, tickets and gifts)
1. Purchased coins do not expire. Free and bonus coins are granted by events, gifts, coupons and the daily bonus; free coins expire on the date shown.
2. Gifts must be claimed before their expiry. Coupons can be redeemed once per account.
3. Coins, tickets and gifts cannot be exchanged for cash or transferred to another account.

Article 4 (Prohibited conduct)
You must not copy or redistribute works, post unlawful or abusive comments, interfere with the service or impersonate others.

Article 5 (Termination)
You can delete your account at any time. Deleted accounts cannot be restored and remaining coins are lost.

Article 6 (Changes)
We may update these terms. Signed-in members are asked to agree to the new version; members who do not agree are signed out.`,
  ja: `第1条（目的）
本規約は、Koma株式会社が提供するマンガ・小説閲覧サービス「Koma」の利用条件を定めるものです。本サービスをご利用いただいた時点で、本規約に同意したものとみなします。

第2条（アカウント）
1. ゲストとして利用するか、メールアドレスまたは連携したSNSアカウントで会員登録できます。
2. 会員登録は16歳以上の方に限ります。成人向けコンテンツの閲覧には年齢認証が必要で、その有効期間は1年間です。
3. パスワードはご自身の責任で管理してください。6か月ごとの変更をおすすめします。

第3条（コイン・チケット・プレゼント）
1. 購入したコインに有効期限はありません。無料コインおよびボーナスコインはイベント、プレゼント、クーポン、ログインボーナスで付与され、無料コインは表示された期限に失効します。
2. プレゼントは受け取り期限までにお受け取りください。クーポンは1アカウントにつき1回限り使用できます。
3. コイン、チケット、プレゼントは換金および他のアカウントへの譲渡ができません。

第4条（禁止事項）
作品の複製・再配布、違法または他者を傷つけるコメントの投稿、サービスの妨害、なりすまし行為を禁止します。

第5条（退会）
会員はいつでも退会できます。退会したアカウントは復元できず、残りのコインは失効します。

第6条（規約の変更）
当社は本規約を変更することがあります。ログイン中の会員には新しい規約への同意をお願いし、同意いただけない場合はログアウトとなります。`,
  fr: `Article 1 (Objet)
Les présentes conditions définissent l’utilisation de Koma, service de lecture de bandes dessinées et de romans fourni par Koma Inc. En utilisant le service, vous les acceptez.

Article 2 (Comptes)
1. Vous pouvez lire en invité ou créer un compte avec une adresse e-mail ou un compte social associé.
2. L’inscription est réservée aux personnes de 16 ans ou plus. Les contenus pour adultes exigent une vérification de l’âge, valable un an.
3. Vous êtes responsable de la confidentialité de votre mot de passe. Nous conseillons de le changer tous les six mois.

Article 3 (Pièces, tickets et cadeaux)
1. Les pièces achetées n’expirent pas. Les pièces gratuites et bonus proviennent des événements, cadeaux, codes promo et du bonus quotidien ; les pièces gratuites expirent à la date indiquée.
2. Les cadeaux doivent être récupérés avant leur expiration. Un code promo s’utilise une fois par compte.
3. Pièces, tickets et cadeaux ne sont ni remboursables ni transférables.

Article 4 (Interdictions)
Il est interdit de copier ou diffuser les œuvres, de publier des commentaires illicites ou injurieux, de perturber le service ou d’usurper une identité.

Article 5 (Résiliation)
Vous pouvez supprimer votre compte à tout moment. Un compte supprimé ne peut être restauré et les pièces restantes sont perdues.

Article 6 (Modifications)
Nous pouvons modifier ces conditions. Les membres connectés doivent accepter la nouvelle version ; à défaut, ils sont déconnectés.`,
}

export const LEGAL: LegalSeed[] = [
  {
    type: 'terms',
    version: 1,
    daysAgo: 400,
    texts: {
      en: { title: 'Terms of Use', body: TERMS_BODY.en.replace(/\n\nArticle 6[\s\S]*$/, '') },
      ja: { title: '利用規約', body: TERMS_BODY.ja.replace(/\n\n第6条[\s\S]*$/, '') },
      fr: { title: 'Conditions d’utilisation', body: TERMS_BODY.fr.replace(/\n\nArticle 6[\s\S]*$/, '') },
    },
  },
  {
    type: 'terms',
    version: 2,
    daysAgo: 15,
    texts: {
      en: { title: 'Terms of Use', body: TERMS_BODY.en },
      ja: { title: '利用規約', body: TERMS_BODY.ja },
      fr: { title: 'Conditions d’utilisation', body: TERMS_BODY.fr },
    },
  },
  {
    type: 'privacy',
    version: 1,
    daysAgo: 400,
    texts: {
      en: {
        title: 'Privacy Policy',
        body: `1. What we collect
Your e-mail address, nickname, date of birth, optional mobile number, linked social account identifiers, reading history, purchases and the devices you sign in from.

2. Why
To run your account, keep your library and coins, prevent fraud, answer inquiries and, if you agree, send news about titles and events.

3. Sharing
We do not sell personal information. Payment and social sign-in providers receive only what they need to do their part. Anyone can choose "Do not share my personal information" at the foot of every page (members also in Settings), and we honour the browser's Global Privacy Control: we then keep no record of your visits.

4. Your choices
You can change your notification settings, remove devices and delete your account at any time. Contact us through the inquiry form for any request about your data.`,
      },
      ja: {
        title: 'プライバシーポリシー',
        body: `1. 取得する情報
メールアドレス、ニックネーム、生年月日、任意の携帯電話番号、連携したSNSアカウントの識別子、閲覧履歴、購入履歴、ログインした端末の情報。

2. 利用目的
アカウントの運営、本棚やコインの管理、不正利用の防止、お問い合わせへの回答、および同意いただいた場合の作品やイベントのお知らせのために利用します。

3. 第三者提供
個人情報を販売することはありません。決済事業者およびSNSログイン事業者には、必要な範囲の情報のみを提供します。すべてのページ下部（会員は設定画面でも）から「個人情報を共有しない」を選べます。ブラウザのグローバル・プライバシー・コントロールにも従います。その場合、閲覧の記録を残しません。

4. お客様の選択
通知設定の変更、登録端末の削除、退会はいつでも行えます。個人情報に関するご請求はお問い合わせフォームよりご連絡ください。`,
      },
      fr: {
        title: 'Politique de confidentialité',
        body: `1. Données collectées
Adresse e-mail, pseudo, date de naissance, numéro de mobile facultatif, identifiants des comptes sociaux associés, historique de lecture, achats et appareils de connexion.

2. Finalités
Gérer votre compte, conserver votre bibliothèque et vos pièces, prévenir la fraude, répondre à vos demandes et, avec votre accord, vous informer des nouveautés et événements.

3. Partage
Nous ne vendons pas vos données. Les prestataires de paiement et de connexion sociale ne reçoivent que le strict nécessaire. Chacun peut choisir « Ne pas partager mes informations personnelles » en bas de chaque page (les membres aussi dans les réglages), et nous respectons le Global Privacy Control du navigateur : nous ne gardons alors aucune trace de vos visites.

4. Vos choix
Vous pouvez modifier vos notifications, retirer des appareils et supprimer votre compte à tout moment. Pour toute demande, utilisez le formulaire de contact.`,
      },
    },
  },
  {
    type: 'special_commercial_transaction',
    version: 1,
    daysAgo: 400,
    texts: {
      en: {
        title: 'Notation based on the Specified Commercial Transactions Act',
        body: `Seller: Koma Inc.
Representative: Haruka Mori
Address: 2-11-3 Jingumae, Shibuya-ku, Tokyo 150-0001, Japan
Contact: through the inquiry form (phone number disclosed on request)
Price: shown on each coin product (tax included)
Additional fees: internet connection fees are borne by the customer
Payment: credit card, carrier billing, PayPay, PayPal
Delivery: coins are added to your account immediately after payment
Returns: due to the nature of digital content, purchases cannot be cancelled or refunded`,
      },
      ja: {
        title: '特定商取引法に基づく表記',
        body: `販売事業者：Koma株式会社
運営責任者：森 遥
所在地：〒150-0001 東京都渋谷区神宮前2-11-3
お問い合わせ：お問い合わせフォームより（電話番号はご請求により遅滞なく開示いたします）
販売価格：各コイン商品に表示（税込）
商品代金以外の必要料金：インターネット接続料金はお客様のご負担となります
支払方法：クレジットカード、キャリア決済、PayPay、PayPal
引渡時期：決済完了後、直ちにアカウントにコインが付与されます
返品・キャンセル：デジタルコンテンツの性質上、購入後のキャンセル・返金はできません`,
      },
      fr: {
        title: 'Mentions relatives à la loi japonaise sur les transactions commerciales spécifiées',
        body: `Vendeur : Koma Inc.
Responsable : Haruka Mori
Adresse : 2-11-3 Jingumae, Shibuya-ku, Tokyo 150-0001, Japon
Contact : via le formulaire de contact (numéro de téléphone communiqué sur demande)
Prix : indiqué pour chaque pack de pièces (TTC)
Frais supplémentaires : les frais de connexion Internet sont à la charge du client
Paiement : carte bancaire, facturation opérateur, PayPay, PayPal
Livraison : les pièces sont créditées immédiatement après le paiement
Retours : s’agissant de contenus numériques, aucun achat ne peut être annulé ni remboursé`,
      },
    },
  },
  {
    type: 'abj',
    version: 1,
    daysAgo: 400,
    texts: {
      en: {
        title: 'About the ABJ mark',
        body: 'The ABJ mark shows that this service distributes e-books and comics with the permission of their copyright holders. It is a registered trademark (No. 6091713) of the Authorized Books of Japan association. Reading on services that carry it supports authors and publishers.',
      },
      ja: {
        title: 'ABJマークについて',
        body: 'ABJマークは、この電子書店・電子書籍配信サービスが、著作権者からコンテンツ使用許諾を得た正規版配信サービスであることを示す登録商標（登録番号 第6091713号）です。ABJマークのあるサービスでお読みいただくことが、作家と出版社を応援することにつながります。',
      },
      fr: {
        title: 'À propos du label ABJ',
        body: 'Le label ABJ indique que ce service diffuse des livres numériques et des bandes dessinées avec l’autorisation des ayants droit. Il s’agit d’une marque déposée (n° 6091713) de l’association Authorized Books of Japan. Lire sur les services qui l’affichent soutient les auteurs et les éditeurs.',
      },
    },
  },
]
