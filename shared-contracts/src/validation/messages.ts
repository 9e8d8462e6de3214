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
  notValid: { en: '{field} is not valid.', ja: '{field}が正しくありません。', fr: "{field} n'est pas valide." },
} as const satisfies Record<string, Record<Locale, string>>

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES

export function validationMessage(key: ValidationMessageKey, locale: Locale, values: Record<string, string> = {}): string {
  return VALIDATION_MESSAGES[key][locale].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}
