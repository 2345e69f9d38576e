import type { ContractCatalog } from '#shared/i18n/catalog'
import { MAX_MEGAPIXELS, notAudioText } from './formats'
import { sizeText } from '#shared/messages'
import { GAME_LIMITS } from '#shared/limits'

export const ptBR: ContractCatalog = {
  classMessages: {
    notFound: 'Turma não encontrada',
    memberNotFound: 'Aluno não encontrado nesta turma',
    codeRequired: 'O código de acesso é obrigatório.',
    codeUnknown: 'Nenhuma turma tem este código de acesso. Confirme com seu professor.',
    teacherCannotLeave: 'Um professor não pode sair da própria turma. Exclua a turma.',
    setIdRequired: 'setId é obrigatório.',
    setNotAssigned: 'Este conjunto não está atribuído à turma.',
    dueAt: 'dueAt deve ser uma data e hora (ISO 8601), ou null.',
  },
  gameMessages: {
    notFound: 'Jogo não encontrado',
    codeUnknown: 'Nenhum jogo tem este código. Confira o código na tela grande.',
    codeInvalid: 'O código do jogo tem 6 dígitos.',
    nicknameTaken: 'Este apelido já está em uso neste jogo. Escolha outro.',
    full: `Este jogo está cheio (${GAME_LIMITS.maxPlayers} jogadores).`,
    started: 'Este jogo já começou. Espere o próximo.',
    ended: 'Este jogo terminou.',
    notStarted: 'O jogo ainda não começou.',
    noPlayers: 'Pelo menos um jogador precisa entrar antes de o jogo começar.',
    alreadyStarted: 'O jogo já começou.',
    alreadyAnswered: 'Você já respondeu a esta pergunta.',
    closed: 'Esta pergunta está encerrada.',
    movedOn: 'O jogo já avançou. Tente de novo.',
    setTooSmall: `Um jogo ao vivo precisa de um conjunto com pelo menos ${GAME_LIMITS.choices} cartões com respostas diferentes.`,
    setIdRequired: 'setId é obrigatório.',
    mode: 'O modo deve ser solo ou teams.',
    questionCount: `O número de perguntas deve estar entre ${GAME_LIMITS.questionsMin} e ${GAME_LIMITS.questionsMax}.`,
    seconds: `Os segundos por pergunta devem estar entre ${GAME_LIMITS.secondsMin} e ${GAME_LIMITS.secondsMax}.`,
    index: 'index deve ser o número da pergunta.',
    choice: 'choice deve ser 0, 1, 2 ou 3.',
    playersOnly: 'Só os jogadores do jogo respondem: envie seu token de jogador.',
  },
  mediaMessages: {
    notAnImage: 'Este arquivo não é uma imagem PNG, JPEG, WebP ou GIF.',
    wrongContentType:
      'Envie a imagem ou a gravação em si como corpo, com Content-Type image/png, image/jpeg, image/webp, image/gif, audio/mpeg, audio/ogg, audio/wav, audio/webm ou audio/mp4.',
    notAudio: (type: string) => notAudioText(type, (format) => `Este arquivo não é um arquivo ${format} com som.`, 'Este arquivo não é uma gravação com som.'),
    unknownDuration: 'Não é possível ler a duração desta gravação no arquivo. Salve-a de novo (MP3, Ogg, WAV, WebM ou MP4) e tente outra vez.',
    audioTooLong: (seconds: number, maxSeconds: number) => `Esta gravação tem ${seconds} segundos; são permitidos no máximo ${maxSeconds} segundos.`,
    notARecording: 'Este arquivo não é uma gravação: escolha um arquivo de áudio MP3, Ogg, WAV, WebM ou MP4.',
    cannotRecord: 'Este navegador não consegue gravar som. Envie uma gravação.',
    noMicrophone: 'O microfone não está disponível. Permita o uso neste site ou envie uma gravação.',
    uploadFailed: 'Não foi possível enviar a gravação. Tente de novo.',
    unknownAudio: 'Esta gravação não foi encontrada. Envie-a de novo.',
    polyglot: 'Esta imagem contém outros dados além da imagem (um arquivo escondido nela). Salve-a de novo como imagem simples e tente outra vez.',
    cannotDecode: 'Não foi possível ler esta imagem: o arquivo está corrompido ou incompleto.',
    tooManyPixels: (width?: number, height?: number) =>
      width && height
        ? `Esta imagem é grande demais para processar: ${width} × ${height} pixels passam de ${MAX_MEGAPIXELS} megapixels.`
        : `Esta imagem é grande demais para processar: tem mais de ${MAX_MEGAPIXELS} megapixels.`,
    tooLarge: (maxBytes: number) => `Esta imagem tem mais de ${sizeText(maxBytes)}. Reduza-a ou escolha um arquivo menor.`,
    quotaFull: (quotaBytes: number) =>
      `Seu espaço para imagens está cheio (${sizeText(quotaBytes)}). Remova imagens de cartões ou conjuntos de que você não precisa mais e tente de novo.`,
    notFound: 'Imagem não encontrada',
    unknownImage: 'Esta imagem não foi encontrada. Envie-a de novo.',
  },
}
