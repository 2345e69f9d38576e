import type { MailMessages } from '#server/mail/messages'

export const es: MailMessages = {
  greeting: (username: string) => `Hola, ${username}:`,
  signature: 'El equipo de Cardwise',
  verificationSubject: 'Verifica tu dirección de correo de Cardwise',
  verificationIntro: '¡Te damos la bienvenida a Cardwise! Confirma tu dirección de correo electrónico abriendo este enlace:',
  verificationOutro: 'El enlace funciona una sola vez y caduca en 72 horas. Si no creaste una cuenta, puedes ignorar este correo.',
  resetSubject: 'Restablece tu contraseña de Cardwise',
  resetIntro: 'Alguien (esperamos que tú) pidió restablecer tu contraseña de Cardwise. Elige una nueva aquí:',
  resetOutro: 'El enlace funciona una sola vez y caduca en 1 hora. Si no lo pediste, puedes ignorar este correo; tu contraseña seguirá igual.',
  emailChangeSubject: 'Confirma tu nueva dirección de correo de Cardwise',
  emailChangeIntro: 'Confirma que esta es tu nueva dirección de correo de Cardwise abriendo este enlace e introduciendo tu contraseña:',
  emailChangeOutro: 'El enlace funciona una sola vez y caduca en 1 hora. Si no lo pediste, puedes ignorar este correo.',
  reminderIntro: (due: number) =>
    `Tienes ${due === 1 ? '1 tarjeta pendiente' : `${due} tarjetas pendientes`} de repaso en Cardwise. Unos minutos hoy bastan para mantenerlas frescas:`,
  reminderFooter: 'Recibes este correo porque activaste los recordatorios diarios. Para dejar de recibirlos, abre este enlace (no hace falta iniciar sesión):',
}
