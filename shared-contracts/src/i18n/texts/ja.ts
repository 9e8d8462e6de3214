import type { TextColumn } from '../textColumn'

/** The shared texts in Japanese: one for each key of en.ts, with the same {placeholders}. */
const ja: TextColumn = {
  pageNotFound: 'ページが見つかりません: {path}',
  invalidRequestHashToken: 'Invalid request hash token',
  cannotFindHost: 'サーバーに接続できません',
  connectionLost: '接続が切れました',
  badServerResponse: 'サーバーから不正な応答がありました。',
  undefinedError: '不明なエラーが発生しました。しばらくしてからもう一度お試しください。',
  authenticationError: '認証エラーです。もう一度ログインしてください。',
  incorrectEmailOrPassword: 'メールアドレスまたはパスワードが正しくありません',
  guestNotAllowed: 'ゲストユーザーはこの機能を利用できません。',
  comicNotFound: '作品が見つかりません。',
  chapterNotFound: 'エピソードが見つかりません。',
  chapterLocked: 'このエピソードを読むにはロックを解除してください。',
  salesSuspended: 'このエピソードは販売停止中です。',
  matureNotAccepted: 'この作品は成人向けです。続けるには確認してください。',
  systemMaintenance: 'システムメンテナンス',
  invalidParameter: '{field}が正しくありません。',
  notFound: '見つかりません',
  campaignUnavailable: 'このキャンペーンは現在開催されていません。',
  tooManyRequests: 'リクエストが多すぎます。しばらくしてからもう一度お試しください。',
  tooManyRequestsMinutes: 'リクエストが多すぎます。{minutes}分後にもう一度お試しください。',
  requestTooLarge: 'リクエストのサイズが大きすぎます。',
  noMorePages: 'これ以上表示する項目はありません。',
  searchQueryRequired: '作品名・作者名・キーワードを入力してください。',
  releaseNotificationUnavailable: 'この作品はすでに配信が始まっています。',
  internetUnstable: 'インターネット接続が不安定です。接続を確認してもう一度お試しください。',
  dataNotObtained: 'データを取得できませんでした。しばらくしてからもう一度お試しください。',
  popupsBlocked: 'ポップアップがブロックされています。このサイトのポップアップを許可してもう一度お試しください。',
  // Account texts the browser itself shows (sign-in, reset, invitation, updated terms).
  passwordResetFailed: 'パスワードを再設定できませんでした。もう一度お試しください。',
  authenticationFailed: '認証に失敗しました。もう一度お試しいただくか、パスワードを再設定してください。',
  guestAuthenticationFailed: 'ゲスト認証に失敗しました。もう一度お試しいただくか、ログインしてください。',
  invitationFailed: '招待リンクを開けませんでした。リンクが不完全か、有効期限が切れている可能性があります。',
  termsAgreementRequired:
    '利用規約が改定されました。改定後の規約は各ページ下部のリンクからご確認いただけます。引き続きご利用いただくには同意してください。同意いただけない場合はログアウトします。',
  termsUpdatedTitle: '利用規約の改定',
  termsAgree: '同意する',
  termsDecline: '同意せずにログアウト',
}

export default ja
