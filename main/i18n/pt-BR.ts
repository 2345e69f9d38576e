import type { DesktopMessages } from './messages'

export const ptBR: DesktopMessages = {
  file: 'Arquivo',
  view: 'Exibir',
  help: 'Ajuda',
  shareWithClass: 'Compartilhar com minha turma…',
  showSharingAddress: 'Mostrar endereço de compartilhamento',
  openDataFolder: 'Abrir pasta de dados',
  version: (version: string) => `Cardwise ${version}`,
  sharingTitle: 'Compartilhar com minha turma',
  sharingQuestion: 'Compartilhar o Cardwise com os dispositivos desta rede?',
  sharingDetail:
    'Os alunos na mesma rede (Wi-Fi ou cabo) poderão abrir o Cardwise nos celulares e notebooks, criar contas e estudar os conjuntos que você atribuir.\n\n' +
    'A conexão é HTTP simples, sem criptografia: compartilhe só em uma rede de confiança, como a da escola, e pare de compartilhar no fim da aula. ' +
    'O compartilhamento para quando você fecha o Cardwise.',
  share: 'Compartilhar',
  cancel: 'Cancelar',
  sharingFailed: 'Não foi possível começar a compartilhar',
  startFailed: 'Não foi possível iniciar o Cardwise',
  startFailedDetail: (reason: string, dataDir: string) =>
    `${reason}\n\nPasta de dados: ${dataDir}\n\nFeche qualquer outro programa que esteja usando esta pasta, verifique se há espaço livre no disco e inicie o Cardwise de novo.`,
  pageHeading: 'Os alunos abrem este endereço',
  qrAlt: (address: string) => `Código QR de ${address}`,
  pageHow: 'Em um celular ou notebook na mesma rede (Wi-Fi ou cabo) que este computador, ou lendo o código.',
  pageAdvice:
    'A conexão é HTTP simples: compartilhe só em uma rede de confiança e pare de compartilhar no fim da aula (Arquivo › Compartilhar com minha turma).',
}
