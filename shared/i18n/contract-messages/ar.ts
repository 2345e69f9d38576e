import type { ContractCatalog } from '#shared/i18n/catalog'
import { MAX_MEGAPIXELS, notAudioText } from './formats'
import { sizeText } from '#shared/messages'
import { GAME_LIMITS } from '#shared/limits'

export const ar: ContractCatalog = {
  classMessages: {
    notFound: 'لم يُعثر على الصف',
    memberNotFound: 'لم يُعثر على الطالب في هذا الصف',
    codeRequired: 'رمز الانضمام مطلوب.',
    codeUnknown: 'لا يوجد صف بهذا الرمز. تحقق منه مع معلمك.',
    teacherCannotLeave: 'لا يمكن للمعلم مغادرة صفه. احذف الصف بدلًا من ذلك.',
    setIdRequired: 'setId مطلوب.',
    setNotAssigned: 'هذه المجموعة غير مُسندة إلى الصف.',
    dueAt: 'يجب أن تكون قيمة dueAt تاريخًا ووقتًا (ISO 8601) أو null.',
  },
  gameMessages: {
    notFound: 'لم يُعثر على اللعبة',
    codeUnknown: 'لا توجد لعبة بهذا الرمز. تحقق من الرمز على الشاشة الكبيرة.',
    codeInvalid: 'يتكون رمز اللعبة من 6 أرقام.',
    nicknameTaken: 'هذا اللقب مستخدم في هذه اللعبة. اختر لقبًا آخر.',
    full: `هذه اللعبة ممتلئة (${GAME_LIMITS.maxPlayers} لاعبًا).`,
    started: 'بدأت هذه اللعبة بالفعل. انتظر اللعبة التالية.',
    ended: 'انتهت هذه اللعبة.',
    notStarted: 'لم تبدأ اللعبة بعد.',
    noPlayers: 'يجب أن ينضم لاعب واحد على الأقل قبل بدء اللعبة.',
    alreadyStarted: 'بدأت اللعبة بالفعل.',
    alreadyAnswered: 'لقد أجبت عن هذا السؤال بالفعل.',
    closed: 'أُغلق هذا السؤال.',
    movedOn: 'انتقلت اللعبة إلى ما بعده بالفعل. حاول مرة أخرى.',
    setTooSmall: `تحتاج اللعبة المباشرة إلى مجموعة فيها ${GAME_LIMITS.choices} بطاقات على الأقل بإجابات مختلفة.`,
    setIdRequired: 'setId مطلوب.',
    mode: 'يجب أن يكون الوضع إما solo أو teams.',
    questionCount: `يجب أن يكون عدد الأسئلة بين ${GAME_LIMITS.questionsMin} و${GAME_LIMITS.questionsMax}.`,
    seconds: `يجب أن تكون الثواني لكل سؤال بين ${GAME_LIMITS.secondsMin} و${GAME_LIMITS.secondsMax}.`,
    index: 'يجب أن تكون قيمة index رقم السؤال.',
    choice: 'يجب أن تكون قيمة choice إما 0 أو 1 أو 2 أو 3.',
    playersOnly: 'لا يجيب إلا لاعبو اللعبة: أرسل رمز اللاعب الخاص بك.',
  },
  mediaMessages: {
    notAnImage: 'هذا الملف ليس صورة بتنسيق PNG أو JPEG أو WebP أو GIF.',
    wrongContentType:
      'أرسل الصورة أو التسجيل نفسه كنص الطلب، مع Content-Type بإحدى القيم image/png أو image/jpeg أو image/webp أو image/gif أو audio/mpeg أو audio/ogg أو audio/wav أو audio/webm أو audio/mp4.',
    notAudio: (type: string) => notAudioText(type, (format) => `هذا الملف ليس ملف ${format} يحتوي على صوت.`, 'هذا الملف ليس تسجيلًا يحتوي على صوت.'),
    unknownDuration: 'لا يمكن قراءة مدة هذا التسجيل من الملف. احفظه مرة أخرى (MP3 أو Ogg أو WAV أو WebM أو MP4) وأعد المحاولة.',
    audioTooLong: (seconds: number, maxSeconds: number) => `مدة هذا التسجيل ${seconds} ثانية؛ والحد الأقصى المسموح به ${maxSeconds} ثانية.`,
    notARecording: 'هذا الملف ليس تسجيلًا: اختر ملفًا صوتيًا بتنسيق MP3 أو Ogg أو WAV أو WebM أو MP4.',
    cannotRecord: 'لا يستطيع هذا المتصفح تسجيل الصوت. ارفع تسجيلًا بدلًا من ذلك.',
    noMicrophone: 'الميكروفون غير متاح. اسمح به لهذا الموقع، أو ارفع تسجيلًا بدلًا من ذلك.',
    uploadFailed: 'تعذّر رفع التسجيل. حاول مرة أخرى.',
    unknownAudio: 'لم يُعثر على هذا التسجيل. ارفعه مرة أخرى.',
    polyglot: 'تحتوي هذه الصورة على بيانات أخرى إلى جانب الصورة (ملف مخفي فيها). احفظها مرة أخرى كصورة عادية وأعد المحاولة.',
    cannotDecode: 'تعذّرت قراءة هذه الصورة: الملف تالف أو غير مكتمل.',
    tooManyPixels: (width?: number, height?: number) =>
      width && height
        ? `هذه الصورة أكبر من أن تُعالج: ${width} × ${height} بكسل تتجاوز ${MAX_MEGAPIXELS} ميغابكسل.`
        : `هذه الصورة أكبر من أن تُعالج: تتجاوز ${MAX_MEGAPIXELS} ميغابكسل.`,
    tooLarge: (maxBytes: number) => `حجم هذه الصورة أكبر من ${sizeText(maxBytes)}. صغّرها أو اختر ملفًا أصغر.`,
    quotaFull: (quotaBytes: number) =>
      `امتلأت مساحة تخزين صورك (${sizeText(quotaBytes)}). أزل الصور من البطاقات أو المجموعات التي لم تعد بحاجة إليها، ثم حاول مرة أخرى.`,
    notFound: 'لم يُعثر على الصورة',
    unknownImage: 'لم يُعثر على هذه الصورة. ارفعها مرة أخرى.',
  },
}
