import type { DesktopMessages } from './messages'

export const zhCN: DesktopMessages = {
  file: '文件',
  view: '视图',
  help: '帮助',
  shareWithClass: '与我的班级共享…',
  showSharingAddress: '显示共享地址',
  openDataFolder: '打开数据文件夹',
  version: (version: string) => `Cardwise ${version}`,
  sharingTitle: '与我的班级共享',
  sharingQuestion: '要与此网络上的设备共享 Cardwise 吗？',
  sharingDetail:
    '同一网络（Wi-Fi 或有线）中的学生随后可以在手机和笔记本电脑上打开 Cardwise、创建账户，并学习你分配的学习集。\n\n' +
    '连接使用未加密的普通 HTTP：请只在你信任的网络（例如学校网络）中共享，并在下课后停止共享。' +
    '退出 Cardwise 时共享也会停止。',
  share: '共享',
  cancel: '取消',
  sharingFailed: '无法开始共享',
  startFailed: 'Cardwise 无法启动',
  startFailedDetail: (reason: string, dataDir: string) =>
    `${reason}\n\n数据文件夹：${dataDir}\n\n请关闭正在使用此文件夹的其他程序，确认磁盘有可用空间，然后重新启动 Cardwise。`,
  pageHeading: '学生打开此地址',
  qrAlt: (address: string) => `${address} 的二维码`,
  pageHow: '在与这台电脑处于同一网络（Wi-Fi 或有线）的手机或笔记本电脑上打开，或扫描二维码。',
  pageAdvice: '连接使用未加密的普通 HTTP：请只在你信任的网络中共享，并在下课后停止共享（文件 › 与我的班级共享）。',
}
