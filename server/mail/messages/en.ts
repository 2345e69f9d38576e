/** The emails' texts in English, exactly as they were before they had other languages (issue 30). */
export const en = {
  greeting: (username: string) => `Hi ${username},`,
  signature: 'The Cardwise team',
  verificationSubject: 'Verify your Cardwise email address',
  verificationIntro: 'Welcome to Cardwise! Please confirm your email address by opening this link:',
  verificationOutro: 'The link works once and expires in 72 hours. If you did not create an account, you can ignore this email.',
  resetSubject: 'Reset your Cardwise password',
  resetIntro: 'Someone (hopefully you) asked to reset your Cardwise password. Choose a new one here:',
  resetOutro: 'The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email; your password stays as it is.',
  emailChangeSubject: 'Confirm your new Cardwise email address',
  emailChangeIntro: 'Please confirm that this is your new Cardwise email address by opening this link and entering your password:',
  emailChangeOutro: 'The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email.',
  reminderIntro: (due: number) => `${due === 1 ? '1 card is' : `${due} cards are`} due for review in Cardwise. A few minutes today keeps them fresh:`,
  reminderFooter: 'You get this email because you turned on daily reminders. To stop them, open this link (no sign-in needed):',
}
