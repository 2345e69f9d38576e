import type { MailMessages } from '#server/mail/messages'

export const zhCN: MailMessages = {
  greeting: (username: string) => `${username}，你好：`,
  signature: 'Cardwise 团队',
  verificationSubject: '验证你的 Cardwise 电子邮箱地址',
  verificationIntro: '欢迎使用 Cardwise！请打开以下链接确认你的电子邮箱地址：',
  verificationOutro: '该链接只能使用一次，72 小时后失效。如果你没有创建账户，请忽略此邮件。',
  resetSubject: '重置你的 Cardwise 密码',
  resetIntro: '有人（希望是你）申请重置你的 Cardwise 密码。请在这里设置新密码：',
  resetOutro: '该链接只能使用一次，1 小时后失效。如果这不是你申请的，请忽略此邮件，你的密码不会改变。',
  emailChangeSubject: '确认你的 Cardwise 新电子邮箱地址',
  emailChangeIntro: '请打开以下链接并输入密码，确认这是你的 Cardwise 新电子邮箱地址：',
  emailChangeOutro: '该链接只能使用一次，1 小时后失效。如果这不是你申请的，请忽略此邮件。',
  reminderIntro: (due: number) => `你在 Cardwise 中有 ${due} 张卡片待复习。今天花几分钟，就能让记忆保持新鲜：`,
  reminderFooter: '你收到此邮件是因为你开启了每日提醒。如需停止，请打开此链接（无需登录）：',
}
