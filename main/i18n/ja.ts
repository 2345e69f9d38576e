import type { DesktopMessages } from './messages'

export const ja: DesktopMessages = {
  file: 'ファイル',
  view: '表示',
  help: 'ヘルプ',
  shareWithClass: 'クラスと共有…',
  showSharingAddress: '共有アドレスを表示',
  openDataFolder: 'データフォルダを開く',
  version: (version: string) => `Cardwise ${version}`,
  sharingTitle: 'クラスと共有',
  sharingQuestion: 'このネットワーク上の端末と Cardwise を共有しますか？',
  sharingDetail:
    '同じネットワーク（Wi-Fi または有線）にいる生徒は、スマートフォンやノートパソコンから Cardwise を開き、アカウントを作成して、割り当てたセットを学習できるようになります。\n\n' +
    '接続は暗号化されていない HTTP です。学校のネットワークなど信頼できるネットワークでだけ共有し、授業が終わったら共有を停止してください。' +
    'Cardwise を終了すると共有も停止します。',
  share: '共有',
  cancel: 'キャンセル',
  sharingFailed: '共有を開始できませんでした',
  startFailed: 'Cardwise を起動できませんでした',
  startFailedDetail: (reason: string, dataDir: string) =>
    `${reason}\n\nデータフォルダ: ${dataDir}\n\nこのフォルダを使っている他のプログラムを閉じ、ディスクに空き容量があることを確認してから、Cardwise をもう一度起動してください。`,
  pageHeading: '生徒はこのアドレスを開きます',
  qrAlt: (address: string) => `${address} の QR コード`,
  pageHow: 'このコンピュータと同じネットワーク（Wi-Fi または有線）にあるスマートフォンやノートパソコンで開くか、コードを読み取ってください。',
  pageAdvice: '接続は暗号化されていない HTTP です。信頼できるネットワークでだけ共有し、授業が終わったら共有を停止してください（ファイル › クラスと共有）。',
}
