import type { Locale } from './locales'

/**
 * Texts the API and the browser must say identically (SPEC §5 and §8 messages) and that the
 * browser itself shows. Remotes' own UI texts live in their react-intl message files. Texts only
 * the API sends (account, coin shop, payments, community, operator console) are in
 * serverTexts.ts, exported by `@koma/contracts/server` only, so they stay out of the browser.
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
  campaignUnavailable: {
    en: 'This campaign is not running now.',
    ja: 'このキャンペーンは現在開催されていません。',
    fr: 'Cette campagne n’a pas lieu en ce moment.',
  },
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
  internetUnstable: {
    en: 'Your internet connection is unstable. Please check it and try again.',
    ja: 'インターネット接続が不安定です。接続を確認してもう一度お試しください。',
    fr: 'Votre connexion internet est instable. Vérifiez-la puis réessayez.',
  },
  dataNotObtained: {
    en: 'The data could not be obtained. Please try again later.',
    ja: 'データを取得できませんでした。しばらくしてからもう一度お試しください。',
    fr: 'Les données n’ont pas pu être obtenues. Veuillez réessayer plus tard.',
  },
  popupsBlocked: {
    en: 'Pop-ups are blocked. Please allow pop-ups for this site and try again.',
    ja: 'ポップアップがブロックされています。このサイトのポップアップを許可してもう一度お試しください。',
    fr: 'Les fenêtres pop-up sont bloquées. Autorisez-les pour ce site puis réessayez.',
  },
  // Account texts the browser itself shows (sign-in, reset, invitation, updated terms).
  passwordResetFailed: {
    en: 'Your password could not be reset. Please try again.',
    ja: 'パスワードを再設定できませんでした。もう一度お試しください。',
    fr: 'Votre mot de passe n’a pas pu être réinitialisé. Veuillez réessayer.',
  },
  authenticationFailed: {
    en: 'Authentication failed. Please try again, or reset your password.',
    ja: '認証に失敗しました。もう一度お試しいただくか、パスワードを再設定してください。',
    fr: 'L’authentification a échoué. Veuillez réessayer ou réinitialiser votre mot de passe.',
  },
  guestAuthenticationFailed: {
    en: 'Guest authentication failed. Please try again, or sign in.',
    ja: 'ゲスト認証に失敗しました。もう一度お試しいただくか、ログインしてください。',
    fr: 'L’authentification invité a échoué. Veuillez réessayer ou vous connecter.',
  },
  invitationFailed: {
    en: 'This invitation link could not be opened. It may be incomplete or no longer valid.',
    ja: '招待リンクを開けませんでした。リンクが不完全か、有効期限が切れている可能性があります。',
    fr: 'Ce lien d’invitation n’a pas pu être ouvert. Il est peut-être incomplet ou n’est plus valide.',
  },
  termsAgreementRequired: {
    en: 'Our Terms of Use have been updated. You can read them from the link at the bottom of every page. Please agree to keep using your account; otherwise you will be signed out.',
    ja: '利用規約が改定されました。改定後の規約は各ページ下部のリンクからご確認いただけます。引き続きご利用いただくには同意してください。同意いただけない場合はログアウトします。',
    fr: 'Nos conditions d’utilisation ont été mises à jour. Vous pouvez les lire via le lien en bas de chaque page. Acceptez-les pour continuer à utiliser votre compte ; sinon, vous serez déconnecté.',
  },
  termsUpdatedTitle: { en: 'Terms of Use updated', ja: '利用規約の改定', fr: 'Conditions d’utilisation mises à jour' },
  termsAgree: { en: 'Agree', ja: '同意する', fr: 'J’accepte' },
  termsDecline: { en: 'Disagree and sign out', ja: '同意せずにログアウト', fr: 'Refuser et se déconnecter' },
} as const satisfies Record<string, Localized>

export type TextKey = keyof typeof TEXTS

/** A catalogue text in a language, with `{name}` placeholders filled. */
export function text(key: TextKey, locale: Locale, values: Record<string, string | number> = {}): string {
  return fillText(TEXTS[key][locale], values)
}

/** Fills `{name}` placeholders; unknown names stay as written. */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}
