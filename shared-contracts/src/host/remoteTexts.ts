import type { Locale } from '../i18n/locales'

/** Texts of the failed-area panel: part of contracts because the panel must work when a remote cannot load. */
export const remoteTexts: Record<Locale, { title: string; description: string; retry: string; loading: string; home: string; episodes: string }> = {
  en: {
    title: 'This part of the page could not be loaded.',
    description: 'Check your connection and try again. The rest of Koma still works.',
    retry: 'Retry',
    loading: 'Loading…',
    home: 'Go to home',
    episodes: 'Back to the episode list',
  },
  ja: {
    title: 'この部分を読み込めませんでした。',
    description: '接続を確認して、もう一度お試しください。他のページは引き続きご利用いただけます。',
    retry: '再試行',
    loading: '読み込み中…',
    home: 'ホームへ',
    episodes: '話一覧へ戻る',
  },
  fr: {
    title: "Cette partie de la page n'a pas pu être chargée.",
    description: 'Vérifiez votre connexion et réessayez. Le reste de Koma fonctionne toujours.',
    retry: 'Réessayer',
    loading: 'Chargement…',
    home: "Aller à l'accueil",
    episodes: 'Retour à la liste des épisodes',
  },
}
