import type { ContractCatalog } from '#shared/i18n/catalog'
import { MAX_MEGAPIXELS, notAudioText } from './formats'
import { sizeText } from '#shared/messages'
import { GAME_LIMITS } from '#shared/limits'

export const ja: ContractCatalog = {
  classMessages: {
    notFound: 'クラスが見つかりません',
    memberNotFound: 'このクラスにその生徒は見つかりません',
    codeRequired: '参加コードを入力してください。',
    codeUnknown: 'この参加コードのクラスはありません。先生に確認してください。',
    teacherCannotLeave: '先生は自分のクラスから退出できません。クラスを削除してください。',
    setIdRequired: 'setId は必須です。',
    setNotAssigned: 'このセットはクラスに割り当てられていません。',
    dueAt: 'dueAt は日時（ISO 8601）か null にしてください。',
  },
  gameMessages: {
    notFound: 'ゲームが見つかりません',
    codeUnknown: 'このコードのゲームはありません。大きな画面のコードを確認してください。',
    codeInvalid: 'ゲームコードは6桁です。',
    nicknameTaken: 'このニックネームはこのゲームですでに使われています。別のものを選んでください。',
    full: `このゲームは満員です（${GAME_LIMITS.maxPlayers}人）。`,
    started: 'このゲームはすでに始まっています。次のゲームをお待ちください。',
    ended: 'このゲームは終了しました。',
    notStarted: 'ゲームはまだ始まっていません。',
    noPlayers: 'ゲームを始めるには、少なくともひとりのプレイヤーが参加する必要があります。',
    alreadyStarted: 'ゲームはすでに始まっています。',
    alreadyAnswered: 'この問題にはすでに解答しています。',
    closed: 'この問題は締め切られました。',
    movedOn: 'ゲームはすでに次へ進みました。もう一度お試しください。',
    setTooSmall: `ライブゲームには、答えの異なるカードが${GAME_LIMITS.choices}枚以上あるセットが必要です。`,
    setIdRequired: 'setId は必須です。',
    mode: 'モードは solo か teams にしてください。',
    questionCount: `問題数は${GAME_LIMITS.questionsMin}〜${GAME_LIMITS.questionsMax}にしてください。`,
    seconds: `問題ごとの秒数は${GAME_LIMITS.secondsMin}〜${GAME_LIMITS.secondsMax}にしてください。`,
    index: 'index は問題の番号にしてください。',
    choice: 'choice は 0、1、2、3 のいずれかにしてください。',
    playersOnly: '解答できるのはゲームのプレイヤーだけです。プレイヤートークンを送ってください。',
  },
  mediaMessages: {
    notAnImage: 'このファイルはPNG、JPEG、WebP、GIFの画像ではありません。',
    wrongContentType:
      '画像または録音そのものを本文として、Content-Type image/png、image/jpeg、image/webp、image/gif、audio/mpeg、audio/ogg、audio/wav、audio/webm、audio/mp4 のいずれかで送ってください。',
    notAudio: (type: string) =>
      notAudioText(type, (format) => `このファイルは音声の入った${format}ファイルではありません。`, 'このファイルは音声の入った録音ではありません。'),
    unknownDuration: 'ファイルから録音の長さを読み取れません。もう一度保存して（MP3、Ogg、WAV、WebM、MP4）、やり直してください。',
    audioTooLong: (seconds: number, maxSeconds: number) => `この録音は${seconds}秒あります。${maxSeconds}秒までにしてください。`,
    notARecording: 'このファイルは録音ではありません。MP3、Ogg、WAV、WebM、MP4の音声ファイルを選んでください。',
    cannotRecord: 'このブラウザでは録音できません。録音ファイルをアップロードしてください。',
    noMicrophone: 'マイクを使用できません。このサイトでのマイクの使用を許可するか、録音ファイルをアップロードしてください。',
    uploadFailed: '録音をアップロードできませんでした。もう一度お試しください。',
    unknownAudio: 'この録音が見つかりません。もう一度アップロードしてください。',
    polyglot: 'この画像には画像以外のデータ（隠されたファイル）が含まれています。通常の画像として保存し直してから、もう一度お試しください。',
    cannotDecode: 'この画像を読み込めませんでした。ファイルが壊れているか、不完全です。',
    tooManyPixels: (width?: number, height?: number) =>
      width && height
        ? `この画像は大きすぎて処理できません: ${width} × ${height} ピクセルは${MAX_MEGAPIXELS}メガピクセルを超えています。`
        : `この画像は大きすぎて処理できません: ${MAX_MEGAPIXELS}メガピクセルを超えています。`,
    tooLarge: (maxBytes: number) => `この画像は${sizeText(maxBytes)}を超えています。縮小するか、小さいファイルを選んでください。`,
    quotaFull: (quotaBytes: number) =>
      `画像の保存容量（${sizeText(quotaBytes)}）がいっぱいです。不要になったカードやセットから画像を削除してから、もう一度お試しください。`,
    notFound: '画像が見つかりません',
    unknownImage: 'この画像が見つかりません。もう一度アップロードしてください。',
  },
}
