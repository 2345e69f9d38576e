/** The desktop app's menus and dialogs in English (issue 30); Electron names its own role items (Quit, Zoom In...) in the system language. */
export const en = {
  file: 'File',
  view: 'View',
  help: 'Help',
  shareWithClass: 'Share with My Class…',
  showSharingAddress: 'Show Sharing Address',
  openDataFolder: 'Open Data Folder',
  version: (version: string) => `Cardwise ${version}`,
  sharingTitle: 'Share with my class',
  sharingQuestion: 'Share Cardwise with the devices on this network?',
  sharingDetail:
    'Students on the same network (Wi-Fi or cable) can then open Cardwise from their phones and laptops, make accounts and study the sets you assign.\n\n' +
    'The connection is plain HTTP, not encrypted: share only on a network you trust, such as the school network, and stop sharing when the lesson ends. ' +
    'Sharing stops when you quit Cardwise.',
  share: 'Share',
  cancel: 'Cancel',
  sharingFailed: 'Sharing could not start',
  startFailed: 'Cardwise could not start',
  startFailedDetail: (reason: string, dataDir: string) =>
    `${reason}\n\nData folder: ${dataDir}\n\nClose any other program using this folder, check that the disk has free space, then start Cardwise again.`,
  pageHeading: 'Students open this address',
  qrAlt: (address: string) => `QR code of ${address}`,
  pageHow: 'On a phone or laptop on the same network (Wi-Fi or cable) as this computer, or by scanning the code.',
  pageAdvice: 'The connection is plain HTTP: share only on a network you trust, and stop sharing when the lesson ends (File › Share with My Class).',
}
