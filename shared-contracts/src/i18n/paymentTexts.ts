/** Texts the coin and access API sends (SPEC §8 purchase messages), in ja, en and fr. */
export const PAYMENT_TEXTS = {
  notEnoughCoins: {
    en: 'You do not have enough coins.',
    ja: 'コインが不足しています。',
    fr: 'Vous n’avez pas assez de pièces.',
  },
  transactionFailed: {
    en: 'The transaction could not be processed.',
    ja: '取引を処理できませんでした。',
    fr: 'La transaction n’a pas pu être traitée.',
  },
  notEnoughTickets: {
    en: 'Not enough tickets for rental.',
    ja: 'レンタルに必要なチケットが足りません。',
    fr: 'Pas assez de tickets pour la location.',
  },
  unlockAllUnavailable: {
    en: 'Unlock all is not available.',
    ja: 'まとめて購入はご利用いただけません。',
    fr: 'Le déblocage groupé n’est pas disponible.',
  },
  alreadyOwned: {
    en: 'You already own this episode.',
    ja: 'このエピソードはすでに購入済みです。',
    fr: 'Cet épisode vous appartient déjà.',
  },
  priceChanged: {
    en: 'The price has changed. Please check it and try again.',
    ja: '価格が変更されました。ご確認のうえ、もう一度お試しください。',
    fr: 'Le prix a changé. Vérifiez-le et réessayez.',
  },
  gaugeNotFull: {
    en: 'The free-read gauge is not full yet.',
    ja: '無料チャージがまだ満タンではありません。',
    fr: 'La jauge de lecture gratuite n’est pas encore pleine.',
  },
  subscribeRentalUsed: {
    en: 'You have already used the free rental for subscribing to this title.',
    ja: 'この作品の購読特典レンタルはすでに利用済みです。',
    fr: 'Vous avez déjà utilisé la location offerte pour l’abonnement à ce titre.',
  },
  rentalNotAvailable: {
    en: 'This episode cannot be read this way.',
    ja: 'このエピソードはこの方法では読めません。',
    fr: 'Cet épisode ne peut pas être lu de cette façon.',
  },
  featureNotOnWeb: {
    en: 'This feature is not available on the web. Please use the app.',
    ja: 'この機能はWebではご利用いただけません。アプリをご利用ください。',
    fr: 'Cette fonction n’est pas disponible sur le web. Veuillez utiliser l’application.',
  },
  debugUnavailable: {
    en: 'Debug functions are not available here.',
    ja: 'この環境ではデバッグ機能を利用できません。',
    fr: 'Les fonctions de débogage ne sont pas disponibles ici.',
  },
} as const
