import type { Locale } from './locales'

/** Texts the account API sends (SPEC §8 messages and account refusals), in ja, en and fr. */
export const ACCOUNT_TEXTS = {
  emailAlreadyRegistered: {
    en: 'This email address is already registered.',
    ja: 'このメールアドレスはすでに登録されています。',
    fr: 'Cette adresse e-mail est déjà enregistrée.',
  },
  codeIncorrect: {
    en: 'The verification code is incorrect.',
    ja: '認証コードが正しくありません。',
    fr: 'Le code de vérification est incorrect.',
  },
  certificateExpired: {
    en: 'The verification code has expired. Please request a new one.',
    ja: '認証コードの有効期限が切れました。もう一度コードを送信してください。',
    fr: 'Le code de vérification a expiré. Veuillez en demander un nouveau.',
  },
  codeNotVerified: {
    en: 'Please verify your email address first.',
    ja: '先にメールアドレスの認証を行ってください。',
    fr: "Veuillez d'abord vérifier votre adresse e-mail.",
  },
  codeTooSoon: {
    en: 'A code was just sent. Please wait a minute before requesting another one.',
    ja: '認証コードを送信したばかりです。1分ほど待ってから再送信してください。',
    fr: 'Un code vient d’être envoyé. Patientez une minute avant d’en demander un autre.',
  },
  codeAttemptsExceeded: {
    en: 'Too many wrong codes. Please request a new code.',
    ja: '認証コードの入力ミスが多すぎます。新しいコードを送信してください。',
    fr: 'Trop de codes erronés. Veuillez demander un nouveau code.',
  },
  signinLocked: {
    en: 'Too many failed sign-in attempts. Please wait 15 minutes or reset your password.',
    ja: 'ログインの失敗が続いたため、一時的にログインできません。15分後にお試しいただくか、パスワードを再設定してください。',
    fr: 'Trop de tentatives de connexion échouées. Patientez 15 minutes ou réinitialisez votre mot de passe.',
  },
  resetLinkExpired: {
    en: 'This password reset link has expired or was already used. Please request a new one.',
    ja: 'パスワード再設定リンクの有効期限が切れているか、すでに使用されています。もう一度お手続きください。',
    fr: 'Ce lien de réinitialisation a expiré ou a déjà été utilisé. Veuillez en demander un nouveau.',
  },
  currentPasswordIncorrect: {
    en: 'Your current password is incorrect.',
    ja: '現在のパスワードが正しくありません。',
    fr: 'Votre mot de passe actuel est incorrect.',
  },
  passwordSameAsCurrent: {
    en: 'Please choose a password different from your current one.',
    ja: '現在とは異なるパスワードを設定してください。',
    fr: 'Veuillez choisir un mot de passe différent de l’actuel.',
  },
  alreadyRegisteredSocial: {
    en: 'This social account is already registered to another Koma account.',
    ja: 'このSNSアカウントはすでに別のKomaアカウントに登録されています。',
    fr: 'Ce compte social est déjà associé à un autre compte Koma.',
  },
  providerAlreadyLinked: {
    en: 'An account of this service is already linked. Unlink it first.',
    ja: 'このサービスのアカウントはすでに連携されています。先に連携を解除してください。',
    fr: 'Un compte de ce service est déjà associé. Dissociez-le d’abord.',
  },
  socialNotLinked: {
    en: 'This social account is not linked.',
    ja: 'このSNSアカウントは連携されていません。',
    fr: 'Ce compte social n’est pas associé.',
  },
  lastSignInMethod: {
    en: 'This is your only way to sign in. Register an email address and password first.',
    ja: 'これが唯一のログイン方法のため解除できません。先にメールアドレスとパスワードを登録してください。',
    fr: 'C’est votre seul moyen de connexion. Enregistrez d’abord une adresse e-mail et un mot de passe.',
  },
  socialSigninFailed: {
    en: 'Social sign-in failed. Please try again.',
    ja: 'SNSログインに失敗しました。もう一度お試しください。',
    fr: 'La connexion via le réseau social a échoué. Veuillez réessayer.',
  },
  adultVerificationFailed: {
    en: 'Adult verification failed.',
    ja: '年齢認証に失敗しました。',
    fr: 'La vérification de l’âge a échoué.',
  },
  adultVerificationRequired: {
    en: 'Please verify that you are an adult to view mature content.',
    ja: '成人向けコンテンツを表示するには年齢認証が必要です。',
    fr: 'Veuillez vérifier que vous êtes majeur pour voir les contenus pour adultes.',
  },
  adultSignInRequired: {
    en: 'This title is for adults. Sign in and verify your age to read it.',
    ja: 'この作品は成人向けです。読むにはログインして年齢認証をしてください。',
    fr: 'Ce titre est réservé aux adultes. Connectez-vous et vérifiez votre âge pour le lire.',
  },
  couponInvalid: {
    en: 'This coupon code is not valid.',
    ja: 'このクーポンコードは無効です。',
    fr: 'Ce code promo n’est pas valide.',
  },
  couponUsed: {
    en: 'You have already used this coupon.',
    ja: 'このクーポンはすでに使用済みです。',
    fr: 'Vous avez déjà utilisé ce code promo.',
  },
  couponExpired: {
    en: 'This coupon has expired.',
    ja: 'このクーポンは有効期限が切れています。',
    fr: 'Ce code promo a expiré.',
  },
  giftExpired: { en: 'This gift has expired.', ja: 'このプレゼントは受け取り期限が切れています。', fr: 'Ce cadeau a expiré.' },
  giftClaimed: { en: 'This gift has already been received.', ja: 'このプレゼントはすでに受け取り済みです。', fr: 'Ce cadeau a déjà été reçu.' },
  dailyBonusClaimed: {
    en: 'You have already received today’s bonus. Come back tomorrow!',
    ja: '本日のボーナスは受け取り済みです。また明日お越しください！',
    fr: 'Vous avez déjà reçu le bonus du jour. Revenez demain !',
  },
  uploadFormatInvalid: {
    en: 'The file format is not supported. Please upload a JPEG, PNG, WebP or GIF image.',
    ja: '対応していないファイル形式です。JPEG・PNG・WebP・GIF画像をアップロードしてください。',
    fr: 'Format de fichier non pris en charge. Envoyez une image JPEG, PNG, WebP ou GIF.',
  },
  uploadTooLarge: {
    en: 'The image is too large (5 MB and 50 megapixels at most).',
    ja: '画像のサイズが大きすぎます（最大5MB・5000万画素）。',
    fr: 'L’image est trop volumineuse (5 Mo et 50 mégapixels au maximum).',
  },
  socialProviderUnavailable: {
    en: 'Sign-in with this service is not available at the moment. Please sign in with your e-mail address.',
    ja: '現在このサービスでのログインはご利用いただけません。メールアドレスでログインしてください。',
    fr: 'La connexion avec ce service n’est pas disponible pour le moment. Connectez-vous avec votre adresse e-mail.',
  },
  adultVerificationUnavailable: {
    en: 'Adult verification is not available at the moment. Please try again later.',
    ja: '現在、年齢認証はご利用いただけません。しばらくしてから再度お試しください。',
    fr: 'La vérification de l’âge n’est pas disponible pour le moment. Veuillez réessayer plus tard.',
  },
  featureNotOnWeb: {
    en: 'This feature is not available on the web. Please use the Koma app.',
    ja: 'この機能はWeb版ではご利用いただけません。Komaアプリをご利用ください。',
    fr: 'Cette fonctionnalité n’est pas disponible sur le web. Utilisez l’application Koma.',
  },
  termsVersionOutdated: {
    en: 'A newer version of the Terms of Use is available. Please read it again.',
    ja: '利用規約の新しい版があります。もう一度ご確認ください。',
    fr: 'Une version plus récente des conditions est disponible. Veuillez la relire.',
  },
  deviceNotFound: { en: 'This device is not registered.', ja: 'この端末は登録されていません。', fr: 'Cet appareil n’est pas enregistré.' },
  deviceIdMissing: {
    en: 'This browser could not be identified. Please reload the page.',
    ja: 'ブラウザを識別できませんでした。ページを再読み込みしてください。',
    fr: 'Ce navigateur n’a pas pu être identifié. Veuillez recharger la page.',
  },
  signupSessionMissing: {
    en: 'Your sign-up session has expired. Please start again.',
    ja: '会員登録の有効期限が切れました。最初からやり直してください。',
    fr: 'Votre session d’inscription a expiré. Veuillez recommencer.',
  },
  accountDeleted: { en: 'This account has been deleted.', ja: 'このアカウントは削除されています。', fr: 'Ce compte a été supprimé.' },
  notSignedInWithEmail: {
    en: 'This account has no password yet. Register an email address and password first.',
    ja: 'このアカウントにはパスワードが設定されていません。先にメールアドレスとパスワードを登録してください。',
    fr: 'Ce compte n’a pas encore de mot de passe. Enregistrez d’abord une adresse e-mail et un mot de passe.',
  },
} as const satisfies Record<string, Record<Locale, string>>
