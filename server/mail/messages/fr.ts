import type { MailMessages } from '#server/mail/messages'

export const fr: MailMessages = {
  greeting: (username: string) => `Bonjour ${username},`,
  signature: 'L’équipe Cardwise',
  verificationSubject: 'Vérifiez votre adresse e-mail Cardwise',
  verificationIntro: 'Bienvenue sur Cardwise ! Veuillez confirmer votre adresse e-mail en ouvrant ce lien :',
  verificationOutro: 'Le lien fonctionne une seule fois et expire dans 72 heures. Si vous n’avez pas créé de compte, ignorez cet e-mail.',
  resetSubject: 'Réinitialisez votre mot de passe Cardwise',
  resetIntro: 'Quelqu’un (vous, nous l’espérons) a demandé à réinitialiser votre mot de passe Cardwise. Choisissez-en un nouveau ici :',
  resetOutro: 'Le lien fonctionne une seule fois et expire dans 1 heure. Si vous n’avez rien demandé, ignorez cet e-mail ; votre mot de passe reste inchangé.',
  emailChangeSubject: 'Confirmez votre nouvelle adresse e-mail Cardwise',
  emailChangeIntro: 'Veuillez confirmer qu’il s’agit bien de votre nouvelle adresse e-mail Cardwise en ouvrant ce lien et en saisissant votre mot de passe :',
  emailChangeOutro: 'Le lien fonctionne une seule fois et expire dans 1 heure. Si vous n’avez rien demandé, ignorez cet e-mail.',
  reminderIntro: (due: number) =>
    `${due === 1 ? '1 carte est à réviser' : `${due} cartes sont à réviser`} dans Cardwise. Quelques minutes aujourd’hui suffisent pour les garder en mémoire :`,
  reminderFooter: 'Vous recevez cet e-mail parce que vous avez activé les rappels quotidiens. Pour les arrêter, ouvrez ce lien (sans connexion) :',
}
