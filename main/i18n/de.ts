import type { DesktopMessages } from './messages'

export const de: DesktopMessages = {
  file: 'Datei',
  view: 'Ansicht',
  help: 'Hilfe',
  shareWithClass: 'Mit meiner Klasse teilen …',
  showSharingAddress: 'Freigabeadresse anzeigen',
  openDataFolder: 'Datenordner öffnen',
  version: (version: string) => `Cardwise ${version}`,
  sharingTitle: 'Mit meiner Klasse teilen',
  sharingQuestion: 'Cardwise mit den Geräten in diesem Netzwerk teilen?',
  sharingDetail:
    'Schüler im selben Netzwerk (WLAN oder Kabel) können Cardwise dann auf ihren Handys und Laptops öffnen, Konten anlegen und die Sets lernen, die du zuweist.\n\n' +
    'Die Verbindung ist einfaches HTTP, nicht verschlüsselt: Teile nur in einem Netzwerk, dem du vertraust, etwa dem Schulnetz, und beende das Teilen nach der Stunde. ' +
    'Das Teilen endet, wenn du Cardwise beendest.',
  share: 'Teilen',
  cancel: 'Abbrechen',
  sharingFailed: 'Das Teilen konnte nicht gestartet werden',
  startFailed: 'Cardwise konnte nicht starten',
  startFailedDetail: (reason: string, dataDir: string) =>
    `${reason}\n\nDatenordner: ${dataDir}\n\nSchließe alle anderen Programme, die diesen Ordner verwenden, prüfe, ob auf dem Datenträger Platz frei ist, und starte Cardwise dann erneut.`,
  pageHeading: 'Schüler öffnen diese Adresse',
  qrAlt: (address: string) => `QR-Code von ${address}`,
  pageHow: 'Auf einem Handy oder Laptop im selben Netzwerk (WLAN oder Kabel) wie dieser Computer, oder durch Scannen des Codes.',
  pageAdvice:
    'Die Verbindung ist einfaches HTTP: Teile nur in einem Netzwerk, dem du vertraust, und beende das Teilen nach der Stunde (Datei › Mit meiner Klasse teilen).',
}
