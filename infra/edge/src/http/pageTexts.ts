import type { Locale } from '@koma/contracts/server'

/**
 * What the edge itself writes for crawlers, link previews and browsers that cannot run the app:
 * page titles and descriptions, and the browser guide. Every text in ja, en and fr.
 */
export const PAGE_TEXTS = {
  ja: {
    siteTitle: 'Koma — マンガと小説を日本語・英語・フランス語で',
    siteDescription: 'Koma はマンガと小説を日本語・英語・フランス語で読めるサービスです。毎日無料で読めるエピソードがあります。',
    notFound: 'ページが見つかりません',
    maintenance: 'メンテナンス中です',
    comingSoon: '近日公開',
    readOn: (name: string) => `${name}を Koma で読む`,
    search: '検索',
    notices: 'お知らせ',
    faq: 'よくある質問',
    legal: '規約・ポリシー',
    comments: 'コメント',
    event: 'イベント',
    browserGuideTitle: '最新のブラウザをご利用ください',
    browserGuideDescription: 'Koma は最新版の Chrome、Safari、Edge、Firefox に対応しています。Internet Explorer と iOS 14 未満には対応していません。',
    browserGuideUpdate: 'iPhone・iPad は「設定」→「一般」→「ソフトウェア・アップデート」から iOS を更新できます。',
    browserGuideGet: '最新のブラウザを入手する',
  },
  en: {
    siteTitle: 'Koma — comics and novels in Japanese, English and French',
    siteDescription: 'Koma: read comics and novels in Japanese, English and French. Free episodes every day.',
    notFound: 'Page not found',
    maintenance: 'Under maintenance',
    comingSoon: 'Coming soon',
    readOn: (name: string) => `Read ${name} on Koma`,
    search: 'Search',
    notices: 'Notices',
    faq: 'FAQ',
    legal: 'Terms and policies',
    comments: 'Comments',
    event: 'Events',
    browserGuideTitle: 'Please use a recent browser',
    browserGuideDescription: 'Koma supports recent versions of Chrome, Safari, Edge and Firefox. Internet Explorer and iOS older than 14 are not supported.',
    browserGuideUpdate: 'On an iPhone or iPad, update iOS in Settings → General → Software Update.',
    browserGuideGet: 'Get a recent browser',
  },
  fr: {
    siteTitle: 'Koma — BD et romans en japonais, anglais et français',
    siteDescription: 'Koma : lisez des BD et des romans en japonais, anglais et français. Des épisodes gratuits chaque jour.',
    notFound: 'Page introuvable',
    maintenance: 'Maintenance en cours',
    comingSoon: 'Bientôt disponible',
    readOn: (name: string) => `Lire ${name} sur Koma`,
    search: 'Recherche',
    notices: 'Annonces',
    faq: 'Questions fréquentes',
    legal: 'Conditions et politiques',
    comments: 'Commentaires',
    event: 'Événements',
    browserGuideTitle: 'Veuillez utiliser un navigateur récent',
    browserGuideDescription:
      'Koma prend en charge les versions récentes de Chrome, Safari, Edge et Firefox. Internet Explorer et iOS antérieur à 14 ne sont pas pris en charge.',
    browserGuideUpdate: 'Sur iPhone ou iPad, mettez iOS à jour dans Réglages → Général → Mise à jour logicielle.',
    browserGuideGet: 'Obtenir un navigateur récent',
  },
} satisfies Record<Locale, Record<string, string | ((name: string) => string)>>

export type PageTexts = (typeof PAGE_TEXTS)['en']
