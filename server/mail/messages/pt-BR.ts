import type { MailMessages } from '#server/mail/messages'

export const ptBR: MailMessages = {
  greeting: (username: string) => `Olá, ${username},`,
  signature: 'Equipe Cardwise',
  verificationSubject: 'Confirme seu endereço de e-mail do Cardwise',
  verificationIntro: 'Boas-vindas ao Cardwise! Confirme seu endereço de e-mail abrindo este link:',
  verificationOutro: 'O link funciona uma única vez e expira em 72 horas. Se você não criou uma conta, pode ignorar este e-mail.',
  resetSubject: 'Redefina sua senha do Cardwise',
  resetIntro: 'Alguém (esperamos que você) pediu para redefinir sua senha do Cardwise. Escolha uma nova aqui:',
  resetOutro: 'O link funciona uma única vez e expira em 1 hora. Se você não pediu isso, pode ignorar este e-mail; sua senha continua a mesma.',
  emailChangeSubject: 'Confirme seu novo endereço de e-mail do Cardwise',
  emailChangeIntro: 'Confirme que este é seu novo endereço de e-mail do Cardwise abrindo este link e digitando sua senha:',
  emailChangeOutro: 'O link funciona uma única vez e expira em 1 hora. Se você não pediu isso, pode ignorar este e-mail.',
  reminderIntro: (due: number) =>
    `Você tem ${due === 1 ? '1 cartão' : `${due} cartões`} para revisar no Cardwise. Alguns minutos hoje mantêm tudo fresco na memória:`,
  reminderFooter: 'Você recebe este e-mail porque ativou os lembretes diários. Para pará-los, abra este link (não precisa entrar):',
}
