import type { ContractCatalog } from '#shared/i18n/catalog'
import { MAX_MEGAPIXELS, notAudioText } from './formats'
import { sizeText } from '#shared/messages'
import { GAME_LIMITS } from '#shared/limits'

export const es: ContractCatalog = {
  classMessages: {
    notFound: 'No se encontró la clase',
    memberNotFound: 'No se encontró al estudiante en esta clase',
    codeRequired: 'El código de acceso es obligatorio.',
    codeUnknown: 'Ninguna clase tiene este código de acceso. Compruébalo con tu profesor.',
    teacherCannotLeave: 'Un profesor no puede salir de su propia clase. Elimina la clase en su lugar.',
    setIdRequired: 'setId es obligatorio.',
    setNotAssigned: 'Este set no está asignado a la clase.',
    dueAt: 'dueAt debe ser una fecha y hora (ISO 8601) o null.',
  },
  gameMessages: {
    notFound: 'No se encontró la partida',
    codeUnknown: 'Ninguna partida tiene este código. Comprueba el código en la pantalla grande.',
    codeInvalid: 'El código de la partida tiene 6 dígitos.',
    nicknameTaken: 'Este apodo ya está en uso en esta partida. Elige otro.',
    full: `Esta partida está llena (${GAME_LIMITS.maxPlayers} jugadores).`,
    started: 'Esta partida ya ha empezado. Espera a la siguiente.',
    ended: 'Esta partida ha terminado.',
    notStarted: 'La partida aún no ha empezado.',
    noPlayers: 'Al menos un jugador debe unirse antes de que empiece la partida.',
    alreadyStarted: 'La partida ya ha empezado.',
    alreadyAnswered: 'Ya has respondido a esta pregunta.',
    closed: 'Esta pregunta está cerrada.',
    movedOn: 'La partida ya ha avanzado. Inténtalo de nuevo.',
    setTooSmall: `Una partida en vivo necesita un set con al menos ${GAME_LIMITS.choices} tarjetas con respuestas distintas.`,
    setIdRequired: 'setId es obligatorio.',
    mode: 'El modo debe ser solo o teams.',
    questionCount: `El número de preguntas debe estar entre ${GAME_LIMITS.questionsMin} y ${GAME_LIMITS.questionsMax}.`,
    seconds: `Los segundos por pregunta deben estar entre ${GAME_LIMITS.secondsMin} y ${GAME_LIMITS.secondsMax}.`,
    index: 'index debe ser el número de la pregunta.',
    choice: 'choice debe ser 0, 1, 2 o 3.',
    playersOnly: 'Solo responden los jugadores de la partida: envía tu token de jugador.',
  },
  mediaMessages: {
    notAnImage: 'Este archivo no es una imagen PNG, JPEG, WebP ni GIF.',
    wrongContentType:
      'Envía la imagen o la grabación como cuerpo, con Content-Type image/png, image/jpeg, image/webp, image/gif, audio/mpeg, audio/ogg, audio/wav, audio/webm o audio/mp4.',
    notAudio: (type: string) =>
      notAudioText(type, (format) => `Este archivo no es un archivo ${format} con sonido.`, 'Este archivo no es una grabación con sonido.'),
    unknownDuration: 'No se puede leer la duración de esta grabación en el archivo. Guárdala de nuevo (MP3, Ogg, WAV, WebM o MP4) y vuelve a intentarlo.',
    audioTooLong: (seconds: number, maxSeconds: number) => `Esta grabación dura ${seconds} segundos; se permiten como máximo ${maxSeconds} segundos.`,
    notARecording: 'Este archivo no es una grabación: elige un archivo de audio MP3, Ogg, WAV, WebM o MP4.',
    cannotRecord: 'Este navegador no puede grabar sonido. Sube una grabación.',
    noMicrophone: 'El micrófono no está disponible. Permite su uso en este sitio o sube una grabación.',
    uploadFailed: 'No se pudo subir la grabación. Inténtalo de nuevo.',
    unknownAudio: 'No se encontró esta grabación. Súbela de nuevo.',
    polyglot: 'Esta imagen contiene otros datos además de la imagen (un archivo oculto en ella). Guárdala de nuevo como imagen simple y vuelve a intentarlo.',
    cannotDecode: 'No se pudo leer esta imagen: el archivo está dañado o incompleto.',
    tooManyPixels: (width?: number, height?: number) =>
      width && height
        ? `Esta imagen es demasiado grande para procesarla: ${width} × ${height} píxeles superan los ${MAX_MEGAPIXELS} megapíxeles.`
        : `Esta imagen es demasiado grande para procesarla: tiene más de ${MAX_MEGAPIXELS} megapíxeles.`,
    tooLarge: (maxBytes: number) => `Esta imagen ocupa más de ${sizeText(maxBytes)}. Redúcela o elige un archivo más pequeño.`,
    quotaFull: (quotaBytes: number) =>
      `Tu espacio para imágenes está lleno (${sizeText(quotaBytes)}). Quita imágenes de tarjetas o sets que ya no necesites y vuelve a intentarlo.`,
    notFound: 'No se encontró la imagen',
    unknownImage: 'No se encontró esta imagen. Súbela de nuevo.',
  },
}
