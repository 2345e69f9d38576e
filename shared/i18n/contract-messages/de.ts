import type { ContractCatalog } from '#shared/i18n/catalog'
import { MAX_MEGAPIXELS, notAudioText } from './formats'
import { sizeText } from '#shared/messages'
import { GAME_LIMITS } from '#shared/limits'

export const de: ContractCatalog = {
  classMessages: {
    notFound: 'Klasse nicht gefunden',
    memberNotFound: 'Schüler nicht in dieser Klasse gefunden',
    codeRequired: 'Ein Beitrittscode ist erforderlich.',
    codeUnknown: 'Keine Klasse hat diesen Beitrittscode. Frag deine Lehrkraft danach.',
    teacherCannotLeave: 'Eine Lehrkraft kann ihre eigene Klasse nicht verlassen. Lösche stattdessen die Klasse.',
    setIdRequired: 'setId ist erforderlich.',
    setNotAssigned: 'Dieses Set ist der Klasse nicht zugewiesen.',
    dueAt: 'dueAt muss ein Datum mit Uhrzeit (ISO 8601) oder null sein.',
  },
  gameMessages: {
    notFound: 'Spiel nicht gefunden',
    codeUnknown: 'Kein Spiel hat diesen Code. Prüfe den Code auf dem großen Bildschirm.',
    codeInvalid: 'Der Spielcode hat 6 Ziffern.',
    nicknameTaken: 'Dieser Spitzname ist in diesem Spiel schon vergeben. Wähle einen anderen.',
    full: `Dieses Spiel ist voll (${GAME_LIMITS.maxPlayers} Spieler).`,
    started: 'Dieses Spiel hat schon begonnen. Warte auf das nächste.',
    ended: 'Dieses Spiel ist beendet.',
    notStarted: 'Das Spiel hat noch nicht begonnen.',
    noPlayers: 'Mindestens ein Spieler muss beitreten, bevor das Spiel beginnt.',
    alreadyStarted: 'Das Spiel hat schon begonnen.',
    alreadyAnswered: 'Du hast diese Frage schon beantwortet.',
    closed: 'Diese Frage ist geschlossen.',
    movedOn: 'Das Spiel ist schon weiter. Versuche es erneut.',
    setTooSmall: `Ein Live-Spiel braucht ein Set mit mindestens ${GAME_LIMITS.choices} Karten mit verschiedenen Antworten.`,
    setIdRequired: 'setId ist erforderlich.',
    mode: 'Der Modus muss solo oder teams sein.',
    questionCount: `Die Anzahl der Fragen muss zwischen ${GAME_LIMITS.questionsMin} und ${GAME_LIMITS.questionsMax} liegen.`,
    seconds: `Die Sekunden pro Frage müssen zwischen ${GAME_LIMITS.secondsMin} und ${GAME_LIMITS.secondsMax} liegen.`,
    index: 'index muss die Nummer der Frage sein.',
    choice: 'choice muss 0, 1, 2 oder 3 sein.',
    playersOnly: 'Nur die Spieler des Spiels antworten: Sende dein Spieler-Token.',
  },
  mediaMessages: {
    notAnImage: 'Diese Datei ist kein PNG-, JPEG-, WebP- oder GIF-Bild.',
    wrongContentType:
      'Sende das Bild oder die Aufnahme selbst als Inhalt, mit dem Content-Type image/png, image/jpeg, image/webp, image/gif, audio/mpeg, audio/ogg, audio/wav, audio/webm oder audio/mp4.',
    notAudio: (type: string) => notAudioText(type, (format) => `Diese Datei ist keine ${format}-Datei mit Ton.`, 'Diese Datei ist keine Aufnahme mit Ton.'),
    unknownDuration:
      'Die Länge dieser Aufnahme lässt sich nicht aus der Datei lesen. Speichere sie erneut (MP3, Ogg, WAV, WebM oder MP4) und versuche es noch einmal.',
    audioTooLong: (seconds: number, maxSeconds: number) => `Diese Aufnahme ist ${seconds} Sekunden lang; höchstens ${maxSeconds} Sekunden sind erlaubt.`,
    notARecording: 'Diese Datei ist keine Aufnahme: Wähle eine MP3-, Ogg-, WAV-, WebM- oder MP4-Audiodatei.',
    cannotRecord: 'Dieser Browser kann keinen Ton aufnehmen. Lade stattdessen eine Aufnahme hoch.',
    noMicrophone: 'Das Mikrofon ist nicht verfügbar. Erlaube es für diese Website oder lade stattdessen eine Aufnahme hoch.',
    uploadFailed: 'Die Aufnahme konnte nicht hochgeladen werden. Versuche es erneut.',
    unknownAudio: 'Diese Aufnahme wurde nicht gefunden. Lade sie erneut hoch.',
    polyglot:
      'Dieses Bild enthält außer dem Bild noch andere Daten (eine darin versteckte Datei). Speichere es erneut als einfaches Bild und versuche es noch einmal.',
    cannotDecode: 'Dieses Bild konnte nicht gelesen werden: Die Datei ist beschädigt oder unvollständig.',
    tooManyPixels: (width?: number, height?: number) =>
      width && height
        ? `Dieses Bild ist zu groß zum Verarbeiten: ${width} × ${height} Pixel sind mehr als ${MAX_MEGAPIXELS} Megapixel.`
        : `Dieses Bild ist zu groß zum Verarbeiten: Es hat mehr als ${MAX_MEGAPIXELS} Megapixel.`,
    tooLarge: (maxBytes: number) => `Dieses Bild ist größer als ${sizeText(maxBytes)}. Verkleinere es oder wähle eine kleinere Datei.`,
    quotaFull: (quotaBytes: number) =>
      `Dein Bilderspeicher ist voll (${sizeText(quotaBytes)}). Entferne Bilder aus Karten oder Sets, die du nicht mehr brauchst, und versuche es dann erneut.`,
    notFound: 'Bild nicht gefunden',
    unknownImage: 'Dieses Bild wurde nicht gefunden. Lade es erneut hoch.',
  },
}
