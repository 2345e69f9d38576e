import type { DesktopMessages } from './messages'

export const fr: DesktopMessages = {
  file: 'Fichier',
  view: 'Affichage',
  help: 'Aide',
  shareWithClass: 'Partager avec ma classe…',
  showSharingAddress: 'Afficher l’adresse de partage',
  openDataFolder: 'Ouvrir le dossier des données',
  version: (version: string) => `Cardwise ${version}`,
  sharingTitle: 'Partager avec ma classe',
  sharingQuestion: 'Partager Cardwise avec les appareils de ce réseau ?',
  sharingDetail:
    'Les élèves du même réseau (Wi-Fi ou câble) pourront alors ouvrir Cardwise sur leurs téléphones et ordinateurs portables, créer des comptes et réviser les listes que vous leur attribuez.\n\n' +
    'La connexion est en HTTP simple, non chiffrée : ne partagez que sur un réseau de confiance, comme celui de l’école, et arrêtez le partage à la fin du cours. ' +
    'Le partage s’arrête quand vous quittez Cardwise.',
  share: 'Partager',
  cancel: 'Annuler',
  sharingFailed: 'Le partage n’a pas pu démarrer',
  startFailed: 'Cardwise n’a pas pu démarrer',
  startFailedDetail: (reason: string, dataDir: string) =>
    `${reason}\n\nDossier des données : ${dataDir}\n\nFermez tout autre programme qui utilise ce dossier, vérifiez que le disque a de l’espace libre, puis relancez Cardwise.`,
  pageHeading: 'Les élèves ouvrent cette adresse',
  qrAlt: (address: string) => `QR code de ${address}`,
  pageHow: 'Sur un téléphone ou un ordinateur portable du même réseau (Wi-Fi ou câble) que cet ordinateur, ou en scannant le code.',
  pageAdvice:
    'La connexion est en HTTP simple : ne partagez que sur un réseau de confiance et arrêtez le partage à la fin du cours (Fichier › Partager avec ma classe).',
}
