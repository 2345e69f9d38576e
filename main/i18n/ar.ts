import type { DesktopMessages } from './messages'

export const ar: DesktopMessages = {
  file: 'ملف',
  view: 'عرض',
  help: 'مساعدة',
  shareWithClass: 'المشاركة مع صفي…',
  showSharingAddress: 'إظهار عنوان المشاركة',
  openDataFolder: 'فتح مجلد البيانات',
  version: (version: string) => `Cardwise ${version}`,
  sharingTitle: 'المشاركة مع صفي',
  sharingQuestion: 'هل تريد مشاركة Cardwise مع الأجهزة على هذه الشبكة؟',
  sharingDetail:
    'سيتمكن الطلاب على الشبكة نفسها (Wi-Fi أو كابل) من فتح Cardwise على هواتفهم وحواسيبهم المحمولة وإنشاء حسابات ودراسة المجموعات التي تُسندها إليهم.\n\n' +
    'الاتصال عبر HTTP عادي غير مشفّر: لا تشارك إلا على شبكة تثق بها، مثل شبكة المدرسة، وأوقف المشاركة عند انتهاء الدرس. ' +
    'تتوقف المشاركة عند إغلاق Cardwise.',
  share: 'مشاركة',
  cancel: 'إلغاء',
  sharingFailed: 'تعذّر بدء المشاركة',
  startFailed: 'تعذّر تشغيل Cardwise',
  startFailedDetail: (reason: string, dataDir: string) =>
    `${reason}\n\nمجلد البيانات: ${dataDir}\n\nأغلق أي برنامج آخر يستخدم هذا المجلد، وتأكد من وجود مساحة فارغة على القرص، ثم شغّل Cardwise مرة أخرى.`,
  pageHeading: 'يفتح الطلاب هذا العنوان',
  qrAlt: (address: string) => `رمز QR للعنوان ${address}`,
  pageHow: 'على هاتف أو حاسوب محمول متصل بالشبكة نفسها (Wi-Fi أو كابل) التي يتصل بها هذا الحاسوب، أو بمسح الرمز.',
  pageAdvice: 'الاتصال عبر HTTP عادي: لا تشارك إلا على شبكة تثق بها، وأوقف المشاركة عند انتهاء الدرس (ملف › المشاركة مع صفي).',
}
