import { ACCOUNT_TEXTS } from './accountTexts'
import { COIN_SHOP_TEXTS } from './coinShopTexts'
import { PAYMENT_TEXTS } from './paymentTexts'
import { COMMUNITY_TEXTS } from './communityTexts'
import type { Locale } from './locales'

/**
 * Texts the API and the browser must say identically (SPEC §5 and §8 messages). Remotes' own UI
 * texts live in their react-intl message files; these are here because the server sends them too.
 */
export type Localized = Record<Locale, string>

export const TEXTS = {
  pageNotFound: { en: 'Page Not Found: {path}', ja: 'ページが見つかりません: {path}', fr: 'Page introuvable : {path}' },
  invalidRequestHashToken: {
    en: 'Invalid request hash token',
    ja: 'Invalid request hash token',
    fr: 'Invalid request hash token',
  },
  cannotFindHost: { en: 'cannot find host', ja: 'サーバーに接続できません', fr: 'serveur introuvable' },
  connectionLost: { en: 'connection lost', ja: '接続が切れました', fr: 'connexion perdue' },
  badServerResponse: {
    en: 'The server sent a bad response.',
    ja: 'サーバーから不正な応答がありました。',
    fr: 'Le serveur a renvoyé une réponse invalide.',
  },
  undefinedError: {
    en: 'An Undefined Error Has Occurred. Please Try Again Later.',
    ja: '不明なエラーが発生しました。しばらくしてからもう一度お試しください。',
    fr: 'Une erreur inconnue est survenue. Veuillez réessayer plus tard.',
  },
  authenticationError: {
    en: 'Authentication error. Please sign in again.',
    ja: '認証エラーです。もう一度ログインしてください。',
    fr: "Erreur d'authentification. Veuillez vous reconnecter.",
  },
  incorrectEmailOrPassword: {
    en: 'Incorrect email or password',
    ja: 'メールアドレスまたはパスワードが正しくありません',
    fr: 'E-mail ou mot de passe incorrect',
  },
  guestNotAllowed: {
    en: 'Guest users cannot use this function.',
    ja: 'ゲストユーザーはこの機能を利用できません。',
    fr: 'Les utilisateurs invités ne peuvent pas utiliser cette fonction.',
  },
  comicNotFound: { en: 'This comic cannot be found.', ja: '作品が見つかりません。', fr: 'Cette bande dessinée est introuvable.' },
  chapterNotFound: {
    en: 'This episode cannot be found.',
    ja: 'エピソードが見つかりません。',
    fr: 'Cet épisode est introuvable.',
  },
  chapterLocked: {
    en: 'Unlock this episode to read it.',
    ja: 'このエピソードを読むにはロックを解除してください。',
    fr: 'Débloquez cet épisode pour le lire.',
  },
  salesSuspended: {
    en: 'Sales are suspended for this episode.',
    ja: 'このエピソードは販売停止中です。',
    fr: 'La vente de cet épisode est suspendue.',
  },
  matureNotAccepted: {
    en: 'This title is for adults. Please confirm to continue.',
    ja: 'この作品は成人向けです。続けるには確認してください。',
    fr: 'Ce titre est réservé aux adultes. Veuillez confirmer pour continuer.',
  },
  systemMaintenance: { en: 'System maintenance', ja: 'システムメンテナンス', fr: 'Maintenance du système' },
  invalidParameter: { en: '{field} is not valid.', ja: '{field}が正しくありません。', fr: "{field} n'est pas valide." },
  notFound: { en: 'Not found', ja: '見つかりません', fr: 'Introuvable' },
  tooManyRequests: {
    en: 'Too many requests. Please wait a moment and try again.',
    ja: 'リクエストが多すぎます。しばらくしてからもう一度お試しください。',
    fr: 'Trop de requêtes. Veuillez patienter un instant puis réessayer.',
  },
  tooManyRequestsMinutes: {
    en: 'Too many requests. Please try again in {minutes} min.',
    ja: 'リクエストが多すぎます。{minutes}分後にもう一度お試しください。',
    fr: 'Trop de requêtes. Veuillez réessayer dans {minutes} min.',
  },
  requestTooLarge: {
    en: 'The request is too large.',
    ja: 'リクエストのサイズが大きすぎます。',
    fr: 'La requête est trop volumineuse.',
  },
  noMorePages: {
    en: 'There are no more items to show.',
    ja: 'これ以上表示する項目はありません。',
    fr: 'Il n’y a plus rien à afficher.',
  },
  searchQueryRequired: {
    en: 'Please enter a title, an author or a keyword.',
    ja: '作品名・作者名・キーワードを入力してください。',
    fr: 'Veuillez saisir un titre, un auteur ou un mot-clé.',
  },
  releaseNotificationUnavailable: {
    en: 'This title has already been released.',
    ja: 'この作品はすでに配信が始まっています。',
    fr: 'Ce titre est déjà disponible.',
  },
  ...ACCOUNT_TEXTS,
  ...COIN_SHOP_TEXTS,
  ...PAYMENT_TEXTS,
  ...COMMUNITY_TEXTS,
} as const satisfies Record<string, Localized>

export type TextKey = keyof typeof TEXTS

/** A catalogue text in a language, with `{name}` placeholders filled. */
export function text(key: TextKey, locale: Locale, values: Record<string, string | number> = {}): string {
  return TEXTS[key][locale].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}
