/** Texts the coin shop API sends (SPEC §8 purchase errors), in ja, en and fr. */
export const COIN_SHOP_TEXTS = {
  /** The order's description on the payment provider's pages. */
  coinPackDescription: { en: 'Koma: {count} coins', ja: 'Koma コイン{count}枚', fr: 'Koma : {count} pièces' },
  transactionNotProcessed: {
    en: 'The transaction could not be processed.',
    ja: 'お取引を処理できませんでした。',
    fr: "La transaction n'a pas pu être traitée.",
  },
  invalidCardDetails: {
    en: 'The card details are invalid. Please check them and try again.',
    ja: 'カード情報が正しくありません。ご確認のうえ、もう一度お試しください。',
    fr: 'Les informations de la carte ne sont pas valides. Vérifiez-les et réessayez.',
  },
  purchaseCancelled: {
    en: 'The purchase was cancelled.',
    ja: '購入がキャンセルされました。',
    fr: "L'achat a été annulé.",
  },
  purchaseNotFound: {
    en: 'This purchase cannot be found.',
    ja: 'この購入は見つかりません。',
    fr: 'Cet achat est introuvable.',
  },
  productNotOnSale: {
    en: 'This coin pack is not on sale.',
    ja: 'このコインパックは販売されていません。',
    fr: "Ce pack de pièces n'est pas en vente.",
  },
  paymentMethodUnavailable: {
    en: 'This payment method is not available in your language.',
    ja: 'この支払い方法はご利用いただけません。',
    fr: "Ce moyen de paiement n'est pas disponible dans votre langue.",
  },
  purchaseInProgress: {
    en: 'This purchase is still waiting for the payment.',
    ja: 'この購入はお支払いの完了待ちです。',
    fr: 'Cet achat attend encore le paiement.',
  },
  cardNotFound: {
    en: 'This card is not registered.',
    ja: 'このカードは登録されていません。',
    fr: "Cette carte n'est pas enregistrée.",
  },
} as const
