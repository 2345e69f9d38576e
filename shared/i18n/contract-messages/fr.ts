import type { ContractCatalog } from '#shared/i18n/catalog'
import { MAX_MEGAPIXELS, notAudioText } from './formats'
import { sizeText } from '#shared/messages'
import { GAME_LIMITS } from '#shared/limits'

export const fr: ContractCatalog = {
  classMessages: {
    notFound: 'Classe introuvable',
    memberNotFound: 'Élève introuvable dans cette classe',
    codeRequired: 'Le code d’accès est obligatoire.',
    codeUnknown: 'Aucune classe n’a ce code d’accès. Vérifiez-le auprès de votre enseignant.',
    teacherCannotLeave: 'Un enseignant ne peut pas quitter sa propre classe. Supprimez plutôt la classe.',
    setIdRequired: 'setId est obligatoire.',
    setNotAssigned: 'Cette liste n’est pas attribuée à la classe.',
    dueAt: 'dueAt doit être une date et une heure (ISO 8601), ou null.',
  },
  gameMessages: {
    notFound: 'Partie introuvable',
    codeUnknown: 'Aucune partie n’a ce code. Vérifiez le code sur le grand écran.',
    codeInvalid: 'Le code de la partie comporte 6 chiffres.',
    nicknameTaken: 'Ce pseudo est déjà pris dans cette partie. Choisissez-en un autre.',
    full: `Cette partie est complète (${GAME_LIMITS.maxPlayers} joueurs).`,
    started: 'Cette partie a déjà commencé. Attendez la suivante.',
    ended: 'Cette partie est terminée.',
    notStarted: 'La partie n’a pas encore commencé.',
    noPlayers: 'Au moins un joueur doit rejoindre la partie avant qu’elle commence.',
    alreadyStarted: 'La partie a déjà commencé.',
    alreadyAnswered: 'Vous avez déjà répondu à cette question.',
    closed: 'Cette question est close.',
    movedOn: 'La partie est déjà passée à la suite. Réessayez.',
    setTooSmall: `Une partie en direct nécessite une liste d’au moins ${GAME_LIMITS.choices} cartes aux réponses différentes.`,
    setIdRequired: 'setId est obligatoire.',
    mode: 'Le mode doit être solo ou teams.',
    questionCount: `Le nombre de questions doit être compris entre ${GAME_LIMITS.questionsMin} et ${GAME_LIMITS.questionsMax}.`,
    seconds: `Le nombre de secondes par question doit être compris entre ${GAME_LIMITS.secondsMin} et ${GAME_LIMITS.secondsMax}.`,
    index: 'index doit être le numéro de la question.',
    choice: 'choice doit valoir 0, 1, 2 ou 3.',
    playersOnly: 'Seuls les joueurs de la partie répondent : envoyez votre jeton de joueur.',
  },
  mediaMessages: {
    notAnImage: 'Ce fichier n’est pas une image PNG, JPEG, WebP ou GIF.',
    wrongContentType:
      'Envoyez l’image ou l’enregistrement lui-même comme corps, avec le Content-Type image/png, image/jpeg, image/webp, image/gif, audio/mpeg, audio/ogg, audio/wav, audio/webm ou audio/mp4.',
    notAudio: (type: string) =>
      notAudioText(type, (format) => `Ce fichier n’est pas un fichier ${format} contenant du son.`, 'Ce fichier n’est pas un enregistrement contenant du son.'),
    unknownDuration: 'La durée de cet enregistrement ne peut pas être lue dans le fichier. Enregistrez-le à nouveau (MP3, Ogg, WAV, WebM ou MP4) et réessayez.',
    audioTooLong: (seconds: number, maxSeconds: number) => `Cet enregistrement dure ${seconds} secondes ; ${maxSeconds} secondes au plus sont autorisées.`,
    notARecording: 'Ce fichier n’est pas un enregistrement : choisissez un fichier audio MP3, Ogg, WAV, WebM ou MP4.',
    cannotRecord: 'Ce navigateur ne peut pas enregistrer de son. Importez plutôt un enregistrement.',
    noMicrophone: 'Le micro n’est pas disponible. Autorisez-le pour ce site ou importez plutôt un enregistrement.',
    uploadFailed: 'L’enregistrement n’a pas pu être envoyé. Réessayez.',
    unknownAudio: 'Cet enregistrement est introuvable. Importez-le à nouveau.',
    polyglot: 'Cette image contient d’autres données que l’image (un fichier caché à l’intérieur). Enregistrez-la à nouveau comme simple image et réessayez.',
    cannotDecode: 'Cette image n’a pas pu être lue : le fichier est endommagé ou incomplet.',
    tooManyPixels: (width?: number, height?: number) =>
      width && height
        ? `Cette image est trop grande pour être traitée : ${width} × ${height} pixels, c’est plus de ${MAX_MEGAPIXELS} mégapixels.`
        : `Cette image est trop grande pour être traitée : elle dépasse ${MAX_MEGAPIXELS} mégapixels.`,
    tooLarge: (maxBytes: number) => `Cette image dépasse ${sizeText(maxBytes)}. Réduisez-la ou choisissez un fichier plus petit.`,
    quotaFull: (quotaBytes: number) =>
      `Votre espace pour les images est plein (${sizeText(quotaBytes)}). Retirez les images des cartes ou des listes dont vous n’avez plus besoin, puis réessayez.`,
    notFound: 'Image introuvable',
    unknownImage: 'Cette image est introuvable. Importez-la à nouveau.',
  },
}
