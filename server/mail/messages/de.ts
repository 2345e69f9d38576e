import type { MailMessages } from '#server/mail/messages'

export const de: MailMessages = {
  greeting: (username: string) => `Hallo ${username},`,
  signature: 'Dein Cardwise-Team',
  verificationSubject: 'Bestätige deine E-Mail-Adresse für Cardwise',
  verificationIntro: 'Willkommen bei Cardwise! Bitte bestätige deine E-Mail-Adresse, indem du diesen Link öffnest:',
  verificationOutro: 'Der Link funktioniert einmal und läuft nach 72 Stunden ab. Wenn du kein Konto erstellt hast, kannst du diese E-Mail ignorieren.',
  resetSubject: 'Setze dein Cardwise-Passwort zurück',
  resetIntro: 'Jemand (hoffentlich du) möchte dein Cardwise-Passwort zurücksetzen. Wähle hier ein neues:',
  resetOutro:
    'Der Link funktioniert einmal und läuft nach 1 Stunde ab. Wenn du das nicht angefordert hast, kannst du diese E-Mail ignorieren; dein Passwort bleibt, wie es ist.',
  emailChangeSubject: 'Bestätige deine neue E-Mail-Adresse für Cardwise',
  emailChangeIntro: 'Bitte bestätige, dass dies deine neue E-Mail-Adresse für Cardwise ist, indem du diesen Link öffnest und dein Passwort eingibst:',
  emailChangeOutro: 'Der Link funktioniert einmal und läuft nach 1 Stunde ab. Wenn du das nicht angefordert hast, kannst du diese E-Mail ignorieren.',
  reminderIntro: (due: number) =>
    `In Cardwise ${due === 1 ? 'ist 1 Karte' : `sind ${due} Karten`} zur Wiederholung fällig. Ein paar Minuten heute halten sie frisch:`,
  reminderFooter: 'Du erhältst diese E-Mail, weil du tägliche Erinnerungen eingeschaltet hast. Um sie abzubestellen, öffne diesen Link (ohne Anmeldung):',
}
