import type { Locale } from './locales'

/** Texts the operator API sends (refusals, form problems, what reporters are told), in ja, en and fr. */
export const OPS_TEXTS = {
  operatorOnly: { en: 'This function is for operators only.', ja: 'この機能は運営者専用です。', fr: 'Cette fonction est réservée aux opérateurs.' },
  operatorStepUp: {
    en: 'Enter the code from your authenticator app to continue.',
    ja: '続けるには認証アプリのコードを入力してください。',
    fr: "Saisissez le code de votre application d'authentification pour continuer.",
  },
  releaseCannotCheck: {
    en: 'The service cannot check who you are right now. Try again in a moment.',
    ja: '現在、ご本人の確認ができません。しばらくしてからもう一度お試しください。',
    fr: 'Le service ne peut pas vérifier votre identité pour le moment. Réessayez dans un instant.',
  },
  releaseNothingToDo: {
    en: '{package}: there is no canary to promote, or no earlier version to roll back to.',
    ja: '{package}：公開できるカナリアも、戻せる以前のバージョンもありません。',
    fr: '{package} : aucun canari à mettre en ligne, ni de version précédente à rétablir.',
  },
  operatorEnrolFirst: {
    en: 'Set up your authenticator app first.',
    ja: '先に認証アプリを設定してください。',
    fr: "Configurez d'abord votre application d'authentification.",
  },
  operatorAlreadyEnrolled: {
    en: 'Your authenticator app is already set up. Ask another operator to reset it.',
    ja: '認証アプリはすでに設定されています。再設定は他の運営者に依頼してください。',
    fr: "Votre application d'authentification est déjà configurée. Demandez à un autre opérateur de la réinitialiser.",
  },
  totpWrong: {
    en: 'This code is not right, or it was already used. Check your authenticator app and try again.',
    ja: 'コードが正しくないか、すでに使われています。認証アプリを確認してもう一度お試しください。',
    fr: "Ce code est incorrect ou a déjà été utilisé. Vérifiez votre application d'authentification et réessayez.",
  },
  totpFormat: { en: 'Enter the 6-digit code.', ja: '6桁のコードを入力してください。', fr: 'Saisissez le code à 6 chiffres.' },
  enrolmentCodeFormat: {
    en: 'Enter the set-up code the team gave you (20 letters and digits).',
    ja: '運営チームから受け取った設定コード（英数字20文字）を入力してください。',
    fr: "Saisissez le code de configuration que l'équipe vous a remis (20 lettres et chiffres).",
  },
  enrolmentCodeWrong: {
    en: 'This set-up code is wrong, was already used or has expired. Ask the team for a new one.',
    ja: 'この設定コードは正しくないか、使用済みか、期限切れです。運営チームに新しいコードを依頼してください。',
    fr: "Ce code de configuration est incorrect, déjà utilisé ou expiré. Demandez-en un nouveau à l'équipe.",
  },
  totpTooManyGuesses: {
    en: 'Too many wrong codes. Please try again in {minutes} min.',
    ja: '間違ったコードが多すぎます。{minutes}分後にもう一度お試しください。',
    fr: 'Trop de codes erronés. Veuillez réessayer dans {minutes} min.',
  },
  fieldRequired: { en: '{field}: please fill this in.', ja: '{field}: 入力してください。', fr: '{field} : veuillez remplir ce champ.' },
  fieldTooLong: { en: '{field}: {max} characters at most.', ja: '{field}: {max}文字以内で入力してください。', fr: '{field} : {max} caractères au maximum.' },
  fieldInvalid: { en: '{field} is not valid.', ja: '{field}が正しくありません。', fr: "{field} n'est pas valide." },
  fieldEndBeforeStart: {
    en: '{field}: the end must come after the start.',
    ja: '{field}: 終了は開始より後にしてください。',
    fr: '{field} : la fin doit venir après le début.',
  },
  fieldInPast: {
    en: '{field}: choose now or a later time.',
    ja: '{field}: 現在以降の日時を指定してください。',
    fr: '{field} : choisissez maintenant ou une date ultérieure.',
  },
  couponExists: { en: 'A coupon with this code already exists.', ja: 'このコードのクーポンはすでにあります。', fr: 'Un code promo identique existe déjà.' },
  couponNotFound: { en: 'This coupon cannot be found.', ja: 'クーポンが見つかりません。', fr: 'Ce code promo est introuvable.' },
  giftRequestReused: {
    en: 'This form already sent a different gift. Reload the page to send a new one.',
    ja: 'このフォームからは別のプレゼントがすでに送られています。新しく送るにはページを再読み込みしてください。',
    fr: 'Ce formulaire a déjà envoyé un autre cadeau. Rechargez la page pour en envoyer un nouveau.',
  },
  reportNotFound: { en: 'This report cannot be found.', ja: '通報が見つかりません。', fr: 'Ce signalement est introuvable.' },
  reportActionNotAllowed: {
    en: 'This action does not apply to this report.',
    ja: 'この通報にはこの操作を行えません。',
    fr: "Cette action ne s'applique pas à ce signalement.",
  },
  importWrongKind: {
    en: 'Choose one EPUB file, or the pages of a comic as JPEG, PNG, WebP or GIF images.',
    ja: 'EPUBファイルを1つ、またはマンガのページ（JPEG・PNG・WebP・GIF画像）を選んでください。',
    fr: 'Choisissez un fichier EPUB, ou les pages d’une BD en images JPEG, PNG, WebP ou GIF.',
  },
  importTooLarge: {
    en: 'This upload is too large: an EPUB of {epub} MB, pages of {image} MB each, {total} MB and {pages} pages in all at most.',
    ja: 'アップロードが大きすぎます。EPUBは{epub}MBまで、ページは1枚{image}MBまで、合計{total}MB・{pages}ページまでです。',
    fr: 'Cet envoi est trop volumineux : un EPUB de {epub} Mo, des pages de {image} Mo chacune, {total} Mo et {pages} pages en tout au maximum.',
  },
  importRefused: {
    en: 'This could not be imported: {reason}',
    ja: '取り込めませんでした：{reason}',
    fr: 'Import impossible : {reason}',
  },
  // An EPUB past ARCHIVE_LIMITS (infra/api/src/limits.ts), refused from its zip directory: nothing is kept.
  importArchiveEntries: {
    en: 'This EPUB holds {count} files; at most {max} are accepted.',
    ja: 'このEPUBには{count}個のファイルがあります。受け付けられるのは{max}個までです。',
    fr: 'Cet EPUB contient {count} fichiers ; {max} au maximum sont acceptés.',
  },
  importArchiveEntryBytes: {
    en: '{file} in this EPUB unpacks to more than {max} MB; at most {max} MB per file are accepted.',
    ja: 'このEPUBの{file}は展開すると{max}MBを超えます。1ファイル{max}MBまでです。',
    fr: 'Le fichier {file} de cet EPUB dépasse {max} Mo une fois décompressé ; {max} Mo par fichier au maximum.',
  },
  importArchiveBookBytes: {
    en: 'This EPUB unpacks to more than {max} MB in all; at most {max} MB are accepted.',
    ja: 'このEPUBは展開すると合計{max}MBを超えます。受け付けられるのは{max}MBまでです。',
    fr: 'Cet EPUB dépasse {max} Mo une fois décompressé ; {max} Mo au maximum sont acceptés.',
  },
  importArchiveRatio: {
    en: '{file} in this EPUB unpacks to {ratio} times its packed size; at most {max} times is accepted (it looks like a zip bomb).',
    ja: 'このEPUBの{file}は圧縮時の{ratio}倍に展開されます。受け付けられるのは{max}倍までです（ZIP爆弾の疑い）。',
    fr: 'Le fichier {file} de cet EPUB se décompresse à {ratio} fois sa taille compressée ; {max} fois au maximum (cela ressemble à une bombe de décompression).',
  },
  sanctionOperator: {
    en: 'Operators cannot be muted or suspended. Revoke the operator role first.',
    ja: '運営者はミュート・利用停止できません。先に運営者権限を外してください。',
    fr: "Les opérateurs ne peuvent être ni réduits au silence ni suspendus. Retirez d'abord le rôle d'opérateur.",
  },
  accountSuspended: {
    en: 'This account is suspended. Please contact us through the inquiry form.',
    ja: 'このアカウントは利用停止中です。お問い合わせフォームからご連絡ください。',
    fr: 'Ce compte est suspendu. Veuillez nous contacter via le formulaire de contact.',
  },
  commentMuted: {
    en: 'You cannot post comments until {time}.',
    ja: '{time}までコメントを投稿できません。',
    fr: 'Vous ne pouvez pas publier de commentaires avant le {time}.',
  },
  // What a reporter finds in the inbox once an operator has looked at the report.
  reportOutcomeTitle: { en: 'About your report', ja: '通報の結果について', fr: 'À propos de votre signalement' },
  reportOutcomeHidden: {
    en: 'Thank you for your report. We reviewed the comment and removed it.',
    ja: '通報ありがとうございました。該当のコメントを確認し、非表示にしました。',
    fr: 'Merci pour votre signalement. Nous avons examiné le commentaire et l’avons retiré.',
  },
  reportOutcomeKept: {
    en: 'Thank you for your report. We reviewed the comment and found that it follows our rules, so it stays visible.',
    ja: '通報ありがとうございました。該当のコメントを確認しましたが、ガイドライン違反は見つからなかったため表示を続けます。',
    fr: 'Merci pour votre signalement. Nous avons examiné le commentaire : il respecte nos règles et reste visible.',
  },
  reportOutcomeContent: {
    en: 'Thank you for your report about this episode. Our team has looked into it.',
    ja: 'エピソードに関する通報ありがとうございました。担当者が確認しました。',
    fr: 'Merci pour votre signalement concernant cet épisode. Notre équipe l’a examiné.',
  },
} as const satisfies Record<string, Record<Locale, string>>
