import type { Locale } from '@koma/contracts/server'

/** Account mails in the reader's language. */
type Template = (values: Record<string, string>) => { subject: string; text: string }

const SIGNATURE: Record<Locale, string> = {
  en: '— The Koma team\nThis is an automatic message; replies are not read.',
  ja: '— Koma運営チーム\nこのメールは送信専用です。ご返信いただいてもお答えできません。',
  fr: '— L’équipe Koma\nCeci est un message automatique ; les réponses ne sont pas lues.',
}

const TEMPLATES = {
  code: {
    en: ({ code }) => ({
      subject: `Your Koma verification code: ${code}`,
      text: `Your verification code is ${code}.\n\nEnter it within 10 minutes to continue. If you did not ask for this code, you can ignore this mail.`,
    }),
    ja: ({ code }) => ({
      subject: `【Koma】認証コード: ${code}`,
      text: `認証コードは ${code} です。\n\n10分以内に入力して手続きを続けてください。お心当たりのない場合は、このメールを破棄してください。`,
    }),
    fr: ({ code }) => ({
      subject: `Votre code de vérification Koma : ${code}`,
      text: `Votre code de vérification est ${code}.\n\nSaisissez-le dans les 10 minutes pour continuer. Si vous n’avez rien demandé, ignorez ce message.`,
    }),
  },
  reset: {
    en: ({ link }) => ({
      subject: 'Reset your Koma password',
      text: `We received a request to reset your password.\n\nOpen this link within 10 minutes to choose a new one:\n${link}\n\nIf you did not ask for this, you can ignore this mail: your password stays as it is.`,
    }),
    ja: ({ link }) => ({
      subject: '【Koma】パスワード再設定のご案内',
      text: `パスワード再設定のリクエストを受け付けました。\n\n10分以内に次のリンクを開いて、新しいパスワードを設定してください。\n${link}\n\nお心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。`,
    }),
    fr: ({ link }) => ({
      subject: 'Réinitialisez votre mot de passe Koma',
      text: `Nous avons reçu une demande de réinitialisation de votre mot de passe.\n\nOuvrez ce lien dans les 10 minutes pour en choisir un nouveau :\n${link}\n\nSi vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.`,
    }),
  },
  welcome: {
    en: ({ nickname }) => ({
      subject: 'Welcome to Koma',
      text: `Hello ${nickname},\n\nYour Koma account is ready. A welcome gift is waiting in your inbox. Happy reading!`,
    }),
    ja: ({ nickname }) => ({
      subject: '【Koma】会員登録が完了しました',
      text: `${nickname} さん\n\nKomaへようこそ！会員登録が完了しました。プレゼントボックスに新規登録特典が届いています。`,
    }),
    fr: ({ nickname }) => ({
      subject: 'Bienvenue sur Koma',
      text: `Bonjour ${nickname},\n\nVotre compte Koma est prêt. Un cadeau de bienvenue vous attend dans votre boîte de réception. Bonne lecture !`,
    }),
  },
  passwordChanged: {
    en: () => ({
      subject: 'Your Koma password was changed',
      text: 'Your password was just changed. If this was not you, reset your password at once and contact us.',
    }),
    ja: () => ({
      subject: '【Koma】パスワードが変更されました',
      text: 'パスワードが変更されました。お心当たりのない場合は、すぐにパスワードを再設定し、お問い合わせください。',
    }),
    fr: () => ({
      subject: 'Votre mot de passe Koma a été modifié',
      text: 'Votre mot de passe vient d’être modifié. Si ce n’était pas vous, réinitialisez-le immédiatement et contactez-nous.',
    }),
  },
  /** To the old address after an e-mail change: what changed, when, and what to do if it was not its owner. */
  emailChanged: {
    en: ({ newEmail, when, help }) => ({
      subject: 'The email address of your Koma account was changed',
      text: `The email address of your Koma account was changed from this address to ${newEmail} on ${when}.\n\nFrom now on, sign-in, password reset links and notices go to the new address; this address no longer signs in to Koma.\n\nIf you made this change, there is nothing more to do.\n\nIf you did not, someone else may be using your account. Contact us right away, from this address, and quote this mail so we can give the account back to you:\n${help}\nAlso change the password of any other service where you used your Koma password.`,
    }),
    ja: ({ newEmail, when, help }) => ({
      subject: '【Koma】アカウントのメールアドレスが変更されました',
      text: `${when}に、Komaアカウントのメールアドレスがこのアドレスから ${newEmail} に変更されました。\n\n今後、ログイン・パスワード再設定のリンク・お知らせは新しいアドレスに届きます。このアドレスではKomaにログインできなくなりました。\n\nご自身で変更された場合は、これ以上のお手続きは不要です。\n\nお心当たりのない場合は、第三者にアカウントを使われているおそれがあります。アカウントを取り戻すため、このメールアドレスから、このメールの内容を添えて、すぐにお問い合わせください。\n${help}\nKomaと同じパスワードをほかのサービスでお使いの場合は、そちらのパスワードも変更してください。`,
    }),
    fr: ({ newEmail, when, help }) => ({
      subject: 'L’adresse e-mail de votre compte Koma a été modifiée',
      text: `Le ${when}, l’adresse e-mail de votre compte Koma a été remplacée par ${newEmail}.\n\nDésormais, la connexion, les liens de réinitialisation du mot de passe et les avis passent par la nouvelle adresse ; cette adresse-ci ne permet plus de se connecter à Koma.\n\nSi c’est vous qui avez fait ce changement, vous n’avez rien d’autre à faire.\n\nSinon, quelqu’un d’autre utilise peut-être votre compte. Contactez-nous tout de suite, depuis cette adresse, en citant ce message, afin que nous puissions vous rendre votre compte :\n${help}\nChangez aussi le mot de passe de tout autre service où vous utilisiez votre mot de passe Koma.`,
    }),
  },
  inquiry: {
    en: ({ id }) => ({
      subject: `We received your inquiry (#${id})`,
      text: `Thank you for contacting Koma. We received your inquiry #${id} and will answer by e-mail, usually within 3 business days.`,
    }),
    ja: ({ id }) => ({
      subject: `【Koma】お問い合わせを受け付けました（#${id}）`,
      text: `Komaへのお問い合わせありがとうございます。お問い合わせ #${id} を受け付けました。通常3営業日以内にメールでご回答いたします。`,
    }),
    fr: ({ id }) => ({
      subject: `Nous avons bien reçu votre demande (n° ${id})`,
      text: `Merci d’avoir contacté Koma. Nous avons reçu votre demande n° ${id} et vous répondrons par e-mail, généralement sous 3 jours ouvrés.`,
    }),
  },
} satisfies Record<string, Record<Locale, Template>>

/** The mails there are: a template is named, so it always exists. */
export type MailTemplate = keyof typeof TEMPLATES

export function renderMail(template: MailTemplate, locale: Locale, values: Record<string, string> = {}): { subject: string; text: string } {
  const { subject, text } = TEMPLATES[template][locale](values)
  return { subject, text: `${text}\n\n${SIGNATURE[locale]}\n` }
}
