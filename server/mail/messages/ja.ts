import type { MailMessages } from '#server/mail/messages'

export const ja: MailMessages = {
  greeting: (username: string) => `${username} さん`,
  signature: 'Cardwise チーム',
  verificationSubject: 'Cardwise のメールアドレスを確認してください',
  verificationIntro: 'Cardwise へようこそ！ 次のリンクを開いて、メールアドレスを確認してください。',
  verificationOutro: 'リンクは一度だけ使え、72時間で期限が切れます。アカウントを作成した覚えがない場合は、このメールを無視してください。',
  resetSubject: 'Cardwise のパスワードを再設定してください',
  resetIntro: 'Cardwise のパスワードの再設定がリクエストされました。こちらから新しいパスワードを設定してください。',
  resetOutro: 'リンクは一度だけ使え、1時間で期限が切れます。心当たりがない場合は、このメールを無視してください。パスワードは変わりません。',
  emailChangeSubject: 'Cardwise の新しいメールアドレスを確認してください',
  emailChangeIntro: 'これが Cardwise の新しいメールアドレスであることを確認するため、次のリンクを開いてパスワードを入力してください。',
  emailChangeOutro: 'リンクは一度だけ使え、1時間で期限が切れます。心当たりがない場合は、このメールを無視してください。',
  reminderIntro: (due: number) => `Cardwise に復習するカードが${due}枚あります。今日の数分で記憶を新鮮に保てます。`,
  reminderFooter: '毎日のリマインダーをオンにしているため、このメールをお送りしています。配信を停止するには、このリンクを開いてください（ログイン不要）。',
}
