import type { ContractCatalog } from '#shared/i18n/catalog'
import { MAX_MEGAPIXELS, notAudioText } from './formats'
import { sizeText } from '#shared/messages'
import { GAME_LIMITS } from '#shared/limits'

export const zhCN: ContractCatalog = {
  classMessages: {
    notFound: '找不到班级',
    memberNotFound: '在此班级中找不到该学生',
    codeRequired: '请输入加入码。',
    codeUnknown: '没有班级使用这个加入码。请向老师确认。',
    teacherCannotLeave: '老师不能退出自己的班级。请改为删除班级。',
    setIdRequired: 'setId 为必填项。',
    setNotAssigned: '此学习集未分配给该班级。',
    dueAt: 'dueAt 必须是日期时间（ISO 8601）或 null。',
  },
  gameMessages: {
    notFound: '找不到游戏',
    codeUnknown: '没有游戏使用这个代码。请核对大屏幕上的代码。',
    codeInvalid: '游戏代码为 6 位数字。',
    nicknameTaken: '这个昵称在本局游戏中已被使用，请换一个。',
    full: `本局游戏已满（${GAME_LIMITS.maxPlayers} 名玩家）。`,
    started: '本局游戏已经开始，请等待下一局。',
    ended: '本局游戏已结束。',
    notStarted: '游戏尚未开始。',
    noPlayers: '游戏开始前至少需要一名玩家加入。',
    alreadyStarted: '游戏已经开始。',
    alreadyAnswered: '你已经回答过这道题了。',
    closed: '这道题已关闭作答。',
    movedOn: '游戏已进入下一步，请重试。',
    setTooSmall: `直播游戏需要一个至少有 ${GAME_LIMITS.choices} 张答案各不相同的卡片的学习集。`,
    setIdRequired: 'setId 为必填项。',
    mode: '模式必须为 solo 或 teams。',
    questionCount: `题目数量必须介于 ${GAME_LIMITS.questionsMin} 和 ${GAME_LIMITS.questionsMax} 之间。`,
    seconds: `每题秒数必须介于 ${GAME_LIMITS.secondsMin} 和 ${GAME_LIMITS.secondsMax} 之间。`,
    index: 'index 必须是题目的序号。',
    choice: 'choice 必须为 0、1、2 或 3。',
    playersOnly: '只有本局游戏的玩家可以作答：请发送你的玩家令牌。',
  },
  mediaMessages: {
    notAnImage: '此文件不是 PNG、JPEG、WebP 或 GIF 图片。',
    wrongContentType:
      '请将图片或录音本身作为请求正文发送，并使用 Content-Type image/png、image/jpeg、image/webp、image/gif、audio/mpeg、audio/ogg、audio/wav、audio/webm 或 audio/mp4。',
    notAudio: (type: string) => notAudioText(type, (format) => `此文件不是带声音的 ${format} 文件。`, '此文件不是带声音的录音。'),
    unknownDuration: '无法从文件中读取此录音的时长。请重新保存（MP3、Ogg、WAV、WebM 或 MP4）后重试。',
    audioTooLong: (seconds: number, maxSeconds: number) => `此录音长 ${seconds} 秒，最多允许 ${maxSeconds} 秒。`,
    notARecording: '此文件不是录音：请选择 MP3、Ogg、WAV、WebM 或 MP4 音频文件。',
    cannotRecord: '此浏览器无法录音。请改为上传录音。',
    noMicrophone: '麦克风不可用。请允许此网站使用麦克风，或改为上传录音。',
    uploadFailed: '录音上传失败，请重试。',
    unknownAudio: '找不到此录音，请重新上传。',
    polyglot: '这张图片除图像外还包含其他数据（藏在其中的文件）。请重新保存为普通图片后重试。',
    cannotDecode: '无法读取这张图片：文件已损坏或不完整。',
    tooManyPixels: (width?: number, height?: number) =>
      width && height
        ? `这张图片太大，无法处理：${width} × ${height} 像素超过了 ${MAX_MEGAPIXELS} 百万像素。`
        : `这张图片太大，无法处理：超过了 ${MAX_MEGAPIXELS} 百万像素。`,
    tooLarge: (maxBytes: number) => `这张图片超过了 ${sizeText(maxBytes)}。请缩小图片或选择更小的文件。`,
    quotaFull: (quotaBytes: number) => `你的图片存储空间已满（${sizeText(quotaBytes)}）。请从不再需要的卡片或学习集中移除图片后重试。`,
    notFound: '找不到图片',
    unknownImage: '找不到这张图片，请重新上传。',
  },
}
