import type { MailMessages } from '#server/mail/messages'

export const ar: MailMessages = {
  greeting: (username: string) => `مرحبًا ${username}،`,
  signature: 'فريق Cardwise',
  verificationSubject: 'أكّد عنوان بريدك الإلكتروني في Cardwise',
  verificationIntro: 'مرحبًا بك في Cardwise! يُرجى تأكيد عنوان بريدك الإلكتروني بفتح هذا الرابط:',
  verificationOutro: 'يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال 72 ساعة. إذا لم تنشئ حسابًا، يمكنك تجاهل هذه الرسالة.',
  resetSubject: 'أعد تعيين كلمة مرور Cardwise',
  resetIntro: 'طلب شخص ما (نأمل أن يكون أنت) إعادة تعيين كلمة مرور Cardwise الخاصة بك. اختر كلمة مرور جديدة من هنا:',
  resetOutro: 'يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال 1 ساعة. إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة؛ ستبقى كلمة مرورك كما هي.',
  emailChangeSubject: 'أكّد عنوان بريدك الإلكتروني الجديد في Cardwise',
  emailChangeIntro: 'يُرجى تأكيد أن هذا هو عنوان بريدك الإلكتروني الجديد في Cardwise بفتح هذا الرابط وإدخال كلمة المرور:',
  emailChangeOutro: 'يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال 1 ساعة. إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة.',
  reminderIntro: (due: number) => `لديك بطاقات مستحقة للمراجعة في Cardwise: ${due}. بضع دقائق اليوم تُبقيها حاضرة في ذهنك:`,
  reminderFooter: 'تصلك هذه الرسالة لأنك فعّلت التذكيرات اليومية. لإيقافها، افتح هذا الرابط (دون الحاجة إلى تسجيل الدخول):',
}
