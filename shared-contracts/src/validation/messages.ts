import type { Locale } from '../i18n/locales'

/** SPEC §5 messages. English is the SPEC's wording, exactly. */
export const VALIDATION_MESSAGES = {
  emailRequired: { en: 'Please input Email address.', ja: 'メールアドレスを入力してください。', fr: 'Veuillez saisir votre adresse e-mail.' },
  emailFormat: { en: 'Email address format is incorrect.', ja: 'メールアドレスの形式が正しくありません。', fr: "Le format de l'adresse e-mail est incorrect." },
  emailUnchanged: { en: 'Email address has not changed.', ja: 'メールアドレスが変更されていません。', fr: "L'adresse e-mail n'a pas changé." },
  passwordRequired: { en: 'Please input Password.', ja: 'パスワードを入力してください。', fr: 'Veuillez saisir votre mot de passe.' },
  passwordLength: {
    en: 'Please use 8 to 32 characters for your password.',
    ja: 'パスワードは8〜32文字で入力してください。',
    fr: 'Votre mot de passe doit contenir de 8 à 32 caractères.',
  },
  passwordCharacters: {
    en: 'Please use only alphabets, numbers, and symbols for your password.',
    ja: 'パスワードには英字、数字、記号のみを使用してください。',
    fr: 'Utilisez uniquement des lettres, des chiffres et des symboles pour votre mot de passe.',
  },
  passwordNumberOrSymbol: {
    en: 'For your password, please use 8 to 32 characters that contain at least one number or symbol.',
    ja: 'パスワードは数字または記号を1つ以上含む8〜32文字で入力してください。',
    fr: 'Votre mot de passe doit contenir de 8 à 32 caractères, dont au moins un chiffre ou un symbole.',
  },
  passwordRetype: {
    en: 'Retyped password is not match. Please retry.',
    ja: '再入力したパスワードが一致しません。もう一度お試しください。',
    fr: 'Les mots de passe saisis ne correspondent pas. Veuillez réessayer.',
  },
  passwordSpaces: { en: 'Please remove any spaces.', ja: 'スペースを削除してください。', fr: 'Veuillez supprimer les espaces.' },
  nicknameRequired: { en: 'Please input Nickname.', ja: 'ニックネームを入力してください。', fr: 'Veuillez saisir un pseudo.' },
  mobileRequired: {
    en: 'Please enter your mobile phone number.',
    ja: '携帯電話番号を入力してください。',
    fr: 'Veuillez saisir votre numéro de téléphone mobile.',
  },
  // Accounts (issue 5): SPEC §5 wording where the SPEC gives it.
  codeRequired: { en: 'Enter Your Verification Code.', ja: '認証コードを入力してください。', fr: 'Saisissez votre code de vérification.' },
  nicknameLength: {
    en: 'Please use 20 characters or fewer for your nickname.',
    ja: 'ニックネームは20文字以内で入力してください。',
    fr: 'Votre pseudo doit contenir 20 caractères au maximum.',
  },
  nicknameCharacters: {
    en: 'Your nickname contains characters that cannot be used.',
    ja: 'ニックネームに使用できない文字が含まれています。',
    fr: 'Votre pseudo contient des caractères non autorisés.',
  },
  mobileFormat: {
    en: 'This is not a valid mobile phone number form.',
    ja: '携帯電話番号の形式が正しくありません。',
    fr: "Ce numéro de téléphone mobile n'est pas valide.",
  },
  birthdayInvalid: { en: 'Please enter a valid date of birth.', ja: '正しい生年月日を入力してください。', fr: 'Veuillez saisir une date de naissance valide.' },
  ageTooYoung: {
    en: 'You must be 16 or older to sign up.',
    ja: '16歳以上の方のみご登録いただけます。',
    fr: 'Vous devez avoir 16 ans ou plus pour vous inscrire.',
  },
  termsRequired: { en: 'Please agree to the Terms of Use.', ja: '利用規約に同意してください。', fr: "Veuillez accepter les conditions d'utilisation." },
  privacyRequired: {
    en: 'Please agree to the Privacy Policy.',
    ja: 'プライバシーポリシーに同意してください。',
    fr: 'Veuillez accepter la politique de confidentialité.',
  },
  currentPasswordRequired: {
    en: 'Please input your current password.',
    ja: '現在のパスワードを入力してください。',
    fr: 'Veuillez saisir votre mot de passe actuel.',
  },
  categoryRequired: { en: 'Please select a category.', ja: 'カテゴリーを選択してください。', fr: 'Veuillez choisir une catégorie.' },
  inquiryRequired: { en: 'Please enter your inquiry.', ja: 'お問い合わせ内容を入力してください。', fr: 'Veuillez saisir votre demande.' },
  inquiryLength: {
    en: 'Please keep your inquiry to 5000 characters or fewer.',
    ja: 'お問い合わせ内容は5000文字以内で入力してください。',
    fr: 'Votre demande doit contenir 5000 caractères au maximum.',
  },
  inquiryImages: { en: 'You can attach up to 3 images.', ja: '添付できる画像は3枚までです。', fr: "Vous pouvez joindre jusqu'à 3 images." },
  couponRequired: { en: 'Please enter a coupon code.', ja: 'クーポンコードを入力してください。', fr: 'Veuillez saisir un code promo.' },
  reasonRequired: { en: 'Please select a reason.', ja: '理由を選択してください。', fr: 'Veuillez choisir une raison.' },
  // Coin shop (issue 6): SPEC §5 Japanese credit card form.
  cardNumber: {
    en: 'Please enter the 16-digit card number.',
    ja: 'カード番号（16桁）を正しく入力してください。',
    fr: 'Veuillez saisir les 16 chiffres du numéro de carte.',
  },
  cardMonth: {
    en: 'Please enter a valid expiry month (01–12).',
    ja: '有効期限（月）を正しく入力してください。',
    fr: "Veuillez saisir un mois d'expiration valide (01–12).",
  },
  cardYear: { en: 'Please enter the expiry year.', ja: '有効期限（年）を入力してください。', fr: "Veuillez saisir l'année d'expiration." },
  cardSecurityCode: {
    en: 'Please enter the 3-digit security code.',
    ja: 'セキュリティコード（3桁）を正しく入力してください。',
    fr: 'Veuillez saisir le cryptogramme à 3 chiffres.',
  },
  cardholderName: { en: 'Please enter the name on the card.', ja: 'カード名義人を入力してください。', fr: 'Veuillez saisir le nom figurant sur la carte.' },
  // Community (issue 7): SPEC §5 comment and report rules.
  commentRequired: { en: 'Please enter a comment.', ja: 'コメントを入力してください。', fr: 'Merci de saisir un commentaire.' },
  commentLength: {
    en: 'Please keep your comment to 400 characters or fewer.',
    ja: 'コメントは400文字以内で入力してください。',
    fr: 'Votre commentaire doit contenir 400 caractères au maximum.',
  },
  commentCharacters: {
    en: 'Your comment contains characters that cannot be used.',
    ja: 'コメントに使用できない文字が含まれています。',
    fr: 'Votre commentaire contient des caractères non autorisés.',
  },
  reportCategoryRequired: { en: 'Please select a report category.', ja: '報告の種類を選択してください。', fr: 'Veuillez choisir un motif de signalement.' },
  reportMessageCharacters: {
    en: 'Your description contains characters that cannot be used.',
    ja: '詳細に使用できない文字が含まれています。',
    fr: 'Votre description contient des caractères non autorisés.',
  },
  reportMessageLength: {
    en: 'Please keep your description to 400 characters or fewer.',
    ja: '詳細は400文字以内で入力してください。',
    fr: 'Votre description doit contenir 400 caractères au maximum.',
  },
  notValid: { en: '{field} is not valid.', ja: '{field}が正しくありません。', fr: "{field} n'est pas valide." },
} as const satisfies Record<string, Record<Locale, string>>

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES

export function validationMessage(key: ValidationMessageKey, locale: Locale, values: Record<string, string> = {}): string {
  return VALIDATION_MESSAGES[key][locale].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}
