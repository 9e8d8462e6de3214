import type { TextColumn } from '../textColumn'

/** The shared texts in French: one for each key of en.ts, with the same {placeholders}. */
const fr: TextColumn = {
  pageNotFound: 'Page introuvable : {path}',
  invalidRequestHashToken: 'Invalid request hash token',
  cannotFindHost: 'serveur introuvable',
  connectionLost: 'connexion perdue',
  badServerResponse: 'Le serveur a renvoyé une réponse invalide.',
  undefinedError: 'Une erreur inconnue est survenue. Veuillez réessayer plus tard.',
  authenticationError: "Erreur d'authentification. Veuillez vous reconnecter.",
  incorrectEmailOrPassword: 'E-mail ou mot de passe incorrect',
  guestNotAllowed: 'Les utilisateurs invités ne peuvent pas utiliser cette fonction.',
  comicNotFound: 'Cette bande dessinée est introuvable.',
  chapterNotFound: 'Cet épisode est introuvable.',
  chapterLocked: 'Débloquez cet épisode pour le lire.',
  salesSuspended: 'La vente de cet épisode est suspendue.',
  matureNotAccepted: 'Ce titre est réservé aux adultes. Veuillez confirmer pour continuer.',
  systemMaintenance: 'Maintenance du système',
  invalidParameter: "{field} n'est pas valide.",
  notFound: 'Introuvable',
  campaignUnavailable: 'Cette campagne n’a pas lieu en ce moment.',
  tooManyRequests: 'Trop de requêtes. Veuillez patienter un instant puis réessayer.',
  tooManyRequestsMinutes: 'Trop de requêtes. Veuillez réessayer dans {minutes} min.',
  requestTooLarge: 'La requête est trop volumineuse.',
  noMorePages: 'Il n’y a plus rien à afficher.',
  searchQueryRequired: 'Veuillez saisir un titre, un auteur ou un mot-clé.',
  releaseNotificationUnavailable: 'Ce titre est déjà disponible.',
  internetUnstable: 'Votre connexion internet est instable. Vérifiez-la puis réessayez.',
  dataNotObtained: 'Les données n’ont pas pu être obtenues. Veuillez réessayer plus tard.',
  popupsBlocked: 'Les fenêtres pop-up sont bloquées. Autorisez-les pour ce site puis réessayez.',
  // Account texts the browser itself shows (sign-in, reset, invitation, updated terms).
  passwordResetFailed: 'Votre mot de passe n’a pas pu être réinitialisé. Veuillez réessayer.',
  authenticationFailed: 'L’authentification a échoué. Veuillez réessayer ou réinitialiser votre mot de passe.',
  guestAuthenticationFailed: 'L’authentification invité a échoué. Veuillez réessayer ou vous connecter.',
  invitationFailed: 'Ce lien d’invitation n’a pas pu être ouvert. Il est peut-être incomplet ou n’est plus valide.',
  termsAgreementRequired:
    'Nos conditions d’utilisation ont été mises à jour. Vous pouvez les lire via le lien en bas de chaque page. Acceptez-les pour continuer à utiliser votre compte ; sinon, vous serez déconnecté.',
  termsUpdatedTitle: 'Conditions d’utilisation mises à jour',
  termsAgree: 'J’accepte',
  termsDecline: 'Refuser et se déconnecter',
}

export default fr
