import type { Locale, NotificationKind } from '@koma/contracts/server'

/** What a notification says, by e-mail and in the inbox, in the member's language. */
export interface NotificationWords {
  subject: string
  body: string
}

type Values = { title: string; chapter: string; gift: string; when: string }

const WORDS: Record<Exclude<NotificationKind, 'news'>, Record<Locale, (values: Values) => NotificationWords>> = {
  release: {
    en: ({ title, chapter }) => ({
      subject: `${title} is out now`,
      body: `${title}, the title you asked us to tell you about, has been released. Start reading with ${chapter}.`,
    }),
    ja: ({ title, chapter }) => ({
      subject: `【配信開始】${title}`,
      body: `配信開始をお知らせする設定にしていた「${title}」の配信が始まりました。「${chapter}」から読めます。`,
    }),
    fr: ({ title, chapter }) => ({
      subject: `${title} est disponible`,
      body: `${title}, la série dont vous attendiez la sortie, est disponible. Commencez par ${chapter}.`,
    }),
  },
  new_episode: {
    en: ({ title, chapter }) => ({ subject: `New episode of ${title}: ${chapter}`, body: `${chapter} of ${title}, a title in your library, is out.` }),
    ja: ({ title, chapter }) => ({ subject: `【更新】${title}「${chapter}」`, body: `本棚に登録している「${title}」の「${chapter}」が配信されました。` }),
    fr: ({ title, chapter }) => ({
      subject: `Nouvel épisode de ${title} : ${chapter}`,
      body: `${chapter} de ${title}, une série de votre bibliothèque, est paru.`,
    }),
  },
  free_episode: {
    en: ({ title, chapter }) => ({ subject: `Free to read: ${title} ${chapter}`, body: `${chapter} of ${title} is out, and it is free to read.` }),
    ja: ({ title, chapter }) => ({ subject: `【無料】${title}「${chapter}」`, body: `「${title}」の「${chapter}」が無料で読めるようになりました。` }),
    fr: ({ title, chapter }) => ({ subject: `À lire gratuitement : ${title} ${chapter}`, body: `${chapter} de ${title} est paru, et il se lit gratuitement.` }),
  },
  gift_expiring: {
    en: ({ gift, when }) => ({
      subject: 'A gift in your inbox expires soon',
      body: `Your gift “${gift}” expires on ${when}. Claim it in the Gifts tab of your inbox before then.`,
    }),
    ja: ({ gift, when }) => ({
      subject: '【Koma】プレゼントの受け取り期限が近づいています',
      body: `プレゼント「${gift}」の受け取り期限は${when}です。期限までにプレゼントボックスから受け取ってください。`,
    }),
    fr: ({ gift, when }) => ({
      subject: 'Un cadeau de votre boîte expire bientôt',
      body: `Votre cadeau « ${gift} » expire le ${when}. Récupérez-le avant dans l’onglet Cadeaux de votre boîte de réception.`,
    }),
  },
}

export function notificationWords(kind: Exclude<NotificationKind, 'news'>, locale: Locale, values: Partial<Values>): NotificationWords {
  return WORDS[kind][locale]({ title: '', chapter: '', gift: '', when: '', ...values })
}

/** The mail's footer: where it leads, and how to stop this kind with one click. */
const FOOTER: Record<Locale, { open: string; stop: Record<NotificationKind, string> }> = {
  en: {
    open: 'Open it on Koma:',
    stop: {
      release: 'To stop release notifications, open:',
      new_episode: 'To stop mails about new episodes of titles in your library, open:',
      free_episode: 'To stop mails about free episodes, open:',
      news: 'To stop news e-mails, open:',
      gift_expiring: 'To stop reminders and offers, open:',
    },
  },
  ja: {
    open: 'Komaで見る：',
    stop: {
      release: '配信開始のお知らせの配信停止はこちら：',
      new_episode: '本棚の作品の更新のお知らせの配信停止はこちら：',
      free_episode: '無料話のお知らせの配信停止はこちら：',
      news: 'ニュースメールの配信停止はこちら：',
      gift_expiring: 'お得な情報・リマインドの配信停止はこちら：',
    },
  },
  fr: {
    open: 'À ouvrir sur Koma :',
    stop: {
      release: 'Pour ne plus recevoir les avis de sortie, ouvrez :',
      new_episode: 'Pour ne plus recevoir les nouveaux épisodes de votre bibliothèque, ouvrez :',
      free_episode: 'Pour ne plus recevoir les épisodes gratuits, ouvrez :',
      news: 'Pour ne plus recevoir les actualités par e-mail, ouvrez :',
      gift_expiring: 'Pour ne plus recevoir les rappels et offres, ouvrez :',
    },
  },
}

export function mailFooter(kind: NotificationKind, locale: Locale, link: string | null, unsubscribe: string): string {
  const words = FOOTER[locale]
  return `${link ? `${words.open}\n${link}\n\n` : ''}${words.stop[kind]}\n${unsubscribe}`
}

/** The unsubscribe page (GET confirms, POST applies), in the member's language. */
export const UNSUBSCRIBE_PAGE: Record<
  Locale,
  {
    title: string
    lead: Record<NotificationKind, string>
    confirm: string
    done: string
    doneLead: string
    invalid: string
    invalidLead: string
    settings: string
  }
> = {
  en: {
    title: 'Unsubscribe',
    lead: {
      release: 'Stop all release notifications for coming-soon titles?',
      new_episode: 'Stop notifications about new episodes of titles in your library?',
      free_episode: 'Stop notifications about free episodes?',
      news: 'Stop news e-mails?',
      gift_expiring: 'Stop reminders and offers (such as gifts about to expire)?',
    },
    confirm: 'Unsubscribe',
    done: 'You are unsubscribed',
    doneLead: 'You will not get these notifications any more. You can turn them back on in your notification settings.',
    invalid: 'This link does not work',
    invalidLead: 'The unsubscribe link is broken or incomplete. You can change your notifications in your settings.',
    settings: 'Notification settings',
  },
  ja: {
    title: '配信停止',
    lead: {
      release: '配信予定作品の配信開始のお知らせをすべて停止しますか？',
      new_episode: '本棚の作品の更新のお知らせを停止しますか？',
      free_episode: '無料話のお知らせを停止しますか？',
      news: 'ニュースメールを停止しますか？',
      gift_expiring: 'お得な情報・リマインド（期限が近いプレゼントなど）を停止しますか？',
    },
    confirm: '配信を停止する',
    done: '配信を停止しました',
    doneLead: '今後このお知らせは届きません。通知設定からいつでも再開できます。',
    invalid: 'このリンクは無効です',
    invalidLead: '配信停止のリンクが壊れているか、途中で切れています。通知は設定画面から変更できます。',
    settings: '通知設定',
  },
  fr: {
    title: 'Se désabonner',
    lead: {
      release: 'Ne plus recevoir aucun avis de sortie des séries à venir ?',
      new_episode: 'Ne plus recevoir les nouveaux épisodes des séries de votre bibliothèque ?',
      free_episode: 'Ne plus recevoir les avis d’épisodes gratuits ?',
      news: 'Ne plus recevoir les actualités par e-mail ?',
      gift_expiring: 'Ne plus recevoir les rappels et offres (comme les cadeaux sur le point d’expirer) ?',
    },
    confirm: 'Me désabonner',
    done: 'Vous êtes désabonné',
    doneLead: 'Vous ne recevrez plus ces notifications. Vous pouvez les réactiver dans vos réglages de notification.',
    invalid: 'Ce lien ne fonctionne pas',
    invalidLead: 'Le lien de désabonnement est cassé ou incomplet. Vous pouvez modifier vos notifications dans vos réglages.',
    settings: 'Réglages de notification',
  },
}
