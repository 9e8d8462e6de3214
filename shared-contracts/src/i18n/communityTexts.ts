import type { Locale } from './locales'

/** Texts the community API sends (refusals and the report category labels), in ja, en and fr. */
export const COMMUNITY_TEXTS = {
  commentNotFound: { en: 'This comment cannot be found.', ja: 'コメントが見つかりません。', fr: 'Ce commentaire est introuvable.' },
  commentNotYours: {
    en: 'You can only delete your own comments.',
    ja: '削除できるのは自分のコメントだけです。',
    fr: 'Vous ne pouvez supprimer que vos propres commentaires.',
  },
  commentAlreadyLiked: {
    en: 'You have already liked this comment.',
    ja: 'このコメントにはすでにいいねしています。',
    fr: 'Vous avez déjà aimé ce commentaire.',
  },
  commentNotLiked: { en: 'You have not liked this comment.', ja: 'このコメントにはいいねしていません。', fr: "Vous n'avez pas aimé ce commentaire." },
  commentOwnReport: {
    en: 'You cannot report your own comment.',
    ja: '自分のコメントは報告できません。',
    fr: 'Vous ne pouvez pas signaler votre propre commentaire.',
  },
  commentTooFast: {
    en: 'You are posting too quickly. Please wait {seconds} seconds and try again.',
    ja: '投稿が早すぎます。{seconds}秒ほど待ってからもう一度お試しください。',
    fr: 'Vous publiez trop vite. Veuillez patienter {seconds} secondes puis réessayer.',
  },
  commentsDisabled: {
    en: 'Comments are closed for this title.',
    ja: 'この作品ではコメントを受け付けていません。',
    fr: 'Les commentaires sont fermés pour ce titre.',
  },
  muteSelf: { en: 'You cannot mute yourself.', ja: '自分をミュートすることはできません。', fr: 'Vous ne pouvez pas vous masquer vous-même.' },
  userNotFound: { en: 'This user cannot be found.', ja: 'ユーザーが見つかりません。', fr: 'Cet utilisateur est introuvable.' },
  // Report categories (configuration commentIssues and contentIssues, SPEC §3).
  issueUnpleasant: { en: 'Unpleasant or offensive', ja: '不快・攻撃的な内容', fr: 'Désagréable ou offensant' },
  issueSpam: { en: 'Spam or advertising', ja: 'スパム・宣伝', fr: 'Spam ou publicité' },
  issuePersonalInformation: { en: 'Personal information', ja: '個人情報の掲載', fr: 'Informations personnelles' },
  issueSexualViolence: { en: 'Sexual or violent content', ja: '性的・暴力的な内容', fr: 'Contenu sexuel ou violent' },
  issueInappropriateSolicitation: { en: 'Inappropriate solicitation', ja: '不適切な勧誘', fr: 'Sollicitation inappropriée' },
  issueOther: { en: 'Other', ja: 'その他', fr: 'Autre' },
  issueAspect: { en: 'Images are stretched or cut off', ja: '画像の比率・見切れ', fr: 'Images déformées ou coupées' },
  issueCaption: { en: 'Text or captions are wrong', ja: 'セリフ・文字の誤り', fr: 'Texte ou bulles erronés' },
  issueImage: { en: 'Images do not load or look broken', ja: '画像が表示されない・乱れている', fr: "Images qui ne s'affichent pas ou abîmées" },
  issueOrder: { en: 'Pages are in the wrong order', ja: 'ページの順番が違う', fr: 'Pages dans le mauvais ordre' },
  issueName: { en: 'Title or episode name is wrong', ja: '作品名・話数の誤り', fr: "Titre ou nom d'épisode erroné" },
} as const satisfies Record<string, Record<Locale, string>>
